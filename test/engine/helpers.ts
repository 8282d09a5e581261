/** Shared helpers for the engine's scenario tests. */
import { expect } from 'vitest';
import { apply, type Action, type GameEvent, type GameState } from '../../src/engine/index.js';

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
