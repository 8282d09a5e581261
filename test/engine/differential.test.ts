/**
 * The engine made faster plays the same games: 2,000 seeded random games under every option,
 * compared with the record made before its insides were rewritten (test/engine/differential.ts):
 * the same actions, the same events step by step, the same final state, byte for byte. The
 * integer core plays the same record in test/engine/core.test.ts.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { summarise, type DifferentialCase } from './differential.js';

const recorded = JSON.parse(readFileSync(new URL('./fixtures/differential.json', import.meta.url), 'utf8')) as DifferentialCase[];

describe('the engine against its recorded games', () => {
  it('has the whole record to compare with', () => {
    expect(recorded.length).toBe(2000);
    expect(new Set(recorded.map((game) => JSON.stringify(game.options))).size).toBeGreaterThanOrEqual(9);
  });

  const differingGames = () =>
    recorded
      .filter((game) => {
        const now = summarise(game.seed, game.players, game.options);
        return now.actions !== game.actions || now.events !== game.events || now.final !== game.final;
      })
      .map((game) => `seed ${game.seed}, ${game.players} players, ${JSON.stringify(game.options)}`);

  it('plays every recorded game to the same actions, events and final state, one apply per action', () => {
    expect(differingGames()).toEqual([]);
    // CPU-bound: 30 s was not enough on a loaded two-core machine.
  }, 120_000);
});
