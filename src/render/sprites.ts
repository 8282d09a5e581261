/**
 * Small pictures drawn once and stamped many times: tiles, chips and pieces of text. Laying
 * out text with Pango costs far more than copying its pixels, and the same tiles and numbers
 * come back on every board, so each is drawn once per process.
 */
import { createCanvas, type Canvas, type CanvasRenderingContext2D } from 'canvas';
import { LRUCache } from 'lru-cache';
import { font } from './fonts.js';

/**
 * The sprites a thread keeps, in bytes of pixels (4 a pixel): what comes back board after board
 * and game after game (tiles, chips, numbers, the legend's and the status lines' words). With
 * the status lines kept whole (see `drawWords`) they took 12 MB over the 2,443 boards of 16
 * games; in words, 5.6 MB, a quarter of it loose tiles, which only a grid row drawn anew needs
 * (the rows are kept as strips).
 */
export const SPRITE_BUDGET_BYTES = 4 * 1024 * 1024;

/**
 * And the players' names, kept apart: a name comes back only on its game's next turn, so a small
 * bot's few dozen names stay kept while a busy bot's thousands come and go without pushing out
 * the sprites every board draws. In one cache of 12 MB, as before, a busy bot's names filled
 * it. The two hold 6 MB a drawing thread, and the boards are drawn no slower for it (`npm run
 * bench render`, both streams, runs alternated with the single cache: 2.2–2.7 ms a board
 * against 2.4–3.3 for 16 games, 3.2–3.7 against 3.0–4.3 for 200 games with their own players).
 * A name is kept as its coverage alone, a byte a pixel, and tinted as it is drawn (`drawText`):
 * some 8 KB a name at the status line's size instead of 34, so 2 MB holds some 240 names, a
 * thread's share of 200 games of two players (laying a new name out took 0.3–0.5 ms on a slow
 * machine, drawing a kept one 0.02–0.06).
 */
export const NAME_BUDGET_BYTES = 2 * 1024 * 1024;

const bytesOf = (canvas: Canvas): number => canvas.width * canvas.height * 4;
/** A name's sprite: one byte a pixel, each row padded to four (Cairo's stride). */
const nameBytesOf = (canvas: Canvas): number => Math.ceil(canvas.width / 4) * 4 * canvas.height;

// An evicted sprite gives its pixels back now rather than whenever this thread next collects its
// garbage (an idle drawing thread may not for minutes). Nothing holds an evicted sprite: every
// caller draws the sprite it is handed before asking for another.
const keptWithin = (maxSize: number, sizeCalculation: (canvas: Canvas) => number) =>
  new LRUCache<string, Canvas>({
    maxSize,
    sizeCalculation,
    dispose: (old, _key, reason) => {
      if (reason === 'evict') old.width = 0;
    },
  });
const sprites = keptWithin(SPRITE_BUDGET_BYTES, bytesOf);
const names = keptWithin(NAME_BUDGET_BYTES, nameBytesOf);

let namesMade = 0;

/** The sprite under `key` in `cache`, made by `make` the first time. */
function cached(key: string, make: () => Canvas, cache: LRUCache<string, Canvas> = sprites): Canvas {
  let canvas = cache.get(key);
  if (!canvas) {
    canvas = make();
    cache.set(key, canvas);
  }
  return canvas;
}

/** Names this thread has laid out and drawn so far, rather than found kept. */
export function namesDrawn(): number {
  return namesMade;
}

/** Bytes of pixels the caches hold now (each at most its budget, or one sprite more). */
export function spriteCacheBytes(): { sprites: number; names: number } {
  return { sprites: sprites.calculatedSize, names: names.calculatedSize };
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
  /** A player's name, or text that contains one: kept among the names (`NAME_BUDGET_BYTES`). */
  name?: boolean;
}

/** Pango needs no measuring context of its own; any canvas will do. */
const measuring = createCanvas(1, 1).getContext('2d');

/**
 * The sprite of `text` in this style, drawn the first time it is asked for. A name's is its
 * coverage alone (`NAME_BUDGET_BYTES`), in no colour: `drawText` tints it.
 */
function textSprite(text: string, style: TextStyle): Canvas {
  const weight = style.weight ?? 'normal';
  const name = style.name === true;
  const key = `text|${style.size}|${weight}|${name ? '' : style.colour}|${text}`;
  return cached(
    key,
    () => {
      if (name) namesMade++;
      const height = Math.ceil(style.size * 1.6);
      const canvas = createCanvas(textWidth(text, style.size, weight) + 2 * TEXT_PAD, height);
      const sprite = canvas.getContext('2d', name ? { pixelFormat: 'A8' } : undefined);
      sprite.font = font(style.size, weight);
      sprite.fillStyle = name ? '#000' : style.colour;
      sprite.textBaseline = 'middle';
      sprite.fillText(text, TEXT_PAD, height / 2);
      return canvas;
    },
    name ? names : sprites,
  );
}

/** Draw one line of text with its middle at `y`; returns its width. */
export function drawText(ctx: CanvasRenderingContext2D, text: string, x: number, y: number, style: TextStyle): number {
  const sprite = textSprite(text, style);
  const width = sprite.width - 2 * TEXT_PAD;
  const align = style.align ?? 'left';
  const left = align === 'left' ? x : align === 'center' ? x - width / 2 : x - width;
  const image = style.name === true ? tinted(sprite, style.colour) : sprite;
  // Whole-pixel positions copy the sprite exactly instead of resampling it into a blur.
  ctx.drawImage(image, 0, 0, sprite.width, sprite.height, Math.round(left - TEXT_PAD), Math.round(y - sprite.height / 2), sprite.width, sprite.height);
  return width;
}

/** Where a name's coverage is tinted, grown to the largest name drawn; its top left holds the last one. */
let tint = createCanvas(1, 1);

/** `coverage` (a name's sprite) in `colour`, in the top left of `tint`: what drawing it with that fill would have made. */
function tinted(coverage: Canvas, colour: string): Canvas {
  if (tint.width < coverage.width || tint.height < coverage.height)
    tint = createCanvas(Math.max(tint.width, coverage.width), Math.max(tint.height, coverage.height));
  const ctx = tint.getContext('2d');
  ctx.globalCompositeOperation = 'copy';
  ctx.fillStyle = colour;
  ctx.fillRect(0, 0, coverage.width, coverage.height);
  // The colour kept where the glyphs cover, in their measure: the fill's own antialiasing.
  ctx.globalCompositeOperation = 'destination-in';
  ctx.drawImage(coverage, 0, 0);
  return tint;
}

/** A word of `drawWords`: its text, or a player's name (kept among the names, `NAME_BUDGET_BYTES`). */
export type Word = string | { name: string };

const wordStyle = (word: Word, style: TextStyle): [string, TextStyle] => (typeof word === 'string' ? [word, style] : [word.name, { ...style, name: true }]);

/**
 * Draw a line as separate words, each its own sprite, a space apart; returns its width. For lines
 * with a changing part ("Turn 37", "61 tiles in the bag", "Last tile 5C", "· Chiara to play"):
 * kept whole, every turn, count, tile and player made a sprite of the whole line (two thirds of
 * the 12 MB a stream of 16 games' boards kept); kept in words, the fixed words are one sprite
 * each and the changing ones small. Pango spaces the words of a line as this does, give or take
 * a pixel.
 */
export function drawWords(
  ctx: CanvasRenderingContext2D,
  words: readonly Word[],
  x: number,
  y: number,
  style: TextStyle & { align?: 'left' | 'right' },
): number {
  const space = spaceWidth(style.size, style.weight ?? 'normal');
  // Right-aligned, the last word is drawn first: each word's width is known once it is drawn.
  const fromRight = style.align === 'right';
  let at = x;
  let width = space * (words.length - 1);
  for (const word of fromRight ? [...words].reverse() : words) {
    const [text, drawn] = wordStyle(word, style);
    const wordWidth = drawText(ctx, text, at, y, drawn);
    at += fromRight ? -(wordWidth + space) : wordWidth + space;
    width += wordWidth;
  }
  return width;
}

/**
 * How wide `drawWords` draws these words, from their sprites (each made now if it is not kept,
 * as drawing it will need it): text already drawn is not measured again.
 */
export function wordsWidth(words: readonly Word[], style: TextStyle): number {
  const space = spaceWidth(style.size, style.weight ?? 'normal');
  return words.reduce((width, word) => width + textSprite(...wordStyle(word, style)).width - 2 * TEXT_PAD, space * (words.length - 1));
}

const spaces = new Map<string, number>();

/** How wide a space is drawn in this font, in whole pixels. */
function spaceWidth(size: number, weight: 'normal' | 'bold'): number {
  const key = `${size}|${weight}`;
  let width = spaces.get(key);
  if (width === undefined) {
    width = Math.round(advance(' ', size, weight));
    spaces.set(key, width);
  }
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
/**
 * The largest font size, `size` or less, at which `text` is drawn at most `maxWidth` wide: a
 * label in a fixed box (a heading, a key) shrinks rather than overflows in a longer language.
 */
export function fittedSize(text: string, maxWidth: number, size: number, weight: 'normal' | 'bold' = 'normal'): number {
  let fitted = size;
  while (fitted > MIN_FITTED_SIZE && textWidth(text, fitted, weight) > maxWidth) fitted--;
  return fitted;
}
const MIN_FITTED_SIZE = 10;

export function textWidth(text: string, size: number, weight: 'normal' | 'bold' = 'normal'): number {
  return Math.ceil(advance(text, size, weight));
}

/** How far Pango advances over `text` at this size, in fractional pixels. */
function advance(text: string, size: number, weight: 'normal' | 'bold'): number {
  measuring.font = font(size, weight);
  return measuring.measureText(text).width;
}
