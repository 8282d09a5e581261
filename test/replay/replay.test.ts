/** A finished game as a file, and stepped through turn by turn: both rebuilt by the engine alone. */
import { describe, expect, it } from 'vitest';
import { exportRecord, importRecord } from '../../src/replay/record.js';
import { steps } from '../../src/replay/steps.js';
import { playRandomGame } from '../engine/playout.js';

describe('an exported game', () => {
  it('replays from its file to the same final state and result, under every option', () => {
    for (const options of [{}, { holdings: 'hidden' as const, trades: true }, { bonusMode: 'tycoon' as const, chainSet: 'set2008' as const }]) {
      const game = playRandomGame(31, 4, options);
      const file = JSON.parse(JSON.stringify(exportRecord(game.setup, game.actions)));
      const { final } = importRecord(file);
      expect(final).toEqual(game.final);
      expect(final.result?.standings).toEqual(game.final.result?.standings);
    }
  });

  it('refuses a malformed file or a log the rules refuse', () => {
    const game = playRandomGame(32, 3);
    const file = exportRecord(game.setup, game.actions);
    expect(() => importRecord({ ...file, format: 'something-else' })).toThrow();
    expect(() => importRecord({ ...file, actions: [game.actions[1], game.actions[0], ...game.actions.slice(2)] })).toThrow();
  });
});

describe('stepping through a game', () => {
  it('has a step per turn, from the opening position to the end, each with what happened', () => {
    const game = playRandomGame(33, 3);
    const all = steps(game.setup, game.actions);
    expect(all[0]!.state.turn).toBe(0);
    expect(all[0]!.events).toEqual([]);
    expect(all.at(-1)!.state).toEqual(game.final);
    expect(all.length).toBeGreaterThanOrEqual(game.final.turn);
    for (let step = 1; step < all.length; step++) {
      expect(all[step]!.events.length).toBeGreaterThan(0);
      expect(all[step]!.state.turn).toBeGreaterThanOrEqual(all[step - 1]!.state.turn);
    }
  });
});
