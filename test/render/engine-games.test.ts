/**
 * Pictures of real games: views from the engine's own random playouts, not hand-built ones.
 * No golden images here (they would change with every engine change); instead the picture is
 * checked against the view it shows, cell by cell.
 */
import { describe, expect, it } from 'vitest';
import { ALL_TILES, tileIndex } from '../../src/engine/board.js';
import { spectatorView, UNINCORPORATED, type GameState, type GameView } from '../../src/engine/index.js';
import { renderBoard, renderNetWorthChart, tileBounds } from '../../src/render/index.js';
import { chainColour, THEME } from '../../src/render/palette.js';
import { playRandomGame } from '../engine/playout.js';
import { decodePng, pixelAt } from './golden.js';

async function expectBoardShowsView(view: GameView): Promise<void> {
  const png = renderBoard(view);
  expect(png.length).toBeLessThan(150 * 1024);
  const pixels = await decodePng(png);
  for (const tile of ALL_TILES) {
    if (tile === view.lastPlacedTile) continue; // framed, not filled, at the corner
    const cell = view.board[tileIndex(tile) ?? -1];
    const expected = cell === null ? THEME.emptyCell : cell === UNINCORPORATED ? THEME.unincorporated : chainColour(view.chains[cell ?? 0]?.name ?? '');
    const { x, y } = tileBounds(tile);
    expect(pixelAt(pixels, x + 5, y + 5), tile).toBe(expected);
  }
}

describe('pictures of engine games', () => {
  for (const [seed, options] of [
    [11, { chainSet: 'classic', bonusMode: 'classic' }],
    [12, { chainSet: 'set2008', bonusMode: 'tycoon' }],
  ] as const) {
    it(`shows every cell of a ${options.chainSet} game as it stands, turn after turn (seed ${seed})`, async () => {
      const states: GameState[] = [];
      const { final } = playRandomGame(seed, 4, options, (state) => states.push(state));
      // Every 25th state and the last: early, middle, merger-time and final boards.
      for (const state of [...states.filter((_, index) => index % 25 === 0), final]) {
        await expectBoardShowsView(spectatorView(state));
      }
      const chart = await decodePng(renderNetWorthChart(spectatorView(final)));
      expect(chart.width).toBe(800);
    });
  }
});
