/**
 * The end-of-game summary: an animated GIF of the board filling up turn by turn. Frames are
 * drawn straight into a small palette (the board's own colours), so there is nothing to
 * quantize, and each frame after the first holds only the cells its turn changed.
 */
import * as gifenc from 'gifenc';
import { COLUMNS, ROWS } from '../engine/board.js';
import { UNINCORPORATED, type Cell, type ChainState } from '../engine/types.js';
import { chainColour, THEME } from './palette.js';

const CELL = 22;
const GAP = 2;
const MARGIN = 6;
export const ANIMATION_WIDTH = 2 * MARGIN + COLUMNS * CELL;
export const ANIMATION_HEIGHT = 2 * MARGIN + ROWS * CELL;
/** A frame per turn, quick; the last one lingers. */
const FRAME_MS = 120;
const LAST_FRAME_MS = 3000;
/** Sixteen colours (four bits a pixel): the four of the board and one per chain, seven at most. */
const COLOUR_BITS = 4;
const PALETTE_SIZE = 1 << COLOUR_BITS;
/** GIF disposal 1: a frame stays as the next is drawn over it, so a frame need hold only what changed. */
const KEEP_PREVIOUS = 1;
const GRAPHIC_CONTROL_BYTES = 8;

/**
 * gifenc ships an ES module (which bundlers and vitest load, with named exports) and a CommonJS
 * main (which Node loads, its exports under `default`): take the encoder from either.
 */
function encoderFactory(): typeof gifenc.default.GIFEncoder {
  const loaded = gifenc as unknown as { GIFEncoder?: typeof gifenc.default.GIFEncoder; default?: { GIFEncoder?: typeof gifenc.default.GIFEncoder } };
  const factory = loaded.GIFEncoder ?? loaded.default?.GIFEncoder;
  if (!factory) throw new Error('gifenc did not load');
  return factory;
}

function rgb(hex: string): number[] {
  return [1, 3, 5].map((offset) => parseInt(hex.slice(offset, offset + 2), 16));
}

export interface AnimationFrame {
  board: readonly Cell[];
  /** The tile placed last, framed in white. */
  lastPlaced: number | null;
}

/** The board turn by turn as a looping GIF; `chains` gives each chain's colour by index. */
export function renderBoardAnimation(frames: readonly AnimationFrame[], chains: readonly Pick<ChainState, 'name'>[]): Buffer {
  // Palette: 0 background, 1 empty cell, 2 loose tile, 3 highlight, then one per chain.
  const palette = [
    rgb(THEME.background),
    rgb(THEME.emptyCell),
    rgb(THEME.unincorporated),
    rgb(THEME.highlight),
    ...chains.map((chain) => rgb(chainColour(chain.name))),
  ];
  if (palette.length > PALETTE_SIZE) throw new Error(`an animation has room for ${PALETTE_SIZE - 4} chains, not ${chains.length}`);
  while (palette.length < PALETTE_SIZE) palette.push([0, 0, 0]);
  const gif = encoderFactory()();
  // The picture as the frames so far leave it, and what each cell shows in it (-1: nothing yet).
  const pixels = new Uint8Array(ANIMATION_WIDTH * ANIMATION_HEIGHT);
  const shown = new Int16Array(COLUMNS * ROWS).fill(-1);
  frames.forEach((frame, number) => {
    const changed = { left: COLUMNS, right: -1, top: ROWS, bottom: -1 };
    for (let cell = 0; cell < COLUMNS * ROWS; cell++) {
      const value = frame.board[cell];
      const colour = value === null || value === undefined ? 1 : value === UNINCORPORATED ? 2 : 4 + value;
      const framed = frame.lastPlaced === cell;
      const look = 2 * colour + (framed ? 1 : 0);
      if (shown[cell] === look) continue;
      shown[cell] = look;
      paintCell(pixels, cell, colour, framed);
      const column = cell % COLUMNS;
      const row = Math.floor(cell / COLUMNS);
      changed.left = Math.min(changed.left, column);
      changed.right = Math.max(changed.right, column);
      changed.top = Math.min(changed.top, row);
      changed.bottom = Math.max(changed.bottom, row);
    }
    const delay = number === frames.length - 1 ? LAST_FRAME_MS : FRAME_MS;
    if (number === 0) {
      gif.writeFrame(pixels, ANIMATION_WIDTH, ANIMATION_HEIGHT, { palette, repeat: 0, delay, colorDepth: COLOUR_BITS, dispose: KEEP_PREVIOUS });
      return;
    }
    // Later frames cover only the cells that changed since the one before (a turn changes a
    // tile or two, a merger a chain's): encoding whole frames cost 34 ms for a 70-turn game.
    // A turn that changed nothing still gets its frame, the smallest: one background pixel.
    const area =
      changed.right < 0
        ? { x: 0, y: 0, width: 1, height: 1 }
        : {
            x: MARGIN + changed.left * CELL,
            y: MARGIN + changed.top * CELL,
            width: (changed.right - changed.left + 1) * CELL,
            height: (changed.bottom - changed.top + 1) * CELL,
          };
    const part = new Uint8Array(area.width * area.height);
    for (let y = 0; y < area.height; y++)
      part.set(pixels.subarray((area.y + y) * ANIMATION_WIDTH + area.x, (area.y + y) * ANIMATION_WIDTH + area.x + area.width), y * area.width);
    const at = gif.bytesView().length;
    gif.writeFrame(part, area.width, area.height, { delay, colorDepth: COLOUR_BITS, dispose: KEEP_PREVIOUS });
    placeFrame(gif.bytesView(), at, area.x, area.y);
  });
  gif.finish();
  return Buffer.from(gif.bytes());
}

/** A cell's tile square (inside the gap around it), framed in the highlight when it was placed last. */
function paintCell(pixels: Uint8Array, cell: number, colour: number, framed: boolean): void {
  const left = MARGIN + (cell % COLUMNS) * CELL;
  const top = MARGIN + Math.floor(cell / COLUMNS) * CELL;
  for (let y = GAP / 2; y < CELL - GAP / 2; y++) {
    const row = (top + y) * ANIMATION_WIDTH + left;
    for (let x = GAP / 2; x < CELL - GAP / 2; x++) {
      const edge = framed && (x < GAP / 2 + 2 || x >= CELL - GAP / 2 - 2 || y < GAP / 2 + 2 || y >= CELL - GAP / 2 - 2);
      pixels[row + x] = edge ? 3 : colour;
    }
  }
}

/**
 * Moves the frame gifenc just wrote from `at` to (x, y) of the picture. gifenc always places a
 * frame at the top left; its bytes there are the graphic control extension (8 bytes) and then the
 * image descriptor: 0x2C, the frame's left and top (16 bits each, little-endian), its size.
 */
function placeFrame(bytes: Uint8Array, at: number, x: number, y: number): void {
  const descriptor = at + GRAPHIC_CONTROL_BYTES;
  if (bytes[at] !== 0x21 || bytes[descriptor] !== 0x2c) throw new Error('gifenc wrote a frame in a layout this does not know');
  bytes[descriptor + 1] = x & 0xff;
  bytes[descriptor + 2] = x >> 8;
  bytes[descriptor + 3] = y & 0xff;
  bytes[descriptor + 4] = y >> 8;
}
