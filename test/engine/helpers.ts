/** Shared helpers for the engine's scenario tests. */
import { expect } from 'vitest';
import { apply, type Action, type GameEvent, type GameState } from '../../src/engine/index.js';
import { formatBoard, parseBoard, scenario } from '../support/notation.js';

/**
 * A board the computer players' tests share: Luxor (4 tiles), Tower (2) and Continental (2), a
 * loose tile at 1C (a founding next to it at 2C), room to grow Luxor at 5A.
 */
export const THREE_CHAINS_BOARD = `
  A LLLL.TT.....
  B ............
  C x...........
  D ...CC.......
  E ............
  F ............
  G ............
  H ............
  I ............`;

/** Applies actions that must be accepted; returns the final state and every event. */
export function play(state: GameState, ...actions: Action[]): { state: GameState; events: GameEvent[] } {
  const events: GameEvent[] = [];
  for (const action of actions) {
    const result = apply(state, action);
    if (!result.ok) throw new Error(`${action.type} refused: ${result.code}: ${result.message}`);
    state = result.state;
    events.push(...result.events);
  }
  return { state, events };
}

/** Applies an action that must be refused with `code`; returns the message. */
export function refused(state: GameState, action: Action, code: string): string {
  const result = apply(state, action);
  expect(result.ok, `expected ${action.type} to be refused`).toBe(false);
  if (result.ok) return '';
  expect(result.code).toBe(code);
  return result.message;
}

export function cashOf(state: GameState, seat: number): number {
  return state.players[seat]!.cash;
}

export function sharesOf(state: GameState, seat: number, chain: string): number {
  const index = state.chains.findIndex((candidate) => candidate.name === chain);
  return state.players[seat]!.shares[index]!;
}

export function chain(state: GameState, name: string) {
  const found = state.chains.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`no chain ${name}`);
  return found;
}

// ---------------------------------------------------------------------------------------------
// Action builders, so a scenario reads like a game record. Players are `p0`, `p1` … as
// `scenario` names them by default.

export const place = (player: string, tile: string): Action => ({ type: 'placeTile', player, tile });
export const found = (player: string, chain: string): Action => ({ type: 'foundChain', player, chain });
export const survivor = (player: string, chain: string): Action => ({ type: 'chooseSurvivor', player, chain });
export const nextDefunct = (player: string, chain: string): Action => ({ type: 'chooseNextDefunct', player, chain });
export const dispose = (player: string, sell: number, trade = 0): Action => ({ type: 'disposeShares', player, sell, trade });
export const keep = (player: string): Action => dispose(player, 0, 0);
export const buy = (player: string, ...chains: string[]): Action => ({ type: 'buyShares', player, chains });
export const declareEnd = (player: string): Action => ({ type: 'declareEnd', player });
export const skip = (player: string): Action => ({ type: 'skipPlacement', player });
export const redraw = (player: string): Action => ({ type: 'redrawHand', player });

/** Every player's cash, by seat. */
export function cashAll(state: GameState): number[] {
  return state.players.map((player) => player.cash);
}

/** Events of one type. */
export function eventsOf<T extends GameEvent['type']>(events: readonly GameEvent[], type: T): Extract<GameEvent, { type: T }>[] {
  return events.filter((event): event is Extract<GameEvent, { type: T }> => event.type === type);
}

export { scenario, formatBoard, parseBoard };

/** The board's rows as text, `A LLT.........` …, for comparing a few rows at a glance. */
export function rows(state: GameState, ...letters: string[]): string[] {
  const lines = formatBoard(state).split('\n');
  return letters.map((letter) => lines['ABCDEFGHI'.indexOf(letter)]!);
}
