/** What a tile would do if placed now: the classification every rule and query builds on. */
import { NEIGHBOURS, cellOf, isSafe, tileIndex } from './board.js';
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
    return chains.some((chain) => chain.headquarters === null) ? { kind: 'found' } : { kind: 'unplayable', reason: 'noChainAvailable', permanent: false };
  }
  return { kind: 'nothing' };
}

/**
 * Whether a tile at `index` would be unplayable, and for good: `classifyCell`'s answer to the one
 * question asked of every tile in a hand several times a turn, without building the outcome.
 * `dead` asks about the permanent kind only (two safe chains); otherwise a tile that would found
 * an eighth chain counts too.
 */
function unplayableCell(board: readonly Cell[], chains: readonly ChainState[], index: number, dead: boolean): boolean {
  let first = -2; // the first adjacent chain; -2 for none yet
  let safeChains = 0;
  let touchesUnincorporated = false;
  let distinctChains = 0;
  for (const neighbour of NEIGHBOURS[index]!) {
    const cell = board[neighbour];
    if (cell === null || cell === undefined) continue;
    if (cell === UNINCORPORATED) {
      touchesUnincorporated = true;
      continue;
    }
    if (cell === first || seenBefore(board, index, neighbour, cell)) continue;
    if (first === -2) first = cell;
    distinctChains++;
    if (isSafe(chains[cell]?.size ?? 0)) safeChains++;
  }
  if (distinctChains >= 2) return safeChains >= 2;
  if (distinctChains === 1 || !touchesUnincorporated || dead) return false;
  for (const chain of chains) if (chain.headquarters === null) return false;
  return true;
}

/** Whether a neighbour of `index` listed before `neighbour` is in `chain` too. */
function seenBefore(board: readonly Cell[], index: number, neighbour: number, chain: number): boolean {
  for (const earlier of NEIGHBOURS[index]!) {
    if (earlier === neighbour) return false;
    if (board[earlier] === chain) return true;
  }
  return false;
}

/**
 * Whether any tile at all may be unplayable now: only with two safe chains on the board (a tile
 * between them) or with every chain on the board (a tile that would found another). Most of a
 * game neither holds, and then every tile in every hand is playable without a look at the board.
 */
export function someTileMayBeUnplayable(chains: readonly ChainState[]): boolean {
  let safe = 0;
  let free = false;
  for (const chain of chains) {
    if (chain.headquarters === null) free = true;
    else if (isSafe(chain.size)) safe++;
  }
  return safe >= 2 || !free;
}

/** Whether any tile may be dead for good now: only with two safe chains on the board. */
export function someTileMayBeDead(chains: readonly ChainState[]): boolean {
  let safe = 0;
  for (const chain of chains) if (chain.headquarters !== null && isSafe(chain.size)) safe++;
  return safe >= 2;
}

export function isPlayableCell(board: readonly Cell[], chains: readonly ChainState[], index: number): boolean {
  return !unplayableCell(board, chains, index, false);
}

/** Whether a tile can never be played (it would merge two safe chains, which only grow). */
export function isPermanentlyDeadTile(board: readonly Cell[], chains: readonly ChainState[], tile: Tile): boolean {
  return unplayableCell(board, chains, indexOfTile(tile), true);
}

function indexOfTile(tile: Tile): number {
  const index = cellOf(tile) ?? tileIndex(tile);
  if (index === undefined) throw new Error(`not a tile: ${tile}`);
  return index;
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
  return !unplayableCell(board, chains, indexOfTile(tile), false);
}

/**
 * The cells reached from `start` through unincorporated tiles (start included): what joins a
 * chain founded, grown or merged at `start`.
 */
export function connectedUnincorporated(board: readonly Cell[], start: number): number[] {
  const group = [start];
  for (let i = 0; i < group.length; i++) {
    for (const neighbour of NEIGHBOURS[group[i] as number] ?? []) {
      // Groups are a few tiles: a look through the group beats a set here.
      if (board[neighbour] === UNINCORPORATED && !group.includes(neighbour)) group.push(neighbour);
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
