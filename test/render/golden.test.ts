import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { renderBoard, renderNetWorthChart, renderPriceChart } from '../../src/render/index.js';
import { emptyBoard, finishedGame, lateGameBoard, mergerBoard, options, safeChainsBoard } from './fixtures.js';
import { expectMatchesGolden } from './golden.js';

describe('pictures match their golden images', () => {
  it('an empty board', async () => {
    await expectMatchesGolden('board-empty', renderBoard(emptyBoard()));
  });

  it('a full late-game board with all seven chains', async () => {
    await expectMatchesGolden('board-late-game', renderBoard(lateGameBoard(), { turnOf: 'Chiara' }));
  });

  it('a board in the middle of a merger', async () => {
    await expectMatchesGolden('board-merger', renderBoard(mergerBoard()));
  });

  it('a 2008-set board with safe chains', async () => {
    await expectMatchesGolden('board-safe-chains', renderBoard(safeChainsBoard()));
  });

  it('the classic price and bonus chart', async () => {
    await expectMatchesGolden('prices-classic', renderPriceChart(options('classic', 'classic')));
  });

  it('the tycoon price and bonus chart with the 2008 chains', async () => {
    await expectMatchesGolden('prices-tycoon-2008', renderPriceChart(options('set2008', 'tycoon')));
  });

  it('the end-of-game net-worth chart', async () => {
    await expectMatchesGolden('net-worth', renderNetWorthChart(finishedGame()));
  });
});

describe('the golden-image check itself', () => {
  it('fails when a reference is missing, rather than writing it and passing', async () => {
    const saved = process.env.UPDATE_GOLDEN;
    delete process.env.UPDATE_GOLDEN;
    try {
      await expect(expectMatchesGolden('no-such-reference', renderBoard(emptyBoard()))).rejects.toThrow(/no-such-reference\.png is missing/);
      expect(existsSync(fileURLToPath(new URL('./golden/no-such-reference.png', import.meta.url)))).toBe(false);
    } finally {
      if (saved !== undefined) process.env.UPDATE_GOLDEN = saved;
    }
  });

  it('fails when the picture differs from its reference', async () => {
    await expect(expectMatchesGolden('board-empty', renderBoard(lateGameBoard()))).rejects.toThrow(/differs from the golden image/);
  });
});
