/**
 * The pictures in every language the bot speaks: each label of the board's legend and key
 * within its box (a longer word is drawn smaller, never past its box), the words the bundled
 * font must draw, and golden pictures in German beside the English ones (golden.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { CATALOGS, LOCALES } from '../../src/i18n/index.js';
import { keyLabels, legendLabels } from '../../src/render/board.js';
import { renderBoard, renderNetWorthChart, renderPriceChart } from '../../src/render/index.js';
import { textWidth } from '../../src/render/sprites.js';
import { finishedGame, lateGameBoard, mergerBoard, options, safeChainsBoard } from './fixtures.js';
import { expectMatchesGolden } from './golden.js';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

describe('the pictures’ words in every language', () => {
  for (const locale of LOCALES) {
    it(`${locale}: every heading of the legend and the key fit their boxes`, () => {
      for (const label of legendLabels(locale)) {
        expect(textWidth(label.text, label.size, 'bold'), `${locale} "${label.text}" at ${label.size} px`).toBeLessThanOrEqual(label.maxWidth);
        // Shrunk only as far as needed, and still legible.
        expect(label.size).toBeGreaterThanOrEqual(12);
      }
      const key = keyLabels(locale);
      expect(key.width, `${locale} key "${key.texts.join(' / ')}" at ${key.size} px`).toBeLessThanOrEqual(key.maxWidth);
      expect(key.size).toBeGreaterThanOrEqual(12);
    });

    it(`${locale}: every board and chart draws`, () => {
      for (const view of [lateGameBoard(), mergerBoard(), safeChainsBoard()])
        expect(renderBoard(view, { turnOf: 'Chiara', locale }).length).toBeGreaterThan(1000);
      expect(renderPriceChart(options('set2008', 'tycoon'), locale).length).toBeGreaterThan(1000);
      expect(renderNetWorthChart(finishedGame(), locale).length).toBeGreaterThan(1000);
    });
  }

  it('has every character of every catalog in the bundled font (Polish ąęłńśźż included)', () => {
    const characters = new Set<number>();
    const collect = (value: unknown): void => {
      if (typeof value === 'string') for (const character of value.replace(/\{\{[^}]*\}\}/g, '')) characters.add(character.codePointAt(0)!);
      else if (value && typeof value === 'object') for (const entry of Object.values(value)) collect(entry);
    };
    for (const locale of LOCALES) collect(CATALOGS[locale]);
    for (const polish of 'ąęłńśźż') expect(characters.has(polish.codePointAt(0)!)).toBe(true);
    const covered = fontCharacters(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'));
    // Emoji are never drawn in pictures (the board drops them); every other character must be the font's.
    const missing = [...characters].filter((code) => !covered.has(code) && !/\p{Extended_Pictographic}|\uFE0F|\p{Cc}/u.test(String.fromCodePoint(code)));
    expect(missing.map((code) => String.fromCodePoint(code))).toEqual([]);
  });
});

/** The characters a TrueType font has glyphs for: its cmap's Unicode BMP subtable (format 4). */
function fontCharacters(path: string): Set<number> {
  const font = readFileSync(path);
  const tables = font.readUInt16BE(4);
  let cmap = -1;
  for (let table = 0; table < tables; table++)
    if (font.toString('latin1', 12 + 16 * table, 16 + 16 * table) === 'cmap') cmap = font.readUInt32BE(12 + 16 * table + 8);
  const covered = new Set<number>();
  const subtables = font.readUInt16BE(cmap + 2);
  for (let index = 0; index < subtables; index++) {
    const record = cmap + 4 + 8 * index;
    const at = cmap + font.readUInt32BE(record + 4);
    if (font.readUInt16BE(record) !== 3 || font.readUInt16BE(record + 2) !== 1 || font.readUInt16BE(at) !== 4) continue;
    const segments = font.readUInt16BE(at + 6) / 2;
    const ends = at + 14;
    const starts = ends + 2 * segments + 2;
    const deltas = starts + 2 * segments;
    const offsets = deltas + 2 * segments;
    for (let segment = 0; segment < segments; segment++) {
      const end = font.readUInt16BE(ends + 2 * segment);
      const start = font.readUInt16BE(starts + 2 * segment);
      const delta = font.readInt16BE(deltas + 2 * segment);
      const offset = font.readUInt16BE(offsets + 2 * segment);
      for (let code = start; code <= end && code !== 0xffff; code++) {
        const glyph = offset === 0 ? (code + delta) & 0xffff : font.readUInt16BE(offsets + 2 * segment + offset + 2 * (code - start));
        if (glyph !== 0) covered.add(code);
      }
    }
  }
  return covered;
}

describe('golden pictures in German', () => {
  it('a full late-game board', async () => {
    await expectMatchesGolden('board-late-game-de', renderBoard(lateGameBoard(), { turnOf: 'Chiara', locale: 'de' }));
  });

  it('a board in the middle of a merger', async () => {
    await expectMatchesGolden('board-merger-de', renderBoard(mergerBoard(), { locale: 'de' }));
  });

  it('the tycoon price chart with the 2008 chains', async () => {
    await expectMatchesGolden('prices-tycoon-2008-de', renderPriceChart(options('set2008', 'tycoon'), 'de'));
  });

  it('the end-of-game net-worth chart', async () => {
    await expectMatchesGolden('net-worth-de', renderNetWorthChart(finishedGame(), 'de'));
  });
});
