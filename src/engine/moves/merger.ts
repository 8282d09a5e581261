/**
 * Mergers: the survivor (chosen when sizes tie), defunct chains wound up largest first, their
 * bonuses, and each holder's sell / trade / keep, the mergemaker first.
 */
import { largestChains } from '../analysis.js';
import { sharePrice, tileIndex } from '../board.js';
import { chainIndex, reject } from '../state.js';
import type { GameEvent, MergerState, Rejection, Tile } from '../types.js';
import type { Draft } from './draft.js';
import { payBonuses } from './payment.js';
import { absorbInto, enterBuyPhase } from './turn.js';

export function startMerger(s: Draft, seat: number, tile: Tile, chains: number[], events: GameEvent[]): void {
  events.push({ type: 'mergerStarted', seat, tile, chains: chains.map((chain) => s.chains[chain]!.name) });
  const merger: MergerState = { tile, mergemaker: seat, chains, survivor: null, pendingDefunct: [], current: null };
  s.phase = { kind: 'merger', merger };
  const largest = largestChains(s.chains, chains);
  if (largest.length === 1) setSurvivor(s, merger, largest[0]!, events);
}

export function chooseSurvivor(s: Draft, merger: MergerState, name: string, events: GameEvent[]): Rejection | null {
  const chain = chainIndex(s, name);
  if (!largestChains(s.chains, merger.chains).includes(chain)) {
    return reject('merger/not_a_candidate', `${name} cannot survive: choose one of ${namesOf(s, largestChains(s.chains, merger.chains))}.`);
  }
  setSurvivor(s, merger, chain, events);
  return null;
}

export function chooseNextDefunct(s: Draft, merger: MergerState, name: string, events: GameEvent[]): Rejection | null {
  const chain = chainIndex(s, name);
  const candidates = largestChains(s.chains, merger.pendingDefunct);
  if (!candidates.includes(chain)) {
    return reject('merger/not_a_candidate', `${name} is not next: choose one of ${namesOf(s, candidates)}.`);
  }
  startDefunct(s, merger, chain, events);
  advanceMerger(s, merger, events);
  return null;
}

export function namesOf(s: Draft, chains: readonly number[]): string {
  return chains.map((chain) => s.chains[chain]!.name).join(', ');
}

export function setSurvivor(s: Draft, merger: MergerState, survivor: number, events: GameEvent[]): void {
  merger.survivor = survivor;
  merger.pendingDefunct = merger.chains.filter((chain) => chain !== survivor);
  events.push({ type: 'survivorChosen', chain: s.chains[survivor]!.name, defunct: merger.pendingDefunct.map((chain) => s.chains[chain]!.name) });
  advanceMerger(s, merger, events);
}

/**
 * Moves the merger on until someone must decide: winds up defunct chains largest first
 * (asking the mergemaker when sizes tie), and completes the merger when none is left.
 */
export function advanceMerger(s: Draft, merger: MergerState, events: GameEvent[]): void {
  const survivor = merger.survivor!;
  for (;;) {
    const current = merger.current;
    if (current) {
      if (current.holdersToDecide.length > 0) return;
      closeDefunct(s, current.chain, survivor, events);
      merger.current = null;
    }
    if (merger.pendingDefunct.length === 0) break;
    const next = largestChains(s.chains, merger.pendingDefunct);
    if (next.length > 1) return;
    startDefunct(s, merger, next[0]!, events);
  }
  const tileCell = tileIndex(merger.tile) as number;
  absorbInto(s, tileCell, survivor);
  events.push({ type: 'mergerCompleted', survivor: s.chains[survivor]!.name, size: s.chains[survivor]!.size });
  enterBuyPhase(s, events);
}

/** Pays the defunct chain's bonuses and lines up its holders, the mergemaker first. */
export function startDefunct(s: Draft, merger: MergerState, chain: number, events: GameEvent[]): void {
  merger.pendingDefunct = merger.pendingDefunct.filter((pending) => pending !== chain);
  const sizeBefore = s.chains[chain]!.size;
  payBonuses(s, chain, false, events);
  const holdersToDecide: number[] = [];
  for (let offset = 0; offset < s.players.length; offset++) {
    const seat = (merger.mergemaker + offset) % s.players.length;
    if (s.players[seat]!.shares[chain]! > 0) holdersToDecide.push(seat);
  }
  merger.current = { chain, sizeBefore, holdersToDecide };
}

/** The defunct chain's tiles become the survivor's and its headquarters leaves the board. */
export function closeDefunct(s: Draft, defunct: number, survivor: number, events: GameEvent[]): void {
  for (let cell = 0; cell < s.board.length; cell++) if (s.board[cell] === defunct) s.board[cell] = survivor;
  const chain = s.chains[defunct]!;
  s.chains[survivor]!.size += chain.size;
  chain.size = 0;
  chain.headquarters = null;
  events.push({ type: 'chainDefunct', chain: chain.name, survivor: s.chains[survivor]!.name });
}

export function disposeShares(s: Draft, seat: number, merger: MergerState, sell: number, trade: number, events: GameEvent[]): Rejection | null {
  const current = merger.current!;
  const survivor = merger.survivor!;
  const player = s.players[seat]!;
  const held = player.shares[current.chain]!;
  const defunctName = s.chains[current.chain]!.name;
  const survivorChain = s.chains[survivor]!;
  if (!Number.isInteger(sell) || !Number.isInteger(trade) || sell < 0 || trade < 0) {
    return reject('shares/bad_count', 'Share counts must be whole numbers, zero or more.');
  }
  if (trade % 2 !== 0) return reject('shares/bad_count', `Shares are traded two for one: trade an even number of ${defunctName} shares.`);
  if (sell + trade > held) return reject('shares/not_enough_held', `You hold ${held} ${defunctName} shares, not ${sell + trade}.`);
  if (trade / 2 > survivorChain.bankShares) {
    return reject(
      'shares/bank_short',
      `The bank has only ${survivorChain.bankShares} ${survivorChain.name} shares, enough for trading ${survivorChain.bankShares * 2}.`,
    );
  }
  const cashReceived = sell * sharePrice(s.chains[current.chain]!.tier, current.sizeBefore);
  player.cash += cashReceived;
  player.shares[current.chain] = held - sell - trade;
  s.chains[current.chain]!.bankShares += sell + trade;
  player.shares[survivor]! += trade / 2;
  survivorChain.bankShares -= trade / 2;
  events.push({
    type: 'sharesDisposed',
    seat,
    chain: defunctName,
    sold: sell,
    traded: trade,
    kept: held - sell - trade,
    cashReceived,
    survivor: survivorChain.name,
  });
  current.holdersToDecide.shift();
  advanceMerger(s, merger, events);
  return null;
}
