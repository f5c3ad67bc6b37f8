import sharp from 'sharp';

/**
 * PDQ, Meta's perceptual image hash (github.com/facebook/ThreatExchange, pdq/), ported from its C++
 * reference (pdq/cpp/hashing/pdqhashing.cpp, downscaling.cpp, torben.cpp) step by step: RGB to luma
 * with the reference's coefficients, a tent blur (two X,Y passes of Jarosz box filters whose windows
 * follow the image size), decimation to 64×64, the 16×16 low-frequency DCT through the 16×64 DCT
 * matrix, one bit per coefficient above the median (Torben's median), and the quality metric (the
 * sum of significant gradients of the 64×64 image).
 *
 * The reference computes in 32-bit floats; so does this port (every sum and product rounded with
 * Math.fround, in the reference's order), so on the same luma it gives the reference's bits exactly
 * — coefficients near the median would otherwise flip. What differs between implementations is the
 * decoding: Meta's own C++, Java and Python hashes of one JPEG differ by a few bits because their
 * decoders differ (tests/unit/pdq.test.ts).
 *
 * The hash is 32 bytes in the reference's hex order: the reference keeps 16 16-bit words, bit
 * k = row·16 + column in word k >> 4, and prints word 15 first; `hash.toString('hex')` is that text.
 */

export interface PdqResult {
  /** 32 bytes, `toString('hex')` is the reference's text form. */
  hash: Buffer;
  /** 0–100; below ~50 the picture is too flat for its hash to mean much (Meta's guidance). */
  quality: number;
}

const f = Math.fround;
const LUMA_R = f(0.299);
const LUMA_G = f(0.587);
const LUMA_B = f(0.114);
/** The reference gives an all-zero hash of quality 0 to anything smaller. */
const MIN_HASHABLE_DIM = 5;
const JAROSZ_XY_PASSES = 2;

/**
 * Larger pictures are shrunk to this long side before hashing (aspect kept; JPEGs shrink on load), as
 * Meta's own C++ and Python hashers shrink to 512 first: a 4000×2500 photo then hashes in ~30 ms
 * instead of ~500. The hash moves a little against hashing every pixel — 4–12 bits, 6 on average, on
 * Meta's 1600-px test images — and copies stay as near their original as at full size (Meta's
 * blurred, sharpened, re-contrasted and shrunk copies of its bridge picture: the same distances ±4).
 */
export const PDQ_DECODE_MAX_SIDE = 512;

/** The 16×64 DCT matrix (rows 1..16 of the 64-point DCT-II), float like the reference's. */
const DCT = (() => {
  const scale = f(Math.sqrt(2 / 64));
  const d = new Float32Array(16 * 64);
  for (let i = 0; i < 16; i++) for (let j = 0; j < 64; j++) d[i * 64 + j] = scale * Math.cos((Math.PI / 2 / 64) * (i + 1) * (2 * j + 1));
  return d;
})();

/** Rounded-up window so two X,Y passes cover one 64th of the dimension (reference computeJaroszFilterWindowSize). */
const windowSize = (dimension: number) => Math.floor((dimension + 128 - 1) / 128);

/** One 1-D box filter of `window` along a vector of `length` elements `stride` apart (reference box1DFloat). */
function box1D(input: Float32Array, output: Float32Array, start: number, length: number, stride: number, window: number): void {
  const half = Math.floor((window + 2) / 2);
  let li = start;
  let ri = start;
  let oi = start;
  let sum = 0;
  let size = 0;
  for (let i = 0; i < half - 1; i++, ri += stride) {
    sum = f(sum + input[ri]);
    size++;
  }
  for (let i = 0; i < window - half + 1; i++, ri += stride, oi += stride) {
    sum = f(sum + input[ri]);
    size++;
    output[oi] = sum / size;
  }
  for (let i = 0; i < length - window; i++, li += stride, ri += stride, oi += stride) {
    sum = f(f(sum + input[ri]) - input[li]);
    output[oi] = sum / size;
  }
  for (let i = 0; i < half - 1; i++, li += stride, oi += stride) {
    sum = f(sum - input[li]);
    size--;
    output[oi] = sum / size;
  }
}

/** Tent blur in place in `a` (b is scratch), then the 64×64 samples at the cells' centres. */
function blurAndDecimate(a: Float32Array, b: Float32Array, rows: number, cols: number): Float32Array {
  const out = new Float32Array(64 * 64);
  if (rows === 64 && cols === 64) {
    out.set(a);
    return out;
  }
  const alongRows = windowSize(cols);
  const alongCols = windowSize(rows);
  for (let pass = 0; pass < JAROSZ_XY_PASSES; pass++) {
    for (let i = 0; i < rows; i++) box1D(a, b, i * cols, cols, 1, alongRows);
    for (let j = 0; j < cols; j++) box1D(b, a, j, rows, cols, alongCols);
  }
  for (let i = 0; i < 64; i++) {
    const row = Math.floor(((i + 0.5) * rows) / 64) * cols;
    for (let j = 0; j < 64; j++) out[i * 64 + j] = a[row + Math.floor(((j + 0.5) * cols) / 64)];
  }
  return out;
}

/** Heuristic quality: the significant gradients of the 64×64 picture, scaled to 0..100 (reference pdqImageDomainQualityMetric). */
function quality(m: Float32Array): number {
  let sum = 0;
  const step = (u: number, v: number) => Math.abs(Math.trunc(f(f(f(u - v) * 100) / 255)));
  for (let i = 0; i < 63; i++) for (let j = 0; j < 64; j++) sum += step(m[i * 64 + j], m[(i + 1) * 64 + j]);
  for (let i = 0; i < 64; i++) for (let j = 0; j < 63; j++) sum += step(m[i * 64 + j], m[i * 64 + j + 1]);
  return Math.min(100, Math.trunc(sum / 90));
}

/** B = D·A·Dᵗ, only the 16×16 low frequencies without the DC row and column (reference dct64To16). */
function dct64To16(a: Float32Array): Float32Array {
  const t = new Float32Array(16 * 64);
  for (let i = 0; i < 16; i++)
    for (let j = 0; j < 64; j++) {
      let s = 0;
      for (let k = 0; k < 64; k++) s = f(s + f(DCT[i * 64 + k] * a[k * 64 + j]));
      t[i * 64 + j] = s;
    }
  const b = new Float32Array(256);
  for (let i = 0; i < 16; i++)
    for (let j = 0; j < 16; j++) {
      let s = 0;
      for (let k = 0; k < 64; k++) s = f(s + f(t[i * 64 + k] * DCT[j * 64 + k]));
      b[i * 16 + j] = s;
    }
  return b;
}

/** Torben Mogensen's median, as the reference computes it (which value it returns for an even count matters to the bits). */
function torben(m: Float32Array): number {
  const n = m.length;
  let min = m[0];
  let max = m[0];
  for (let i = 1; i < n; i++) {
    if (m[i] < min) min = m[i];
    if (m[i] > max) max = m[i];
  }
  const half = Math.floor((n + 1) / 2);
  for (;;) {
    const guess = f((min + max) / 2);
    let less = 0;
    let greater = 0;
    let equal = 0;
    let maxLtGuess = min;
    let minGtGuess = max;
    for (let i = 0; i < n; i++) {
      if (m[i] < guess) {
        less++;
        if (m[i] > maxLtGuess) maxLtGuess = m[i];
      } else if (m[i] > guess) {
        greater++;
        if (m[i] < minGtGuess) minGtGuess = m[i];
      } else equal++;
    }
    if (less <= half && greater <= half) {
      if (less >= half) return maxLtGuess;
      if (less + equal >= half) return guess;
      return minGtGuess;
    }
    if (less > greater) max = maxLtGuess;
    else min = minGtGuess;
  }
}

/** Bit k = i·16 + j set when coefficient (i, j) is above the median, in the reference's byte order. */
function toBits(dct: Float32Array): Buffer {
  const median = torben(dct);
  const hash = Buffer.alloc(32);
  for (let k = 0; k < 256; k++) {
    if (!(dct[k] > median)) continue;
    const bit = k & 15;
    hash[(15 - (k >> 4)) * 2 + (bit < 8 ? 1 : 0)] |= 1 << (bit & 7);
  }
  return hash;
}

/**
 * PDQ of an already decoded picture: `luma` is width×height, row-major, 0..255 (a Uint8Array is
 * taken as grey levels, as the reference does for one-channel pictures). Not modified.
 */
export function pdqHashLuma(luma: Float32Array | Uint8Array, width: number, height: number): PdqResult {
  if (luma.length !== width * height) throw new RangeError(`luma has ${luma.length} values, not ${width}×${height}`);
  if (width < MIN_HASHABLE_DIM || height < MIN_HASHABLE_DIM) return { hash: Buffer.alloc(32), quality: 0 };
  const a = Float32Array.from(luma);
  const m = blurAndDecimate(a, new Float32Array(a.length), height, width);
  return { hash: toBits(dct64To16(m)), quality: quality(m) };
}

/** Luma of interleaved 8-bit pixels: grey for 1–2 channels, the reference's RGB weights for 3–4 (alpha ignored). */
export function lumaFromPixels(data: Uint8Array, width: number, height: number, channels: number): Float32Array {
  const n = width * height;
  const luma = new Float32Array(n);
  if (channels < 3) {
    for (let i = 0, p = 0; i < n; i++, p += channels) luma[i] = data[p];
    return luma;
  }
  for (let i = 0, p = 0; i < n; i++, p += channels) luma[i] = f(f(LUMA_R * data[p]) + f(LUMA_G * data[p + 1])) + f(LUMA_B * data[p + 2]);
  return luma;
}

/**
 * PDQ of an encoded picture (any format sharp reads). EXIF orientation is applied and transparency
 * flattened onto white, so the hash is of the picture as a viewer sees it (the reference hashes the
 * stored pixels; for upright opaque pictures the two are the same). Pictures larger than
 * PDQ_DECODE_MAX_SIDE are shrunk first (see there); `fullSize` hashes every pixel as the reference
 * does, for comparing.
 */
export async function pdqHash(image: Buffer, options: { fullSize?: boolean } = {}): Promise<PdqResult> {
  let pipeline = sharp(image, { failOn: 'error' }).rotate().flatten({ background: '#ffffff' });
  if (!options.fullSize) pipeline = pipeline.resize(PDQ_DECODE_MAX_SIDE, PDQ_DECODE_MAX_SIDE, { fit: 'inside', withoutEnlargement: true });
  const { data, info } = await pipeline.raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true });
  return pdqHashLuma(lumaFromPixels(data, info.width, info.height, info.channels), info.width, info.height);
}

/** Hamming distance of two 32-byte PDQ hashes (4 bytes at a time: 8 reads instead of 32). */
export function hammingDistance(a: Buffer, b: Buffer): number {
  if (a.length !== 32 || b.length !== 32) throw new RangeError('PDQ hashes are 32 bytes');
  let d = 0;
  for (let i = 0; i < 32; i += 4) {
    let x = (a.readUInt32BE(i) ^ b.readUInt32BE(i)) >>> 0;
    x -= (x >>> 1) & 0x55555555;
    x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
    d += (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
  }
  return d;
}
