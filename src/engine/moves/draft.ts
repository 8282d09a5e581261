/** The working copy `apply` changes: copied once per action, only what an action can touch. */
import type { GameState, Phase, Tile } from '../types.js';

export type Draft = GameState;

/**
 * A working copy for one action: every array an action may change in place is copied, nothing
 * else. The bag, the discards and the net-worth history are shared: moves take from and add to
 * them through `takeFromBag` and `appendTo`, which replace a shared list rather than change it.
 * Written out field by field because object spread here made up half the engine's time.
 */
export function draft(state: GameState): Draft {
  return {
    schema: state.schema,
    options: state.options,
    players: state.players.map((player) => ({ id: player.id, name: player.name, cash: player.cash, shares: player.shares.slice(), hand: player.hand.slice() })),
    chains: state.chains.map((chain) => ({ name: chain.name, tier: chain.tier, size: chain.size, bankShares: chain.bankShares, headquarters: chain.headquarters })),
    board: state.board.slice(),
    bag: state.bag,
    discarded: state.discarded,
    rng: state.rng,
    currentPlayer: state.currentPlayer,
    firstPlayer: state.firstPlayer,
    turn: state.turn,
    phase: copyPhase(state.phase),
    lastPlacedTile: state.lastPlacedTile,
    stateId: state.stateId,
    netWorthHistory: state.netWorthHistory,
    result: state.result,
  };
}

/**
 * Working copies that own every list they hold, so a move may change the bag, the discards and
 * the history in place. `draft` shares those three with the state it copies (an action rarely
 * touches them, and copying them for each action would cost more than the action) and moves
 * replace them instead; `ownedDraft` copies them once for a whole playout, which then takes and
 * appends without copying the past. Kept by working copy, not by list: a state `apply` makes
 * from an owned copy shares its lists and must not change them.
 */
const ownsItsLists = new WeakSet<Draft>();

/** A working copy owning every list, for many moves in a row (`playOut`). */
export function ownedDraft(state: GameState): Draft {
  const s = draft(state);
  s.bag = s.bag.slice();
  s.discarded = s.discarded.slice();
  s.netWorthHistory = s.netWorthHistory.slice();
  ownsItsLists.add(s);
  return s;
}

/** Takes the first `count` tiles of the bag: in place when the working copy owns it. */
export function takeFromBag(s: Draft, count: number): Tile[] {
  if (ownsItsLists.has(s)) return s.bag.splice(0, count);
  const taken = s.bag.slice(0, count);
  s.bag = s.bag.slice(count);
  return taken;
}

/** Appends to the discards or the history: in place when the working copy owns the list. */
export function appendTo<K extends 'discarded' | 'netWorthHistory'>(s: Draft, list: K, items: Draft[K]): void {
  const current = s[list] as unknown[];
  if (ownsItsLists.has(s)) {
    for (const item of items) current.push(item);
  } else {
    (s as Record<K, unknown[]>)[list] = [...current, ...items];
  }
}

/** Only the buy phase and a merger are changed in place; every other phase is replaced whole. */
export function copyPhase(phase: Phase): Phase {
  if (phase.kind === 'buyShares') return { kind: 'buyShares', endDeclared: phase.endDeclared };
  if (phase.kind !== 'merger') return phase;
  const merger = phase.merger;
  return {
    kind: 'merger',
    merger: {
      ...merger,
      chains: merger.chains.slice(),
      pendingDefunct: merger.pendingDefunct.slice(),
      current: merger.current ? { ...merger.current, holdersToDecide: merger.current.holdersToDecide.slice() } : null,
    },
  };
}
