/**
 * In-place radix-2 complex FFT on split real/imaginary arrays. The codec needs only power-of-two
 * sizes (its tile and padded rows), so the iterative Cooley–Tukey form with cached twiddles is
 * enough and keeps the module free of a numeric dependency.
 */
type Plan = { cos: Float64Array; sin: Float64Array; rev: Uint32Array };
const plans = new Map<number, Plan>();

function plan(n: number): Plan {
  let p = plans.get(n);
  if (p) return p;
  if (n < 2 || (n & (n - 1)) !== 0) throw new RangeError(`FFT size must be a power of two, got ${n}`);
  const cos = new Float64Array(n / 2);
  const sin = new Float64Array(n / 2);
  for (let i = 0; i < n / 2; i++) {
    cos[i] = Math.cos((2 * Math.PI * i) / n);
    sin[i] = Math.sin((2 * Math.PI * i) / n);
  }
  const rev = new Uint32Array(n);
  const bits = Math.log2(n);
  for (let i = 0; i < n; i++) {
    let r = 0;
    for (let b = 0, v = i; b < bits; b++, v >>= 1) r = (r << 1) | (v & 1);
    rev[i] = r;
  }
  p = { cos, sin, rev };
  plans.set(n, p);
  return p;
}

/** Transforms `re`/`im` (length n, a power of two) in place; the inverse is scaled by 1/n. */
export function fft(re: Float64Array, im: Float64Array, inverse = false): void {
  const n = re.length;
  const { cos, sin, rev } = plan(n);
  for (let i = 0; i < n; i++) {
    const j = rev[i];
    if (j > i) {
      let t = re[i]; re[i] = re[j]; re[j] = t;
      t = im[i]; im[i] = im[j]; im[j] = t;
    }
  }
  const sign = inverse ? 1 : -1;
  for (let size = 2; size <= n; size <<= 1) {
    const half = size >> 1;
    const step = n / size;
    for (let start = 0; start < n; start += size) {
      for (let k = 0; k < half; k++) {
        const wr = cos[k * step];
        const wi = sign * sin[k * step];
        const a = start + k;
        const b = a + half;
        const xr = re[b] * wr - im[b] * wi;
        const xi = re[b] * wi + im[b] * wr;
        re[b] = re[a] - xr; im[b] = im[a] - xi;
        re[a] += xr; im[a] += xi;
      }
    }
  }
  if (inverse) for (let i = 0; i < n; i++) { re[i] /= n; im[i] /= n; }
}

/** 2-D transform of a row-major `width`×`height` grid (both powers of two), in place. */
export function fft2d(re: Float64Array, im: Float64Array, width: number, height: number, inverse = false): void {
  const rr = new Float64Array(width);
  const ri = new Float64Array(width);
  for (let y = 0; y < height; y++) {
    const o = y * width;
    rr.set(re.subarray(o, o + width)); ri.set(im.subarray(o, o + width));
    fft(rr, ri, inverse);
    re.set(rr, o); im.set(ri, o);
  }
  const cr = new Float64Array(height);
  const ci = new Float64Array(height);
  for (let x = 0; x < width; x++) {
    for (let y = 0; y < height; y++) { cr[y] = re[y * width + x]; ci[y] = im[y * width + x]; }
    fft(cr, ci, inverse);
    for (let y = 0; y < height; y++) { re[y * width + x] = cr[y]; im[y * width + x] = ci[y]; }
  }
}

export const nextPow2 = (n: number) => 2 ** Math.ceil(Math.log2(Math.max(2, n)));
