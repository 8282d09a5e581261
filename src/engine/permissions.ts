/**
 * Who may act, and whether options make a game: the engine's answers to the questions the bot
 * asks before it even builds an action (opening a panel, adjusting a cart, opening a lobby),
 * in the same words `apply` uses when it refuses.
 */
import { resolveOptions, SetupError } from './setup.js';
import { decidingSeat, reject, seatOf, whatIsAwaited } from './state.js';
import type { Action, GameOptions, GameState, Rejection } from './types.js';

/** Refused as stale unless the state is still at `expectedStateId` (what the player saw). */
export function staleness(state: GameState, expectedStateId: number | undefined): Rejection | null {
  if (expectedStateId === undefined || expectedStateId === state.stateId) return null;
  return reject('action/stale', 'The game has moved on since this was offered, so nothing was changed.');
}

/**
 * Whether `playerId` may act now: the game is not over, they have a seat, and the decision is
 * theirs (or, for withdrawing a trade offer, they made the offer).
 */
export function mayAct(state: GameState, playerId: string, actionType?: Action['type']): Rejection | null {
  if (state.phase.kind === 'gameOver') return reject('action/game_over', 'This game is over.');
  const seat = seatOf(state, playerId);
  if (seat < 0) return reject('action/unknown_player', 'You are not playing in this game.');
  const offerer = state.phase.kind === 'tradeOffer' ? state.phase.offer.from : -1;
  if (seat === decidingSeat(state) || (actionType === 'withdrawTrade' && seat === offerer)) return null;
  return reject('action/not_your_decision', `It is not your decision now: ${whatIsAwaited(state)}`);
}

/**
 * What is wrong with a lobby's options for any number of players it may start with, or null.
 * Checked against the strictest case (two players), so a lobby never opens with options the
 * engine would refuse at the start.
 */
export function optionsProblem(options: Partial<GameOptions>): string | null {
  try {
    resolveOptions(2, options);
    resolveOptions(3, options);
    return null;
  } catch (error) {
    if (error instanceof SetupError) return error.message;
    throw error;
  }
}
