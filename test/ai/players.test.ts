/**
 * Every level answers every decision legally under every option, deterministically for a
 * seed, and from the player's view alone: what it may not see cannot change its choice.
 */
import { describe, expect, it } from 'vitest';
import { chooseAction, type Player } from '../../src/ai/index.js';
import { determinize, hiddenTiles } from '../../src/ai/determinize.js';
import { apply, createGame, decidingSeat, viewFor, type GameOptions, type GameState } from '../../src/engine/index.js';
import { playRandomGame } from '../engine/playout.js';

/** A whole game with every seat played by a computer player; fails on any refused action. */
function playWith(levels: Player[], options: Partial<GameOptions>, seed: number): GameState {
  let state = createGame({ players: levels.map((_, seat) => ({ id: `s${seat}`, name: `Seat ${seat}` })), options, seed });
  for (let step = 0; state.phase.kind !== 'gameOver'; step++) {
    if (step > 3000) throw new Error('the game did not end');
    const seat = decidingSeat(state)!;
    const action = chooseAction(viewFor(state, state.players[seat]!.id), { level: levels[seat]!, seed: seed + step });
    expect(action, `${levels[seat]} found no action`).not.toBeNull();
    const outcome = apply(state, action!);
    if (!outcome.ok) throw new Error(`${levels[seat]} played an illegal move: ${outcome.message}`);
    state = outcome.state;
  }
  return state;
}

const CASES: { levels: Player[]; options: Partial<GameOptions> }[] = [
  { levels: ['easy', 'medium'], options: {} },
  { levels: ['medium', 'easy', 'baseline'], options: { bonusMode: 'tycoon', chainSet: 'set2008' } },
  { levels: ['hard', 'baseline'], options: { holdings: 'hidden' } },
  { levels: ['easy', 'medium', 'baseline', 'easy'], options: { trades: true, unplayable: 'strict' } },
  { levels: ['medium', 'medium', 'easy', 'baseline', 'easy', 'medium'], options: { founderShare: 'cash', holdings: 'hidden' } },
  { levels: ['hard', 'easy', 'medium'], options: { trades: true, chainSet: 'set2008', twoPlayerBank: false } },
];

describe('computer players', () => {
  it.each(CASES)('finish a game legally: $levels with $options', ({ levels, options }) => {
    const end = playWith(levels, options, 42 + levels.length);
    expect(end.result?.standings).toHaveLength(levels.length);
  });

  it('choose the same action for the same seed, whatever the level', () => {
    const mid = playRandomGame(5, 4, {}).final;
    // Find a decision in the middle of a replayed game to ask about.
    let state = createGame({ players: mid.players.map((player) => ({ id: player.id, name: player.name })), seed: 5 });
    for (let step = 0; step < 40; step++) {
      const seat = decidingSeat(state)!;
      state = (apply(state, chooseAction(viewFor(state, state.players[seat]!.id), { level: 'baseline', seed: step })!) as { state: GameState }).state;
    }
    const view = viewFor(state, state.players[decidingSeat(state)!]!.id);
    for (const level of ['easy', 'medium', 'hard', 'baseline'] as const) {
      expect(chooseAction(view, { level, seed: 9 }), level).toEqual(chooseAction(view, { level, seed: 9 }));
    }
  });

  it('cannot cheat: states differing only in what the player may not see give the same action', () => {
    for (const holdings of ['open', 'hidden'] as const) {
      let state = createGame({ players: ['a', 'b', 'c', 'd'].map((id) => ({ id, name: id })), options: { holdings }, seed: 77 });
      for (let step = 0; step < 60; step++) {
        const seat = decidingSeat(state)!;
        state = (apply(state, chooseAction(viewFor(state, state.players[seat]!.id), { level: 'baseline', seed: step })!) as { state: GameState }).state;
      }
      const seat = decidingSeat(state)!;
      const me = state.players[seat]!.id;
      // Another world: the others' hands and the bag dealt differently, and (hidden holdings) their cash and shares changed.
      const twin = determinize(viewFor(state, me), 12345);
      if (holdings === 'hidden') {
        twin.players.forEach((player, other) => {
          if (other !== seat) player.cash += 1000 * (other + 1);
        });
      }
      expect(hiddenTiles(viewFor(twin, me)).sort()).toEqual(hiddenTiles(viewFor(state, me)).sort());
      expect(twin.bag).not.toEqual(state.bag);
      expect(viewFor(twin, me).players[seat]).toEqual(viewFor(state, me).players[seat]);
      for (const level of ['easy', 'medium', 'hard'] as const) {
        expect(chooseAction(viewFor(twin, me), { level, seed: 3 }), `${level}, ${holdings} holdings`).toEqual(chooseAction(viewFor(state, me), { level, seed: 3 }));
      }
    }
  });
});
