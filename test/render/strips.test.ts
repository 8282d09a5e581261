/**
 * The board is encoded in bands, and a band already encoded for one board is reused in any later
 * board that draws the same there (src/render/board.ts). These tests hold that reuse to what a
 * player would notice: a board never shows a row left over from another board, the picture is
 * one any PNG reader takes, and what is kept stays bounded.
 */
import { inflateSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import type * as BoardModule from '../../src/render/board.js';
import { tileName } from '../../src/engine/board.js';
import { renderBoard, renderBoardDrawn, STRIP_BUDGET_BYTES, stripCacheBytes, stripsEncoded } from '../../src/render/board.js';
import { interleavedBoards } from './fixtures.js';
import { decodePng } from './golden.js';

/** A few seeded games of both chain sets, some with hidden holdings, their turns interleaved. */
function interleaved(seeds: readonly number[]): ReturnType<typeof interleavedBoards> {
  return interleavedBoards(
    seeds.map((seed, index) => ({
      seed,
      players: 3 + (index % 3),
      options: index % 2 === 0 ? {} : { chainSet: 'set2008' as const, holdings: 'hidden' as const },
    })),
  );
}

/** The PNG's chunks by type, in order. */
function chunks(png: Buffer): { type: string; data: Buffer }[] {
  const found: { type: string; data: Buffer }[] = [];
  for (let offset = 8; offset < png.length; ) {
    const length = png.readUInt32BE(offset);
    found.push({ type: png.toString('latin1', offset + 4, offset + 8), data: png.subarray(offset + 8, offset + 8 + length) });
    offset += 12 + length;
  }
  return found;
}

describe('boards encoded from kept bands', () => {
  const boards = interleaved([31, 32, 33, 34]);

  it('are byte for byte the boards drawn from nothing, whatever was drawn before', async () => {
    const drawn = boards.map(({ view, turnOf }) => renderBoard(view, { turnOf }));
    // A second copy of the renderer, with nothing kept, draws every fifth board, last first.
    vi.resetModules();
    const fresh = (await import('../../src/render/board.js')) as typeof BoardModule;
    let compared = 0;
    for (let index = boards.length - 1; index >= 0; index -= 5) {
      const { view, turnOf } = boards[index]!;
      expect(fresh.renderBoard(view, { turnOf }).equals(drawn[index]!), `board ${index} of ${boards.length}`).toBe(true);
      compared++;
    }
    expect(compared).toBeGreaterThan(100);
  });

  it("set the grid's rows together from tiles mapped once, byte for byte the rows the canvas draws", () => {
    // Every board of these games, both chain sets, every tile framed at some point: the composed
    // rows (tiles set into the static layer's entries) against every band drawn and encoded anew.
    let compared = 0;
    for (const { view, turnOf } of boards) {
      const composed = renderBoard(view, { turnOf });
      expect(composed.equals(renderBoardDrawn(view, { turnOf })), `turn ${view.turn} with ${view.chains.length} chains`).toBe(true);
      compared++;
    }
    expect(compared).toBe(boards.length);
    // A frame on a cell with no tile (a view naming a last tile not on the board) is drawn too.
    const { view } = boards[Math.floor(boards.length / 2)]!;
    const empty = view.board.indexOf(null);
    const strayFrame = { ...view, lastPlacedTile: tileName(empty) };
    expect(renderBoard(strayFrame).equals(renderBoardDrawn(strayFrame))).toBe(true);
    expect(renderBoard(strayFrame).equals(renderBoard(view))).toBe(false);
  });

  it('are PNGs any reader takes: the data inflates, its checksum holds, to every row of the picture', async () => {
    for (const index of [0, 1, Math.floor(boards.length / 2), boards.length - 1]) {
      const png = renderBoard(boards[index]!.view, { turnOf: boards[index]!.turnOf });
      const found = chunks(png);
      expect(found.map((chunk) => chunk.type)).toEqual(['IHDR', 'PLTE', 'IDAT', 'IEND']);
      const header = found[0]!.data;
      const width = header.readUInt32BE(0);
      const height = header.readUInt32BE(4);
      // inflateSync checks the Adler-32 at the end of the data and throws when it is wrong.
      expect(inflateSync(found[2]!.data).length).toBe(height * (width + 1));
      // libpng (through node-canvas) checks every chunk's CRC.
      const pixels = await decodePng(png);
      expect([pixels.width, pixels.height]).toEqual([width, height]);
    }
  });

  it('keep at most their budget, however many boards are drawn', () => {
    for (const { view, turnOf } of boards) renderBoard(view, { turnOf });
    for (const { view, turnOf } of interleaved([41, 42, 43, 44, 45, 46])) renderBoard(view, { turnOf });
    expect(stripCacheBytes()).toBeGreaterThan(STRIP_BUDGET_BYTES / 2);
    // One strip more than the budget at most (the newest is always kept); a strip is under 64 KB.
    expect(stripCacheBytes()).toBeLessThanOrEqual(STRIP_BUDGET_BYTES + 64 * 1024);
  });
});

describe('the bands a drawing thread keeps', () => {
  // A bot at Discord's default REST limit carries about 500 games (issue 15), drawn on two threads
  // by their homes (src/ai/pool.ts): some 250 games a thread, each of whose next board should
  // find its unchanged rows kept. In mid-game a game's rows are its own, unlike the opening's
  // empty rows that every game shares, and each board leaves the strips of the rows it changed
  // behind: a cache too small for all that redraws every band of every board, some twelve
  // bands a board instead of two, four to five times the work (`npm run bench render`).
  it("are enough for 250 games in mid-game at once: a game's next board redraws only what changed", () => {
    const boards = interleavedBoards(Array.from({ length: 250 }, (_, game) => ({ seed: 9000 + game, players: 4, playersOf: String(game) })));
    // Ten turns of every game, interleaved as the thread gets them, before the one counted.
    for (const { view, turnOf } of boards.filter((board) => board.step >= 60 && board.step < 70)) renderBoard(view, { turnOf });
    const next = boards.filter((board) => board.step === 70);
    expect(next.length).toBeGreaterThan(240);
    const before = stripsEncoded();
    for (const { view, turnOf } of next) renderBoard(view, { turnOf });
    // The status lines every time, the row of the tile played, the row that framed the tile
    // before, a legend row or two.
    expect((stripsEncoded() - before) / next.length).toBeLessThan(4);
  });
});
