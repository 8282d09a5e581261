/**
 * PNG encoding for the pictures, as an 8-bit indexed image.
 *
 * The pictures are flat colours plus anti-aliased text and lines: a few hundred distinct
 * colours at most, so 256 palette entries lose nothing a player can see. Writing one byte per
 * pixel instead of four makes deflate four times cheaper and the file about half the size of
 * node-canvas's own RGBA encoder at the same speed setting (which alone took most of the
 * 10 ms budget for a board).
 */
import type { Canvas } from 'canvas';
import { constants, deflateSync } from 'node:zlib';

/** Colours are binned to 5-6-5 bits (what the eye tells apart in anti-aliasing). */
const BIN_COUNT = 1 << 16;
const MAX_PALETTE = 256;
/** Build the palette from every n-th pixel: flat areas dominate, so a sample finds them all. */
const SAMPLE_STRIDE = 13;

// Scratch tables reused by every call; encoding is synchronous, so calls never overlap. The
// sample tables are all zero between calls.
const sampleCount = new Uint32Array(BIN_COUNT);
const sampleRed = new Uint32Array(BIN_COUNT);
const sampleGreen = new Uint32Array(BIN_COUNT);
const sampleBlue = new Uint32Array(BIN_COUNT);
/** Palette index of a bin, valid when `binStamp[bin] === stamp` for the current call. */
const binIndex = new Uint8Array(BIN_COUNT);
const binStamp = new Uint32Array(BIN_COUNT);
let stamp = 0;
let scanlineBuffer = Buffer.alloc(0);

/** A buffer of at least `size` bytes, kept between calls: a fresh one per picture costs page faults. */
function scratchScanlines(size: number): Buffer {
  if (scanlineBuffer.length < size) scanlineBuffer = Buffer.alloc(size);
  return scanlineBuffer;
}

/** Encode an opaque picture as an indexed PNG. */
export function encodePng(canvas: Canvas): Buffer {
  // Cairo's native layout: one 32-bit word per pixel, 0xAARRGGBB in host (little-endian) order.
  const copy = canvas.toBuffer('raw');
  // A 32-bit view needs an aligned start; node-canvas gives one, but a pooled buffer would not.
  const raw = copy.byteOffset % 4 === 0 ? copy : Buffer.from(new Uint8Array(copy).buffer);
  const pixels = new Uint32Array(raw.buffer, raw.byteOffset, raw.length >> 2);
  const { width, height } = canvas;
  stamp++;
  const palette = buildPalette(pixels);

  // Each scanline is a filter byte (0: none, best for indexed images) and its indices.
  const scanlines = scratchScanlines(height * (width + 1));
  const rowBytes = width * 4;
  let out = 0;
  let pixel = 0;
  let previous = -1;
  let previousIndex = 0;
  for (let y = 0; y < height; y++) {
    scanlines[out++] = 0;
    // Flat pictures repeat many rows exactly (above and below every line of text); a native
    // compare and copy is far cheaper than mapping the row again.
    if (y > 0 && raw.compare(raw, y * rowBytes, (y + 1) * rowBytes, (y - 1) * rowBytes, y * rowBytes) === 0) {
      scanlines.copy(scanlines, out, out - width - 1, out - 1);
      out += width;
      pixel += width;
      continue;
    }
    for (let x = 0; x < width; x++) {
      const value = pixels[pixel++] as number;
      // Runs of one colour are the common case; skip the lookup for them. (This loop is most
      // of the encoding time, hence the casts instead of `?? 0` on every read.)
      if (value !== previous) {
        previous = value;
        const bin = binOf(value);
        if (binStamp[bin] !== stamp) {
          binIndex[bin] = nearestEntry(palette, value);
          binStamp[bin] = stamp;
        }
        previousIndex = binIndex[bin] as number;
      }
      scanlines[out++] = previousIndex;
    }
  }

  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 3; // colour type: indexed
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk('IHDR', header),
    chunk('PLTE', palette),
    // Run-length matching only: it finds the long runs of one index that make up these
    // pictures at a fraction of full deflate's time, for files about a third larger.
    chunk('IDAT', deflateSync(scanlines.subarray(0, out), { level: 1, strategy: constants.Z_RLE })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function binOf(value: number): number {
  return (((value >>> 19) & 0x1f) << 11) | (((value >>> 10) & 0x3f) << 5) | ((value >>> 3) & 0x1f);
}

/**
 * RGB triples of the most frequent colour bins in a sample of the picture, as PLTE wants them.
 * Each chosen bin maps to its own entry; other bins are matched to the nearest entry later.
 */
function buildPalette(pixels: Uint32Array): Buffer {
  const bins: number[] = [];
  for (let pixel = 0; pixel < pixels.length; pixel += SAMPLE_STRIDE) {
    const value = pixels[pixel] as number;
    const bin = binOf(value);
    if (sampleCount[bin] === 0) bins.push(bin);
    sampleCount[bin] = (sampleCount[bin] as number) + 1;
    sampleRed[bin] = (sampleRed[bin] as number) + ((value >>> 16) & 0xff);
    sampleGreen[bin] = (sampleGreen[bin] as number) + ((value >>> 8) & 0xff);
    sampleBlue[bin] = (sampleBlue[bin] as number) + (value & 0xff);
  }
  bins.sort((a, b) => (sampleCount[b] as number) - (sampleCount[a] as number));
  const chosen = bins.slice(0, MAX_PALETTE);
  const palette = Buffer.alloc(chosen.length * 3);
  chosen.forEach((bin, entry) => {
    const count = sampleCount[bin] as number;
    // The mean of a bin is exact for a flat colour, which is nearly every sampled pixel.
    palette[entry * 3] = Math.round((sampleRed[bin] as number) / count);
    palette[entry * 3 + 1] = Math.round((sampleGreen[bin] as number) / count);
    palette[entry * 3 + 2] = Math.round((sampleBlue[bin] as number) / count);
    binIndex[bin] = entry;
    binStamp[bin] = stamp;
  });
  // Clear only the bins this picture touched, ready for the next one.
  for (const bin of bins) {
    sampleCount[bin] = 0;
    sampleRed[bin] = 0;
    sampleGreen[bin] = 0;
    sampleBlue[bin] = 0;
  }
  return palette;
}

/** The palette entry closest to a pixel, weighting green most as the eye does. */
function nearestEntry(palette: Buffer, value: number): number {
  const red = (value >>> 16) & 0xff;
  const green = (value >>> 8) & 0xff;
  const blue = value & 0xff;
  let best = 0;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (let entry = 0; entry < palette.length / 3; entry++) {
    const dr = (palette[entry * 3] ?? 0) - red;
    const dg = (palette[entry * 3 + 1] ?? 0) - green;
    const db = (palette[entry * 3 + 2] ?? 0) - blue;
    const distance = 2 * dr * dr + 4 * dg * dg + 3 * db * db;
    if (distance < bestDistance) {
      bestDistance = distance;
      best = entry;
    }
  }
  return best;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

const CRC_TABLE = Uint32Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) crc = (CRC_TABLE[(crc ^ (bytes[i] as number)) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
