import { describe, expect, it } from 'vitest';
import { CHAIN_SETS, tileName } from '../../src/engine/board.js';
import { renderBoard, renderNetWorthChart, renderPriceChart, tileBounds } from '../../src/render/index.js';
import { chainColour, chainLabels, textColourOn, THEME } from '../../src/render/palette.js';
import { NAME_BUDGET_BYTES, SPRITE_BUDGET_BYTES, spriteCacheBytes } from '../../src/render/sprites.js';
import { emptyBoard, finishedGame, lateGameBoard, options } from './fixtures.js';
import { countDifferentPixels, decodePng, pixelAt } from './golden.js';

describe('the board picture', () => {
  it('is about 800 px wide, as designed, and small enough to send every turn', async () => {
    const png = renderBoard(lateGameBoard());
    const pixels = await decodePng(png);
    // Twice Discord's 400 px phone width, so that every text stays sharp when shown there.
    expect(pixels.width).toBe(800);
    expect(png.length).toBeLessThan(150 * 1024);
  });

  it('paints each chain tile in its chain colour, loose tiles ivory and empty cells dark', async () => {
    const view = lateGameBoard();
    const pixels = await decodePng(renderBoard(view));
    // A point near a tile's corner: inside the fill, clear of the label.
    const fillOf = (tile: string) => {
      const { x, y } = tileBounds(tile);
      return pixelAt(pixels, x + 5, y + 5);
    };
    expect(fillOf('1A')).toBe(chainColour('Luxor'));
    expect(fillOf('12A')).toBe(chainColour('Continental'));
    expect(fillOf('5E')).toBe(chainColour('American'));
    expect(fillOf('12E')).toBe(THEME.unincorporated);
    expect(fillOf('5A')).toBe(THEME.emptyCell);
  });

  it('frames the tile just played', async () => {
    const pixels = await decodePng(renderBoard(lateGameBoard()));
    const { x, y, side } = tileBounds('10C');
    expect(pixelAt(pixels, x + 1, y + side / 2)).toBe(THEME.highlight);
    const neighbour = tileBounds('11C');
    expect(pixelAt(pixels, neighbour.x + 1, neighbour.y + side / 2)).toBe(chainColour('Continental'));
  });

  it('draws an empty board without a last tile', async () => {
    const pixels = await decodePng(renderBoard(emptyBoard()));
    const { x, y } = tileBounds('1A');
    expect(pixelAt(pixels, x + 1, y + 1)).toBe(THEME.emptyCell);
  });

  it('keeps the names it draws apart and bounded, and draws the same board after hundreds of them', () => {
    const first = renderBoard(lateGameBoard(), { turnOf: 'Chiara' });
    const { sprites } = spriteCacheBytes();
    // A busy bot names thousands of players, each back only on its game's next turn: with the
    // other sprites, their wide lines of text pushed out the tiles and numbers every board draws.
    for (let game = 0; game < 300; game++) renderBoard(lateGameBoard(), { turnOf: `Player number ${game}` });
    expect(spriteCacheBytes().sprites).toBe(sprites);
    expect(spriteCacheBytes().names).toBeGreaterThan(NAME_BUDGET_BYTES / 2);
    expect(spriteCacheBytes().names).toBeLessThanOrEqual(NAME_BUDGET_BYTES);
    // Chiara's line was evicted and drawn again: the picture is unchanged.
    expect(renderBoard(lateGameBoard(), { turnOf: 'Chiara' }).equals(first)).toBe(true);
  });

  it('keeps its drawing memory bounded however many different lines it writes, and draws the same board after', () => {
    const first = renderBoard(lateGameBoard());
    // Every tile just played, every count of the bag: status lines that come back across games,
    // more of them than the cache keeps.
    for (let tile = 0; tile < 108; tile++) renderBoard({ ...lateGameBoard(), lastPlacedTile: tileName(tile), bagSize: tile });
    expect(spriteCacheBytes().sprites).toBeGreaterThan(SPRITE_BUDGET_BYTES / 2);
    expect(spriteCacheBytes().sprites).toBeLessThanOrEqual(SPRITE_BUDGET_BYTES);
    expect(renderBoard(lateGameBoard()).equals(first)).toBe(true);
  });
});

describe('the palette', () => {
  it('gives every chain of a set its own colour and its own label', () => {
    for (const set of Object.values(CHAIN_SETS)) {
      const names = set.map((chain) => chain.name);
      expect(new Set(names.map(chainColour)).size).toBe(names.length);
      expect(new Set(chainLabels(names)).size).toBe(names.length);
    }
  });

  it('labels chains by initial, with more letters only where initials clash', () => {
    expect(chainLabels(['Luxor', 'Tower', 'American'])).toEqual(['L', 'T', 'A']);
    expect(chainLabels(['Tower', 'Titan', 'Luxor'])).toEqual(['To', 'Ti', 'L']);
  });

  it('writes dark text on light chain colours and light text on dark ones', () => {
    expect(textColourOn(chainColour('Tower'))).toBe('#000000');
    expect(textColourOn(chainColour('American'))).toBe('#ffffff');
  });
});

describe('the charts', () => {
  it('draws a different chart for each bonus rule and chain set', async () => {
    // Tycoon pays a third bonus and the 2008 set has other names and tiers: the pictures differ.
    const [classic, tycoon, set2008] = await Promise.all(
      [options('classic', 'classic'), options('classic', 'tycoon'), options('set2008', 'classic')].map((chosen) => decodePng(renderPriceChart(chosen))),
    );
    expect(countDifferentPixels(classic!, tycoon!)).toBeGreaterThan(1000);
    expect(countDifferentPixels(classic!, set2008!)).toBeGreaterThan(1000);
  });

  it('keeps the charts readable on a phone and small', async () => {
    for (const png of [renderPriceChart(options('set2008', 'tycoon')), renderNetWorthChart(finishedGame())]) {
      const pixels = await decodePng(png);
      expect(pixels.width).toBe(800);
      expect(png.length).toBeLessThan(150 * 1024);
    }
  });

  it('refuses a net-worth chart while the history is hidden', () => {
    expect(() => renderNetWorthChart({ ...finishedGame(), netWorthHistory: null })).toThrow(/hidden/);
  });
});
