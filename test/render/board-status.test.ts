import { createCanvas, loadImage } from 'canvas';
import { describe, expect, it } from 'vitest';
import { renderBoard, tileBounds } from '../../src/render/index.js';
import { drawText, fitText, NAME_BUDGET_BYTES, namesDrawn, spriteCacheBytes, textWidth } from '../../src/render/sprites.js';
import { lateGameBoard } from './fixtures.js';
import { countDifferentPixels, decodePng, type Pixels } from './golden.js';

/** The picture as Discord shows it on a phone: scaled to 400 px wide. */
async function atPhoneWidth(png: Buffer): Promise<Pixels> {
  const image = await loadImage(png);
  const width = 400;
  const height = Math.round((image.height * width) / image.width);
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(image, 0, 0, width, height);
  return { width, height, data: ctx.getImageData(0, 0, width, height).data };
}

const luminance = (pixels: Pixels, x: number, y: number) => {
  const offset = (y * pixels.width + x) * 4;
  return 0.2126 * (pixels.data[offset] ?? 0) + 0.7152 * (pixels.data[offset + 1] ?? 0) + 0.0722 * (pixels.data[offset + 2] ?? 0);
};

describe('the board picture says whose turn it is', () => {
  it('names the player in turn in the status band and nowhere else', async () => {
    const view = lateGameBoard();
    const plain = await decodePng(renderBoard(view));
    const named = await decodePng(renderBoard(view, { turnOf: 'Chiara' }));
    const gridTop = tileBounds('1A').y;
    const band = (pixels: Pixels, from: number, to: number): Pixels => ({
      width: pixels.width,
      height: to - from,
      data: pixels.data.slice(from * pixels.width * 4, to * pixels.width * 4),
    });
    expect(countDifferentPixels(band(plain, 0, gridTop), band(named, 0, gridTop))).toBeGreaterThan(200);
    // Below the band only the PNG palette's rounding of anti-aliased edges may move (a few dozen pixels).
    expect(countDifferentPixels(band(plain, gridTop, plain.height), band(named, gridTop, named.height))).toBeLessThan(200);
  });

  it('keeps a long or emoji name inside the picture, cut at a whole character', () => {
    const family = '👩‍👩‍👧';
    const cut = fitText(`Chiara ${family}${family}${family} with a very long display name indeed`, 300, 28, 'bold');
    expect(cut.endsWith('…')).toBe(true);
    expect(textWidth(cut, 28, 'bold')).toBeLessThanOrEqual(300);
    expect(cut).not.toMatch(/\uFFFD/);
    // No lone surrogate: the cut never splits a code point.
    expect(cut).toBe(Buffer.from(cut, 'utf8').toString('utf8'));
    expect(fitText('Ada', 300, 28)).toBe('Ada');
    expect(renderBoard(lateGameBoard(), { turnOf: '🦄'.repeat(100) }).length).toBeGreaterThan(0);
  });

  it('keeps a long name’s status line, drawn in words, inside the picture’s margin', async () => {
    const view = lateGameBoard();
    const plain = await decodePng(renderBoard(view));
    const long = await decodePng(renderBoard(view, { turnOf: `Chiara ${'with a very long display name '.repeat(3)}` }));
    const short = await decodePng(renderBoard(view, { turnOf: 'Chiara' }));
    const gridTop = tileBounds('1A').y;
    const columns = (pixels: Pixels, from: number, to: number): Pixels => {
      const rows = Array.from({ length: gridTop }, (_, y) => pixels.data.slice((y * pixels.width + from) * 4, (y * pixels.width + to) * 4));
      return { width: to - from, height: gridTop, data: Uint8ClampedArray.from(rows.flatMap((row) => [...row])) };
    };
    // The right margin (the last 12 pixels) is untouched; the line reaches almost to it, where a
    // short name's line stops far before.
    expect(countDifferentPixels(columns(plain, plain.width - 12, plain.width), columns(long, long.width - 12, long.width))).toBe(0);
    expect(countDifferentPixels(columns(plain, plain.width - 120, plain.width - 12), columns(long, long.width - 120, long.width - 12))).toBeGreaterThan(50);
    expect(countDifferentPixels(columns(plain, plain.width - 120, plain.width - 12), columns(short, short.width - 120, short.width - 12))).toBe(0);
  });
});

describe('empty cells at phone size', () => {
  it('keep a label that stands out from the cell at 400 px wide', async () => {
    const small = await atPhoneWidth(renderBoard(lateGameBoard()));
    // 5A is empty in the late-game fixture: its label must be clearly brighter than its fill.
    const { x, y, side } = tileBounds('5A');
    const [left, top, size] = [Math.floor(x / 2), Math.floor(y / 2), Math.floor(side / 2)];
    const fill = luminance(small, left + 1, top + 1);
    let brightest = 0;
    for (let dy = 0; dy < size; dy++) for (let dx = 0; dx < size; dx++) brightest = Math.max(brightest, luminance(small, left + dx, top + dy));
    expect(brightest - fill).toBeGreaterThan(80);
  });
});

describe("the players' names a drawing thread keeps", () => {
  it('draw a name in the colour asked for, as text drawn in that colour is', () => {
    const draw = (name: boolean, colour: string) => {
      const canvas = createCanvas(300, 60);
      const ctx = canvas.getContext('2d');
      ctx.fillStyle = '#1d2330';
      ctx.fillRect(0, 0, 300, 60);
      drawText(ctx, 'Chiara Ölund', 10, 30, { size: 28, weight: 'bold', colour, name });
      return ctx.getImageData(0, 0, 300, 60).data;
    };
    for (const colour of ['#f5c542', '#4fa3ff']) {
      const asName = draw(true, colour);
      const asText = draw(false, colour);
      let inked = 0;
      let apart = 0;
      for (let i = 0; i < asName.length; i++) {
        apart = Math.max(apart, Math.abs(asName[i]! - asText[i]!));
        if (i % 4 === 0 && asText[i] !== 0x1d) inked++;
      }
      // The same coverage, tinted: at most a unit of rounding apart.
      expect(apart, colour).toBeLessThanOrEqual(1);
      expect(inked).toBeGreaterThan(300);
    }
  });

  it("are enough for a thread's 200 players (a bot's 200 games of two): a board of a player seen before lays out no name", () => {
    // A bot of 200 games draws on two threads, each with some 200 players' names (issue 15).
    const view = lateGameBoard();
    const players = Array.from({ length: 200 }, (_, player) => `Player ${player + 1}`);
    for (const turnOf of players) renderBoard(view, { turnOf });
    const before = namesDrawn();
    for (const turnOf of players) renderBoard(view, { turnOf });
    expect(namesDrawn()).toBe(before);
    expect(spriteCacheBytes().names).toBeLessThanOrEqual(NAME_BUDGET_BYTES);
  });
});
