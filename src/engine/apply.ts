/**
 * `apply(state, action)`: the one way a game moves on. It guards (stale, game over, whose
 * decision) and dispatches to the move that handles the action (src/engine/moves/); it never
 * mutates its input: the move works on a copy made once per action.
 */
import { draft } from './moves/draft.js';
import { buyShares } from './moves/buying.js';
import { foundChain } from './moves/founding.js';
import { chooseNextDefunct, chooseSurvivor, disposeShares } from './moves/merger.js';
import { placeTile, redrawHand } from './moves/placement.js';
import { answerTrade, offerTrade, withdrawTrade } from './moves/trades.js';
import { declareEnd, skipPlacement } from './moves/turn.js';
import { mayAct, staleness } from './permissions.js';
import { hasPlayableTile, reject, seatOf, whatIsAwaited } from './state.js';
import type { Action, ApplyResult, GameEvent, GameState, Rejection } from './types.js';
import type { Draft } from './moves/draft.js';

export interface ApplyOptions {
  /** Refuse the action as stale unless the state is still at this id (a button's state). */
  expectedStateId?: number;
}

export function apply(state: GameState, action: Action, options: ApplyOptions = {}): ApplyResult {
  const refusal = staleness(state, options.expectedStateId) ?? mayAct(state, action.player, action.type);
  if (refusal) return refusal;
  const s = draft(state);
  const events: GameEvent[] = [];
  const rejection = dispatch(s, seatOf(state, action.player), action, events);
  if (rejection) return rejection;
  s.stateId = state.stateId + 1;
  return { ok: true, state: s, events };
}

function dispatch(s: Draft, seat: number, action: Action, events: GameEvent[]): Rejection | null {
  const phase = s.phase;
  switch (action.type) {
    case 'placeTile':
      return phase.kind === 'placeTile' ? placeTile(s, seat, action.tile, events) : wrongPhase(s);
    case 'skipPlacement':
      if (phase.kind !== 'placeTile') return wrongPhase(s);
      if (hasPlayableTile(s, seat)) return reject('tile/playable_tile_in_hand', 'You hold a tile you can play, so you must place one.');
      skipPlacement(s, seat, events);
      return null;
    case 'redrawHand':
      return phase.kind === 'placeTile' ? redrawHand(s, seat, phase.redrawn, events) : wrongPhase(s);
    case 'foundChain':
      return phase.kind === 'foundChain' ? foundChain(s, seat, phase.tile, action.chain, events) : wrongPhase(s);
    case 'chooseSurvivor':
      if (phase.kind !== 'merger' || phase.merger.survivor !== null) return wrongPhase(s);
      return chooseSurvivor(s, phase.merger, action.chain, events);
    case 'chooseNextDefunct':
      if (phase.kind !== 'merger' || phase.merger.survivor === null || phase.merger.current) return wrongPhase(s);
      return chooseNextDefunct(s, phase.merger, action.chain, events);
    case 'disposeShares':
      if (phase.kind !== 'merger' || !phase.merger.current) return wrongPhase(s);
      return disposeShares(s, seat, phase.merger, action.sell, action.trade, events);
    case 'buyShares':
      return phase.kind === 'buyShares' ? buyShares(s, seat, action.chains, phase.endDeclared, events) : wrongPhase(s);
    case 'declareEnd':
      return phase.kind === 'buyShares' ? declareEnd(s, seat, phase, events) : wrongPhase(s);
    case 'offerTrade':
      return phase.kind === 'placeTile' ? offerTrade(s, seat, action, events) : wrongPhase(s);
    case 'answerTrade':
      return phase.kind === 'tradeOffer' ? answerTrade(s, phase, action.accept, events) : wrongPhase(s);
    case 'withdrawTrade':
      return phase.kind === 'tradeOffer' ? withdrawTrade(s, seat, phase, events) : wrongPhase(s);
  }
}

function wrongPhase(s: Draft): Rejection {
  return reject('action/wrong_phase', `That is not possible now: ${whatIsAwaited(s)}`);
}
