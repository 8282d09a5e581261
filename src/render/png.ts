/**
 * PNG encoding for the pictures, as an 8-bit indexed image, in strips that can be reused.
 *
 * The pictures are flat colours plus anti-aliased text and lines: a few hundred distinct
 * colours at most, so 256 palette entries lose nothing a player can see. Writing one byte per
 * pixel instead of four makes deflate four times cheaper and the file about half the size of
 * node-canvas's own RGBA encoder at the same speed setting.
 *
 * A picture's pixel data is a series of strips (runs of whole rows), each deflated on its own and
 * ended on a byte boundary, so that a strip encoded for one picture can stand in another
 * with the same palette: the board is drawn a turn at a time, and from one turn to the next most
 * of its rows do not change (src/render/board.ts keeps the strips it has made).
 */
import type { Canvas } from 'canvas';
import { constants, crc32, deflateRawSync } from 'node:zlib';

/** Colours are binned to 5-6-5 bits (what the eye tells apart in anti-aliasing). */
const BIN_COUNT = 1 << 16;
const MAX_PALETTE = 256;
/** A palette read from a picture counts every n-th pixel: flat areas dominate, so a sample finds them all. */
const SAMPLE_STRIDE = 13;

/**
 * Pixels in Cairo's own layout, read four bytes at a time: 0xAARRGGBB. Signed on purpose: opaque
 * pixels are above 2^31, which an unsigned read would turn into a floating-point number in every
 * comparison of the encoding loop.
 */
type Pixels = Int32Array;

function binOf(pixel: number): number {
  return (((pixel >>> 19) & 0x1f) << 11) | (((pixel >>> 10) & 0x3f) << 5) | ((pixel >>> 3) & 0x1f);
}

// What `Palette.of` counts, by bin; zero between calls. The exact colour of a bin is found by a
// majority vote (Boyer and Moore's): a flat colour, most of its bin's pixels, always wins it,
// without counting every exact colour.
const sampleCount = new Uint32Array(BIN_COUNT);
const sampleColour = new Int32Array(BIN_COUNT);
const sampleVotes = new Int32Array(BIN_COUNT);

function countSample(pixel: number, times: number, bins: number[]): void {
  const bin = binOf(pixel);
  if (sampleCount[bin] === 0) bins.push(bin);
  sampleCount[bin] = (sampleCount[bin] as number) + times;
  const votes = sampleVotes[bin] as number;
  if (sampleColour[bin] === pixel) sampleVotes[bin] = votes + times;
  else if (votes >= times) sampleVotes[bin] = votes - times;
  else {
    sampleColour[bin] = pixel;
    sampleVotes[bin] = times - votes;
  }
}

/** Up to 256 colours, and for every colour the entry that shows it. */
export class Palette {
  /** The entries as PNG's PLTE chunk wants them: red, green, blue. */
  readonly rgb: Buffer;
  /** The entry of each colour bin, valid where `binKnown` is set: found once, then looked up. */
  private readonly entryOfBin = new Uint8Array(BIN_COUNT);
  private readonly binKnown = new Uint8Array(BIN_COUNT);

  /**
   * The palette of the pictures `samples` come from: the most frequent colour bins, each shown by
   * the exact colour that wins its bin's majority vote, which a flat colour (most of its bin)
   * always does: it is kept exactly (a player, and a test, reads a chain by its colour).
   */
  static of(samples: readonly Pixels[]): Palette {
    const bins: number[] = [];
    for (const pixels of samples) {
      // Counted run by run: a sample of a flat picture repeats one colour many times over.
      let run = 0;
      let previous = pixels[0] ?? 0;
      for (let index = 0; index < pixels.length; index += SAMPLE_STRIDE) {
        const pixel = pixels[index] as number;
        if (pixel === previous) {
          run++;
          continue;
        }
        countSample(previous, run, bins);
        previous = pixel;
        run = 1;
      }
      countSample(previous, run, bins);
    }
    // Ties broken by bin, so the same pictures always give the same palette.
    bins.sort((a, b) => (sampleCount[b] as number) - (sampleCount[a] as number) || a - b);
    const chosen = bins.slice(0, MAX_PALETTE);
    const palette = new Palette(chosen.map((bin) => sampleColour[bin] as number));
    chosen.forEach((bin, entry) => palette.learn(bin, entry));
    // Clear only the bins these pictures touched, ready for the next palette.
    for (const bin of bins) {
      sampleCount[bin] = 0;
      sampleVotes[bin] = 0;
    }
    return palette;
  }

  private constructor(colours: readonly number[]) {
    this.rgb = Buffer.alloc(colours.length * 3);
    colours.forEach((colour, entry) => {
      this.rgb[entry * 3] = (colour >>> 16) & 0xff;
      this.rgb[entry * 3 + 1] = (colour >>> 8) & 0xff;
      this.rgb[entry * 3 + 2] = colour & 0xff;
    });
  }

  private learn(bin: number, entry: number): void {
    this.entryOfBin[bin] = entry;
    this.binKnown[bin] = 1;
  }

  /**
   * The entry that shows `pixel`: its bin's own, or the one nearest the bin's middle, weighting
   * green most as the eye does. Nearest the middle rather than the first pixel seen: a bin's entry
   * must not depend on which pictures came first, or a strip would differ between threads.
   */
  entryOf(pixel: number): number {
    const bin = binOf(pixel);
    if (this.binKnown[bin] === 1) return this.entryOfBin[bin] as number;
    const red = ((bin >>> 11) << 3) | 4;
    const green = (((bin >>> 5) & 0x3f) << 2) | 2;
    const blue = ((bin & 0x1f) << 3) | 4;
    let best = 0;
    let bestDistance = Number.POSITIVE_INFINITY;
    for (let entry = 0; entry < this.rgb.length / 3; entry++) {
      const dr = (this.rgb[entry * 3] as number) - red;
      const dg = (this.rgb[entry * 3 + 1] as number) - green;
      const db = (this.rgb[entry * 3 + 2] as number) - blue;
      const distance = 2 * dr * dr + 4 * dg * dg + 3 * db * db;
      if (distance < bestDistance) {
        bestDistance = distance;
        best = entry;
      }
    }
    this.learn(bin, best);
    return best;
  }
}

/** Whole rows of a picture, palette-mapped and deflated on their own (see the top of this file). */
export interface Strip {
  /** Raw deflate data ending on a byte boundary, no final block: strips concatenate. */
  readonly deflated: Buffer;
  /** Adler-32 and length of the scanlines, which zlib's trailer needs for the whole picture. */
  readonly adler: number;
  readonly length: number;
}

/**
 * The pixels of an opaque canvas, in a buffer of their own. (Cairo's own copy: `getImageData`
 * converts every pixel and, for a whole picture, cost several times as much.)
 */
export function pixelsOf(canvas: Canvas): Pixels {
  const copy = canvas.toBuffer('raw');
  // A 32-bit view needs an aligned start; node-canvas gives one, but a pooled buffer would not.
  const raw = copy.byteOffset % 4 === 0 ? copy : Buffer.from(new Uint8Array(copy).buffer);
  return new Int32Array(raw.buffer, raw.byteOffset, raw.length >> 2);
}

/** The scanlines being built and the runs of the last row mapped; kept between calls (fresh buffers a strip cost page faults). */
let scanlineBuffer = Buffer.alloc(0);
let runBuffer = new Int32Array(0);

/** Encode `height` rows of `width` pixels as a strip. */
export function encodeStrip(pixels: Pixels, width: number, height: number, palette: Palette): Strip {
  const size = height * (width + 1);
  if (scanlineBuffer.length < size) scanlineBuffer = Buffer.alloc(size);
  if (runBuffer.length < 2 * width) runBuffer = new Int32Array(2 * width);
  const scanlines = scanlineBuffer;
  // The last row mapped as runs of one entry: (entry, length) pairs. The checksum is summed run
  // by run from these, not byte by byte in a second pass over the scanlines.
  const runs = runBuffer;
  let runPairs = 0;
  let adlerA = 1;
  let adlerB = 0;
  const bytes = Buffer.from(pixels.buffer, pixels.byteOffset, pixels.byteLength);
  const rowBytes = width * 4;
  let out = 0;
  let pixel = 0;
  for (let y = 0; y < height; y++) {
    // Each scanline is a filter byte (0: none, best for indexed images) and its entries.
    scanlines[out++] = 0;
    adlerB += adlerA;
    // Flat pictures repeat many rows exactly (above and below every line of text); a native
    // compare and copy is far cheaper than mapping the row again.
    if (y > 0 && bytes.compare(bytes, y * rowBytes, (y + 1) * rowBytes, (y - 1) * rowBytes, y * rowBytes) === 0) {
      scanlines.copy(scanlines, out, out - width - 1, out - 1);
      out += width;
      pixel += width;
    } else {
      let previous = pixels[pixel++] as number;
      let entry = palette.entryOf(previous);
      let runStart = out;
      scanlines[out++] = entry;
      runPairs = 0;
      for (let x = 1; x < width; x++) {
        const value = pixels[pixel++] as number;
        // Runs of one colour are the common case; skip the lookup for them. (This loop is most
        // of the encoding time, hence the casts instead of `?? 0` on every read.)
        if (value !== previous) {
          previous = value;
          const next = palette.entryOf(value);
          if (next !== entry) {
            runs[runPairs++] = entry;
            runs[runPairs++] = out - runStart;
            entry = next;
            runStart = out;
          }
        }
        scanlines[out++] = entry;
      }
      runs[runPairs++] = entry;
      runs[runPairs++] = out - runStart;
    }
    // A run of n bytes of value v adds n*v to A, and to B n*A plus v*(1 + 2 + ... + n).
    for (let pair = 0; pair < runPairs; pair += 2) {
      const value = runs[pair] as number;
      const length = runs[pair + 1] as number;
      adlerB += length * adlerA + (value * length * (length + 1)) / 2;
      adlerA += length * value;
    }
    // Reduced a row at a time: a row of any picture this size leaves both sums far below 2^53,
    // where a double stops counting exactly.
    adlerA %= ADLER_BASE;
    adlerB %= ADLER_BASE;
  }
  return deflatedStrip(scanlines.subarray(0, out), ((adlerB << 16) | adlerA) >>> 0);
}

/**
 * A strip from scanlines already made (each row a filter byte, 0, and its palette entries), as
 * src/render/board.ts sets them together from pieces it mapped before.
 */
export function stripOfScanlines(scanlines: Uint8Array): Strip {
  return deflatedStrip(scanlines, adler32(scanlines));
}

function deflatedStrip(scanlines: Uint8Array, adler: number): Strip {
  // Run-length matching only: it finds the long runs of one entry that make up these pictures
  // at a fraction of full deflate's time. A sync flush ends the data on a byte boundary
  // without a final block, so that another strip can follow.
  const deflated = deflateRawSync(scanlines, { level: 1, strategy: constants.Z_RLE, finishFlush: constants.Z_SYNC_FLUSH });
  // Owned memory: a small result shares Node's buffer pool, which a kept strip would pin.
  const owned = Buffer.allocUnsafeSlow(deflated.length);
  deflated.copy(owned);
  return { deflated: owned, adler, length: scanlines.length };
}

/** Each pixel's palette entry, row after row (no filter bytes): a piece to set into scanlines. */
export function entriesOf(pixels: Pixels, palette: Palette): Uint8Array {
  const entries = new Uint8Array(pixels.length);
  let previous = pixels[0] as number;
  let entry = palette.entryOf(previous);
  for (let index = 0; index < pixels.length; index++) {
    const value = pixels[index] as number;
    if (value !== previous) {
      previous = value;
      entry = palette.entryOf(value);
    }
    entries[index] = entry;
  }
  return entries;
}

/** Bytes summed between reductions: the sums stay small integers (V8's fast ones), far below 2^31. */
const ADLER_CHUNK = 3000;

function adler32(bytes: Uint8Array): number {
  let a = 1;
  let b = 0;
  for (let index = 0; index < bytes.length; ) {
    const end = Math.min(index + ADLER_CHUNK, bytes.length);
    for (; index < end; index++) {
      a += bytes[index] as number;
      b += a;
    }
    a %= ADLER_BASE;
    b %= ADLER_BASE;
  }
  return ((b << 16) | a) >>> 0;
}

/** A picture of `width` x `height` pixels from strips that together hold every row, top to bottom. */
export function assemblePng(width: number, height: number, palette: Palette, strips: readonly Strip[]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 3; // colour type: indexed
  let adler = 1;
  for (const strip of strips) adler = adler32Combine(adler, strip.adler, strip.length);
  const trailer = Buffer.alloc(6);
  // An empty final block (fixed codes, end of block at once), then the whole data's checksum.
  trailer[0] = 0x03;
  trailer[1] = 0x00;
  trailer.writeUInt32BE(adler, 2);
  // zlib's header: deflate with a 32 KB window, the fastest level, and its check bits.
  const zlibHeader = Buffer.from([0x78, 0x01]);
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk('IHDR', [header]),
    chunk('PLTE', [palette.rgb]),
    chunk('IDAT', [zlibHeader, ...strips.map((strip) => strip.deflated), trailer]),
    chunk('IEND', []),
  ]);
}

/** Encode a whole opaque picture as an indexed PNG with a palette of its own colours. */
export function encodePng(canvas: Canvas): Buffer {
  const { width, height } = canvas;
  const pixels = pixelsOf(canvas);
  const palette = Palette.of([pixels]);
  return assemblePng(width, height, palette, [encodeStrip(pixels, width, height, palette)]);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, parts: readonly Buffer[]): Buffer {
  const length = parts.reduce((sum, part) => sum + part.length, 0);
  const out = Buffer.alloc(12 + length);
  out.writeUInt32BE(length, 0);
  out.write(type, 4, 'latin1');
  let offset = 8;
  for (const part of parts) offset += part.copy(out, offset);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + length)), 8 + length);
  return out;
}

const ADLER_BASE = 65521;

/** The Adler-32 of two runs of bytes one after the other, from each run's own (zlib's adler32_combine). */
function adler32Combine(first: number, second: number, secondLength: number): number {
  const remainder = secondLength % ADLER_BASE;
  let a = first & 0xffff;
  let b = (remainder * a) % ADLER_BASE;
  a += (second & 0xffff) + ADLER_BASE - 1;
  b += (first >>> 16) + (second >>> 16) + ADLER_BASE - remainder;
  if (a >= ADLER_BASE) a -= ADLER_BASE;
  if (a >= ADLER_BASE) a -= ADLER_BASE;
  if (b >= 2 * ADLER_BASE) b -= 2 * ADLER_BASE;
  if (b >= ADLER_BASE) b -= ADLER_BASE;
  return ((b << 16) | a) >>> 0;
}
