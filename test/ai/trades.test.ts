/**
 * Computer players and trades (src/ai/trades.ts): they answer an offer by what it does to their
 * standing, make at most one offer a turn when one raises it, and a stand-in for an absent person
 * (no `trades`) declines every offer and makes none.
 */
import { describe, expect, it } from 'vitest';
import { chooseAction } from '../../src/ai/index.js';
import { apply, createGame, decidingSeat, viewFor, type Action, type GameState, type Holdings } from '../../src/engine/index.js';
import { play, scenario } from '../engine/helpers.js';

const board = `
  A LLLLL.......
  B ............
  C ............
  D ............
  E ............
  F ............
  G ............
  H ............
  I ............`;

/** p0 in turn offers p1 `give` for `receive`; p1 holds 4 Luxor (5 tiles, $600 a share with the classic tiers). */
function offered(give: Holdings, receive: Holdings, holdings: 'open' | 'hidden' = 'open'): GameState {
  const state = scenario({
    board,
    options: { trades: true, holdings },
    players: [{ hand: ['12I'], shares: { Luxor: 3 } }, { shares: { Luxor: 4 } }, { shares: { Luxor: 2 } }],
  });
  return play(state, { type: 'offerTrade', player: 'p0', to: 'p1', give, receive }).state;
}

const answer = (state: GameState, trades = true) => chooseAction(viewFor(state, 'p1'), { level: 'medium', seed: 1, trades });

describe('computer players and trades', () => {
  it('accept an offer that raises their standing and decline one that lowers it, with open and hidden holdings', () => {
    for (const holdings of ['open', 'hidden'] as const) {
      // Two shares for nothing: a gift.
      expect(answer(offered({ cash: 0, shares: { Luxor: 2 } }, { cash: 0, shares: {} }, holdings)), holdings).toEqual({
        type: 'answerTrade',
        player: 'p1',
        accept: true,
      });
      // Their four shares, and the majority with them, for $100.
      expect(answer(offered({ cash: 100, shares: {} }, { cash: 0, shares: { Luxor: 4 } }, holdings)), holdings).toEqual({
        type: 'answerTrade',
        player: 'p1',
        accept: false,
      });
    }
  });

  it('decline what they could not hand over (hidden holdings: the offerer could not know)', () => {
    const state = offered({ cash: 5000, shares: {} }, { cash: 0, shares: { Luxor: 5 } }, 'hidden');
    expect(answer(state)).toEqual({ type: 'answerTrade', player: 'p1', accept: false });
  });

  it('as a stand-in for an absent person, decline every offer and make none', () => {
    expect(answer(offered({ cash: 0, shares: { Luxor: 2 } }, { cash: 0, shares: {} }), false)).toEqual({ type: 'answerTrade', player: 'p1', accept: false });
    const start = createGame({ players: ['a', 'b', 'c'].map((id) => ({ id, name: id })), options: { trades: true }, seed: 4 });
    let state = start;
    for (let step = 0; step < 120 && state.phase.kind !== 'gameOver'; step++) {
      const seat = decidingSeat(state)!;
      const action = chooseAction(viewFor(state, state.players[seat]!.id), { level: 'medium', seed: step })!;
      expect(action.type).not.toBe('offerTrade');
      state = (apply(state, action) as { state: GameState }).state;
    }
  });

  it('make legal offers, at most one a turn, and trade with each other in whole games', () => {
    for (const holdings of ['open', 'hidden'] as const) {
      let state = createGame({ players: ['a', 'b', 'c', 'd'].map((id) => ({ id, name: id })), options: { trades: true, holdings }, seed: 2 });
      const offersByTurn = new Map<number, number>();
      let accepted = 0;
      for (let step = 0; state.phase.kind !== 'gameOver'; step++) {
        expect(step).toBeLessThan(3000);
        const seat = decidingSeat(state)!;
        const action: Action = chooseAction(viewFor(state, state.players[seat]!.id), { level: seat === 3 ? 'easy' : 'medium', seed: step, trades: true })!;
        if (action.type === 'offerTrade') offersByTurn.set(state.turn, (offersByTurn.get(state.turn) ?? 0) + 1);
        if (action.type === 'answerTrade' && action.accept) accepted++;
        const outcome = apply(state, action);
        if (!outcome.ok) throw new Error(`${action.type} refused: ${outcome.message}`);
        state = outcome.state;
      }
      expect(Math.max(...offersByTurn.values()), holdings).toBe(1);
      expect(accepted, holdings).toBeGreaterThan(0);
    }
  });
});
