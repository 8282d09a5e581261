/**
 * Small pictures drawn once and stamped many times: tiles, chips and pieces of text. Laying
 * out text with Pango costs far more than copying its pixels, and the same tiles and numbers
 * come back on every board, so each is drawn once per process.
 */
import { createCanvas, type Canvas, type CanvasRenderingContext2D } from 'canvas';
import { BoundedCache } from './cache.js';
import { font } from './fonts.js';

/**
 * The sprites a thread keeps, in bytes of pixels (4 a pixel). A board's recurring sprites (tiles,
 * chips, numbers, the legend's words) take a few MB; what fills the rest comes and goes: the
 * status line names the player in turn, so a thousand games bring a thousand names. Bounded by
 * count, as it was, those wide lines of text (50 KB and more each) let the cache of each drawing
 * thread grow to 80 MB under load.
 */
export const SPRITE_BUDGET_BYTES = 12 * 1024 * 1024;

const bytesOf = (canvas: Canvas): number => canvas.width * canvas.height * 4;

// An evicted sprite gives its pixels back now rather than whenever this thread next collects its
// garbage (an idle drawing thread may not for minutes). Nothing holds an evicted sprite: every
// caller draws the sprite it is handed before asking for another.
const sprites = new BoundedCache<Canvas>(SPRITE_BUDGET_BYTES, bytesOf, (old) => (old.width = 0));

/** The sprite under `key`, made by `make` the first time. */
function cached(key: string, make: () => Canvas): Canvas {
  let canvas = sprites.get(key);
  if (!canvas) {
    canvas = make();
    sprites.set(key, canvas);
  }
  return canvas;
}

/** Bytes of pixels the sprite cache holds now (at most `SPRITE_BUDGET_BYTES`, or one sprite more). */
export function spriteCacheBytes(): number {
  return sprites.bytes;
}

/** The sprite under `key`, drawn by `draw` on a transparent canvas the first time. */
export function sprite(key: string, width: number, height: number, draw: (ctx: CanvasRenderingContext2D) => void): Canvas {
  return cached(key, () => {
    const canvas = createCanvas(width, height);
    draw(canvas.getContext('2d'));
    return canvas;
  });
}

interface TextStyle {
  size: number;
  colour: string;
  weight?: 'normal' | 'bold';
  /** Which point of the text `x` names; vertically `y` is always the middle. */
  align?: 'left' | 'center' | 'right';
}

/** Pango needs no measuring context of its own; any canvas will do. */
const measuring = createCanvas(1, 1).getContext('2d');

/** Draw one line of text with its middle at `y`; returns its width. */
export function drawText(ctx: CanvasRenderingContext2D, text: string, x: number, y: number, style: TextStyle): number {
  const weight = style.weight ?? 'normal';
  const key = `text|${style.size}|${weight}|${style.colour}|${text}`;
  const image = cached(key, () => {
    const height = Math.ceil(style.size * 1.6);
    const canvas = createCanvas(textWidth(text, style.size, weight) + 2 * TEXT_PAD, height);
    const sprite = canvas.getContext('2d');
    sprite.font = font(style.size, weight);
    sprite.fillStyle = style.colour;
    sprite.textBaseline = 'middle';
    sprite.fillText(text, TEXT_PAD, height / 2);
    return canvas;
  });
  const width = image.width - 2 * TEXT_PAD;
  const align = style.align ?? 'left';
  const left = align === 'left' ? x : align === 'center' ? x - width / 2 : x - width;
  // Whole-pixel positions copy the sprite exactly instead of resampling it into a blur.
  ctx.drawImage(image, Math.round(left - TEXT_PAD), Math.round(y - image.height / 2));
  return width;
}

/** Room around text for glyphs that reach past their advance width. */
const TEXT_PAD = 3;

/**
 * `text` cut (at a whole character, never inside a surrogate pair or an emoji's code points)
 * with an ellipsis so that it is drawn at most `maxWidth` wide.
 */
export function fitText(text: string, maxWidth: number, size: number, weight: 'normal' | 'bold' = 'normal'): string {
  if (textWidth(text, size, weight) <= maxWidth) return text;
  const characters = [...new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(text)].map((part) => part.segment);
  let low = 0;
  let high = characters.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (textWidth(`${characters.slice(0, middle).join('')}…`, size, weight) <= maxWidth) low = middle;
    else high = middle - 1;
  }
  return `${characters.slice(0, low).join('')}…`;
}

/** How wide `text` is drawn at this size, in pixels. */
export function textWidth(text: string, size: number, weight: 'normal' | 'bold' = 'normal'): number {
  measuring.font = font(size, weight);
  return Math.ceil(measuring.measureText(text).width);
}
