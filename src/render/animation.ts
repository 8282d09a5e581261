/**
 * The end-of-game summary: an animated GIF of the board filling up turn by turn. Frames are
 * drawn straight into a small palette (the board's own colours), so there is nothing to
 * quantize and a 100-turn game encodes in a few milliseconds, a few tens of kilobytes.
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
  const palette = [rgb(THEME.background), rgb(THEME.emptyCell), rgb(THEME.unincorporated), rgb(THEME.highlight), ...chains.map((chain) => rgb(chainColour(chain.name)))];
  while (palette.length < 16) palette.push([0, 0, 0]);
  const gif = encoderFactory()();
  const pixels = new Uint8Array(ANIMATION_WIDTH * ANIMATION_HEIGHT);
  frames.forEach((frame, number) => {
    pixels.fill(0);
    for (let cell = 0; cell < COLUMNS * ROWS; cell++) {
      const value = frame.board[cell];
      const colour = value === null || value === undefined ? 1 : value === UNINCORPORATED ? 2 : 4 + value;
      const left = MARGIN + (cell % COLUMNS) * CELL;
      const top = MARGIN + Math.floor(cell / COLUMNS) * CELL;
      const framed = frame.lastPlaced === cell;
      for (let y = GAP / 2; y < CELL - GAP / 2; y++) {
        const row = (top + y) * ANIMATION_WIDTH + left;
        for (let x = GAP / 2; x < CELL - GAP / 2; x++) {
          const edge = framed && (x < GAP / 2 + 2 || x >= CELL - GAP / 2 - 2 || y < GAP / 2 + 2 || y >= CELL - GAP / 2 - 2);
          pixels[row + x] = edge ? 3 : colour;
        }
      }
    }
    const last = number === frames.length - 1;
    gif.writeFrame(pixels, ANIMATION_WIDTH, ANIMATION_HEIGHT, { ...(number === 0 ? { palette, repeat: 0 } : {}), delay: last ? LAST_FRAME_MS : FRAME_MS });
  });
  gif.finish();
  return Buffer.from(gif.bytes());
}
