/**
 * The open-source anchor issue 14 measures against: `invisible-watermark`'s default method
 * `dwtDct` (ShieldMnt/invisible-watermark, imwatermark/maxDct.py, v0.2.0), re-implemented on
 * interleaved RGB bytes so the benchmark can run it beside our codec on the same images.
 * Faithful to the Python, quirks included:
 * - BGR→YUV as OpenCV does for 8-bit images (BT.601, U = 0.492(B−Y)+128, V = 0.877(R−Y)+128,
 *   rounded); defaults scales = [0, 36, 36] over `range(2)` channels, so only U is marked
 *   (scale 36) and V never is, Y skipped;
 * - one-level Haar `pywt.dwt2` of U cropped to multiples of 4; the approximation band cut in 4×4
 *   blocks in row order, block n carrying bit n mod wmLen;
 * - in each block the largest-magnitude coefficient other than [0][0] is quantised:
 *   |v| → (⌊|v|/36⌋ + 0.25 + 0.5·bit)·36, sign kept. (Despite the method's name, maxDct.py's
 *   dwtDct path applies no DCT: `diffuse_dct_matrix` works on the DWT block itself, and so does
 *   this.)
 * - `pywt.idwt2((ca1, (v1, h1, d1)))` passes the horizontal and vertical details swapped, which
 *   for Haar transposes every 2×2 pixel block; the float result is stored into the uint8 YUV array
 *   by truncation with 8-bit wrap-around (numpy's unsafe cast), then YUV→BGR saturates.
 * - decoding reads bit = (|v| mod 36) > 18 per block and averages per bit, `avg·255 > 127`.
 * Images under 256×256 pixels are refused, as the Python refuses them (null here).
 */
const SCALE = 36;
const BLOCK = 4;

type Yuv = { u: Float64Array; width: number; height: number; y: Uint8Array; uByte: Uint8Array; v: Uint8Array };

const sat = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : Math.round(v));

function toYuv(rgb: Uint8Array, width: number, height: number): Yuv {
  const n = width * height;
  const y = new Uint8Array(n), uByte = new Uint8Array(n), v = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const r = rgb[3 * i], g = rgb[3 * i + 1], b = rgb[3 * i + 2];
    const yy = 0.299 * r + 0.587 * g + 0.114 * b;
    y[i] = sat(yy); uByte[i] = sat((b - yy) * 0.492 + 128); v[i] = sat((r - yy) * 0.877 + 128);
  }
  return { u: Float64Array.from(uByte), width, height, y, uByte, v };
}

/** Visits every 4×4 block of the Haar approximation of U's top-left multiple-of-4 region. */
function forEachBlock(u: Float64Array, width: number, height: number, visit: (ca: Float64Array, num: number) => void): Float64Array {
  const rows = Math.floor(height / 4) * 4, cols = Math.floor(width / 4) * 4;
  const aw = cols / 2, ah = rows / 2;
  const ca = new Float64Array(aw * ah);
  for (let y = 0; y < ah; y++) {
    for (let x = 0; x < aw; x++) {
      const i = 2 * y * width + 2 * x;
      ca[y * aw + x] = (u[i] + u[i + 1] + u[i + width] + u[i + width + 1]) / 2;
    }
  }
  const block = new Float64Array(BLOCK * BLOCK);
  let num = 0;
  for (let by = 0; by < Math.floor(ah / BLOCK); by++) {
    for (let bx = 0; bx < Math.floor(aw / BLOCK); bx++) {
      for (let j = 0; j < BLOCK; j++) for (let i = 0; i < BLOCK; i++) block[j * BLOCK + i] = ca[(by * BLOCK + j) * aw + bx * BLOCK + i];
      visit(block, num++);
      for (let j = 0; j < BLOCK; j++) for (let i = 0; i < BLOCK; i++) ca[(by * BLOCK + j) * aw + bx * BLOCK + i] = block[j * BLOCK + i];
    }
  }
  return ca;
}

/** np.argmax(abs(block.flatten()[1:])) + 1: the first largest magnitude after the corner. */
function maxPosition(block: Float64Array): number {
  let pos = 1;
  for (let k = 2; k < block.length; k++) if (Math.abs(block[k]) > Math.abs(block[pos])) pos = k;
  return pos;
}

const bitsOf = (payload: Uint8Array) => Array.from({ length: payload.length * 8 }, (_, k) => (payload[k >> 3] >> (7 - (k & 7))) & 1);

/** `rgb` (interleaved, 3 bytes a pixel) with `payload` embedded the dwtDct way. */
export function dwtDctEncode(rgb: Uint8Array, width: number, height: number, payload: Uint8Array): Uint8Array {
  const bits = bitsOf(payload);
  const yuv = toYuv(rgb, width, height);
  const before = Float64Array.from(yuv.u);
  const ca = forEachBlock(yuv.u, width, height, (block, num) => {
    const pos = maxPosition(block);
    const val = block[pos];
    const q = (Math.floor(Math.abs(val) / SCALE) + 0.25 + 0.5 * bits[num % bits.length]) * SCALE;
    block[pos] = val >= 0 ? q : -q;
  });
  const rows = Math.floor(height / 4) * 4, cols = Math.floor(width / 4) * 4, aw = cols / 2;
  const u = Uint8Array.from(yuv.uByte);
  for (let y = 0; y < rows; y += 2) {
    for (let x = 0; x < cols; x += 2) {
      const i = y * width + x;
      const shift = (ca[(y / 2) * aw + x / 2] - (before[i] + before[i + 1] + before[i + width] + before[i + width + 1]) / 2) / 2;
      // The swapped detail bands transpose the 2×2 block: top-right and bottom-left trade places.
      const a = before[i] + shift, b = before[i + width] + shift, c = before[i + 1] + shift, d = before[i + width + 1] + shift;
      u[i] = wrap(a); u[i + 1] = wrap(b); u[i + width] = wrap(c); u[i + width + 1] = wrap(d);
    }
  }
  const out = new Uint8Array(rgb.length);
  for (let i = 0; i < width * height; i++) {
    const yy = yuv.y[i], uu = u[i] - 128, vv = yuv.v[i] - 128;
    out[3 * i] = sat(yy + 1.14 * vv);
    out[3 * i + 1] = sat(yy - 0.395 * uu - 0.581 * vv);
    out[3 * i + 2] = sat(yy + 2.032 * uu);
  }
  return out;
}

/** numpy's float64 → uint8 store: truncate toward zero, keep the low 8 bits. */
const wrap = (v: number) => ((Math.trunc(v) % 256) + 256) % 256;

/** The `bits`-bit payload as dwtDct reads it (it always answers), or null under 256×256. */
export function dwtDctDecode(rgb: Uint8Array, width: number, height: number, bits = 64): Uint8Array | null {
  if (width * height < 256 * 256) return null;
  const yuv = toYuv(rgb, width, height);
  const sums = new Float64Array(bits), counts = new Float64Array(bits);
  forEachBlock(yuv.u, width, height, (block, num) => {
    const val = Math.abs(block[maxPosition(block)]);
    sums[num % bits] += val % SCALE > 0.5 * SCALE ? 1 : 0;
    counts[num % bits]++;
  });
  const out = new Uint8Array(bits / 8);
  for (let k = 0; k < bits; k++) if ((sums[k] / counts[k]) * 255 > 127) out[k >> 3] |= 1 << (7 - (k & 7));
  return out;
}
