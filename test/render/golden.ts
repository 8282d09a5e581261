/**
 * Golden-image comparison: a picture must match its committed reference PNG within a small
 * tolerance, because font rasterisation differs by a few pixels between Cairo and FreeType
 * builds. `UPDATE_GOLDEN=1` writes the reference instead; a missing reference fails.
 */
import { createCanvas, loadImage } from 'canvas';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const GOLDEN_DIR = fileURLToPath(new URL('./golden/', import.meta.url));
const OUTPUT_DIR = fileURLToPath(new URL('./__output__/', import.meta.url));
/** A channel differing by more than this counts the pixel as different (anti-aliasing noise is less). */
const CHANNEL_THRESHOLD = 32;
/** The share of pixels allowed to differ. */
const MAX_DIFFERENT = 0.005;

export interface Pixels {
  width: number;
  height: number;
  /** RGBA, row by row. */
  data: Uint8ClampedArray;
}

export async function decodePng(png: Buffer): Promise<Pixels> {
  const image = await loadImage(png);
  const canvas = createCanvas(image.width, image.height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(image, 0, 0);
  return { width: image.width, height: image.height, data: ctx.getImageData(0, 0, image.width, image.height).data };
}

/** The `#rrggbb` colour of one pixel. */
export function pixelAt(pixels: Pixels, x: number, y: number): string {
  const offset = (Math.round(y) * pixels.width + Math.round(x)) * 4;
  const hex = (value: number | undefined) => (value ?? 0).toString(16).padStart(2, '0');
  return `#${hex(pixels.data[offset])}${hex(pixels.data[offset + 1])}${hex(pixels.data[offset + 2])}`;
}

/** How many pixels differ visibly, of how many. */
export function countDifferentPixels(a: Pixels, b: Pixels): number {
  let different = 0;
  for (let offset = 0; offset < a.data.length; offset += 4) {
    for (let channel = 0; channel < 3; channel++) {
      if (Math.abs((a.data[offset + channel] ?? 0) - (b.data[offset + channel] ?? 0)) > CHANNEL_THRESHOLD) {
        different++;
        break;
      }
    }
  }
  return different;
}

/** Throws, naming the file to look at, when `png` does not match `golden/<name>.png`. */
export async function expectMatchesGolden(name: string, png: Buffer): Promise<void> {
  const goldenPath = `${GOLDEN_DIR}${name}.png`;
  if (!existsSync(goldenPath) && process.env.UPDATE_GOLDEN !== '1') {
    // A missing reference is a failure, not a pass: a picture nobody looked at proves nothing.
    mkdirSync(OUTPUT_DIR, { recursive: true });
    writeFileSync(`${OUTPUT_DIR}${name}.png`, png);
    throw new Error(
      `test/render/golden/${name}.png is missing; look at test/render/__output__/${name}.png and, if it is right, rerun with UPDATE_GOLDEN=1 and commit it`,
    );
  }
  if (process.env.UPDATE_GOLDEN === '1') {
    mkdirSync(GOLDEN_DIR, { recursive: true });
    writeFileSync(goldenPath, png);
    console.log(`golden image written: test/render/golden/${name}.png (commit it)`);
    return;
  }
  const [actual, expected] = await Promise.all([decodePng(png), decodePng(readFileSync(goldenPath))]);
  let problem: string | undefined;
  if (actual.width !== expected.width || actual.height !== expected.height) {
    problem = `is ${actual.width}x${actual.height}, the golden image ${expected.width}x${expected.height}`;
  } else {
    const different = countDifferentPixels(actual, expected);
    const share = different / (actual.width * actual.height);
    if (share > MAX_DIFFERENT) problem = `differs from the golden image in ${different} pixels (${(share * 100).toFixed(2)}%)`;
  }
  if (problem) {
    mkdirSync(OUTPUT_DIR, { recursive: true });
    writeFileSync(`${OUTPUT_DIR}${name}.png`, png);
    throw new Error(`${name}.png ${problem}; see test/render/__output__/${name}.png, or rerun with UPDATE_GOLDEN=1 if the change is intended`);
  }
}
