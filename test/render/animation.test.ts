/** The end-of-game animation: a looping GIF with a frame per turn, small enough to post. */
import { describe, expect, it } from 'vitest';
import { ANIMATION_HEIGHT, ANIMATION_WIDTH, renderBoardAnimation } from '../../src/render/animation.js';
import { animationFrames, steps } from '../../src/replay/steps.js';
import { COLUMNS, ROWS } from '../../src/engine/board.js';
import { UNINCORPORATED } from '../../src/engine/types.js';
import { playRandomGame } from '../engine/playout.js';

/** Frames in a GIF: one graphic control extension (0x21 0xF9 0x04) each. */
function frameCount(gif: Buffer): number {
  let count = 0;
  for (let index = 0; index < gif.length - 2; index++) if (gif[index] === 0x21 && gif[index + 1] === 0xf9 && gif[index + 2] === 0x04) count++;
  return count;
}

/** A GIF's frames as a viewer shows them, one palette index a pixel (frames drawn over the last: disposal 0 or 1). */
function decodeFrames(gif: Buffer): Uint8Array[] {
  const width = gif.readUInt16LE(6);
  const flags = gif[10]!;
  let at = 13 + (flags & 0x80 ? 3 << ((flags & 7) + 1) : 0);
  const screen = new Uint8Array(width * gif.readUInt16LE(8));
  const shown: Uint8Array[] = [];
  const subBlocks = (): Buffer => {
    const parts: Buffer[] = [];
    for (let size = gif[at++]!; size > 0; size = gif[at++]!) {
      parts.push(gif.subarray(at, at + size));
      at += size;
    }
    return Buffer.concat(parts);
  };
  while (gif[at] !== 0x3b) {
    const introducer = gif[at++];
    if (introducer === 0x21) {
      const label = gif[at++];
      const data = subBlocks();
      if (label === 0xf9) expect((data[0]! >> 2) & 7).toBeLessThanOrEqual(1);
      continue;
    }
    expect(introducer).toBe(0x2c);
    const [left, top, frameWidth, frameHeight] = [0, 2, 4, 6].map((offset) => gif.readUInt16LE(at + offset)) as [number, number, number, number];
    const local = gif[at + 8]!;
    at += 9 + (local & 0x80 ? 3 << ((local & 7) + 1) : 0);
    const indices = lzwDecode(gif[at++]!, subBlocks(), frameWidth * frameHeight);
    for (let y = 0; y < frameHeight; y++) screen.set(indices.subarray(y * frameWidth, (y + 1) * frameWidth), (top + y) * width + left);
    shown.push(screen.slice());
  }
  return shown;
}

/** GIF's variable-width LZW, decoded: `count` indices. */
function lzwDecode(minimumCodeSize: number, data: Buffer, count: number): Uint8Array {
  const out = new Uint8Array(count);
  const clear = 1 << minimumCodeSize;
  let table: number[][] = [];
  const reset = () => {
    table = Array.from({ length: clear + 2 }, (_, code) => [code]);
  };
  reset();
  let size = minimumCodeSize + 1;
  let bits = 0;
  let buffer = 0;
  let written = 0;
  let previous: number[] | null = null;
  for (let byte = 0; byte < data.length && written < count; ) {
    while (bits < size && byte < data.length) {
      buffer |= data[byte++]! << bits;
      bits += 8;
    }
    if (bits < size) break;
    const code = buffer & ((1 << size) - 1);
    buffer >>>= size;
    bits -= size;
    if (code === clear) {
      reset();
      size = minimumCodeSize + 1;
      previous = null;
      continue;
    }
    if (code === clear + 1) break;
    const entry: number[] = code < table.length ? table[code]! : [...previous!, previous![0]!];
    if (previous) table.push([...previous, entry[0]!]);
    for (const index of entry) if (written < count) out[written++] = index;
    previous = entry;
    if (table.length === 1 << size && size < 12) size++;
  }
  expect(written).toBe(count);
  return out;
}

describe('the board, turn by turn', () => {
  it('shows every step of the game as it stood: each cell in its chain’s colour, the tile just played framed', () => {
    const game = playRandomGame(11, 4);
    const all = steps(game.setup, game.actions);
    const frames = animationFrames(all);
    const gif = renderBoardAnimation(frames, game.final.chains);
    const shown = decodeFrames(gif);
    expect(shown).toHaveLength(frames.length);
    // Cells 22 px apart inside a 6 px margin, each a 20 px square in a 1 px gap; palette 0 the
    // background, 1 an empty cell, 2 a loose tile, 3 the frame (2 px wide), 4 on the chains.
    const expected = (frame: (typeof frames)[number], x: number, y: number): number => {
      const [column, row] = [Math.floor((x - 6) / 22), Math.floor((y - 6) / 22)];
      const [inX, inY] = [(x - 6) % 22, (y - 6) % 22];
      if (x < 6 || y < 6 || column >= COLUMNS || row >= ROWS || inX < 1 || inX > 20 || inY < 1 || inY > 20) return 0;
      const cell = row * COLUMNS + column;
      if (frame.lastPlaced === cell && (inX < 3 || inX > 18 || inY < 3 || inY > 18)) return 3;
      const value = frame.board[cell];
      return value === null || value === undefined ? 1 : value === UNINCORPORATED ? 2 : 4 + value;
    };
    frames.forEach((frame, number) => {
      let wrong = 0;
      for (let y = 0; y < ANIMATION_HEIGHT; y++)
        for (let x = 0; x < ANIMATION_WIDTH; x++) if (shown[number]![y * ANIMATION_WIDTH + x] !== expected(frame, x, y)) wrong++;
      expect({ frame: number, wrong }).toEqual({ frame: number, wrong: 0 });
    });
    // Frames after the first hold only what changed (whole frames made 247 KB of this game).
    expect(gif.length).toBeLessThan(100 * 1024);
  });

  it('is a GIF with a frame per step of the game, a few hundred KB at most', () => {
    const game = playRandomGame(4, 6);
    const all = steps(game.setup, game.actions);
    const gif = renderBoardAnimation(animationFrames(all), game.final.chains);
    expect(gif.subarray(0, 6).toString('latin1')).toBe('GIF89a');
    expect(gif.readUInt16LE(6)).toBe(ANIMATION_WIDTH);
    expect(gif.readUInt16LE(8)).toBe(ANIMATION_HEIGHT);
    expect(frameCount(gif)).toBe(all.length);
    expect(gif.length).toBeLessThan(400 * 1024);
    // It loops (the NETSCAPE2.0 extension) and ends with the trailer.
    expect(gif.includes(Buffer.from('NETSCAPE2.0'))).toBe(true);
    expect(gif.at(-1)).toBe(0x3b);
  });
});
