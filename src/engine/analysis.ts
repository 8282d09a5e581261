/** What a tile would do if placed now: the classification every rule and query builds on. */
import { NEIGHBOURS, isSafe, tileIndex } from './board.js';
import { UNINCORPORATED, type Cell, type ChainState, type Tile } from './types.js';

export type TileOutcome =
  | { kind: 'nothing' }
  | { kind: 'found' }
  | { kind: 'grow'; chain: number }
  | { kind: 'merge'; chains: number[] }
  /** Would merge two or more safe chains: can never be played. */
  | { kind: 'unplayable'; reason: 'mergesSafeChains'; permanent: true; chains: number[] }
  /** Would found an eighth chain while all seven are on the board: kept until one is free. */
  | { kind: 'unplayable'; reason: 'noChainAvailable'; permanent: false };

export function classifyCell(board: readonly Cell[], chains: readonly ChainState[], index: number): TileOutcome {
  const adjacentChains: number[] = [];
  let touchesUnincorporated = false;
  for (const neighbour of NEIGHBOURS[index] ?? []) {
    const cell = board[neighbour];
    if (cell === null || cell === undefined) continue;
    if (cell === UNINCORPORATED) touchesUnincorporated = true;
    else if (!adjacentChains.includes(cell)) adjacentChains.push(cell);
  }
  if (adjacentChains.length >= 2) {
    let safeCount = 0;
    for (const chain of adjacentChains) if (isSafe(chains[chain]?.size ?? 0)) safeCount++;
    if (safeCount >= 2) return { kind: 'unplayable', reason: 'mergesSafeChains', permanent: true, chains: adjacentChains };
    return { kind: 'merge', chains: adjacentChains };
  }
  if (adjacentChains.length === 1) return { kind: 'grow', chain: adjacentChains[0] as number };
  if (touchesUnincorporated) {
    return chains.some((chain) => chain.headquarters === null)
      ? { kind: 'found' }
      : { kind: 'unplayable', reason: 'noChainAvailable', permanent: false };
  }
  return { kind: 'nothing' };
}

export function classifyTile(board: readonly Cell[], chains: readonly ChainState[], tile: Tile): TileOutcome {
  const index = tileIndex(tile);
  if (index === undefined) throw new Error(`not a tile: ${tile}`);
  return classifyCell(board, chains, index);
}

export function isPlayable(outcome: TileOutcome): boolean {
  return outcome.kind !== 'unplayable';
}

export function isPlayableTile(board: readonly Cell[], chains: readonly ChainState[], tile: Tile): boolean {
  return isPlayable(classifyTile(board, chains, tile));
}

/**
 * The cells reached from `start` through unincorporated tiles (start included): what joins a
 * chain founded, grown or merged at `start`.
 */
export function connectedUnincorporated(board: readonly Cell[], start: number): number[] {
  const group = [start];
  const seen = new Set(group);
  for (let i = 0; i < group.length; i++) {
    for (const neighbour of NEIGHBOURS[group[i] as number] ?? []) {
      if (board[neighbour] === UNINCORPORATED && !seen.has(neighbour)) {
        seen.add(neighbour);
        group.push(neighbour);
      }
    }
  }
  return group;
}

/** A sentence a player can read about why a tile cannot be played. */
export function unplayableReason(tile: Tile, outcome: TileOutcome, chains: readonly ChainState[]): string {
  if (outcome.kind !== 'unplayable') return `${tile} can be played.`;
  if (outcome.reason === 'mergesSafeChains') {
    const safe = outcome.chains.filter((chain) => isSafe(chains[chain]?.size ?? 0)).map((chain) => chains[chain]?.name);
    return safe.length === 2
      ? `${tile} would merge two safe chains (${safe.join(' and ')}), so it can never be played.`
      : `${tile} would merge ${safe.length} safe chains (${safe.join(', ')}), so it can never be played.`;
  }
  return `${tile} would found an eighth chain while all seven are on the board; keep it until a chain is free.`;
}

/** The chains of the greatest size among `among` (several when sizes tie), in `among`'s order. */
export function largestChains(chains: readonly ChainState[], among: readonly number[]): number[] {
  let best = -1;
  for (const chain of among) best = Math.max(best, chains[chain]!.size);
  return among.filter((chain) => chains[chain]!.size === best);
}
