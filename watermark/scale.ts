import { fft, nextPow2 } from './fft';
import { CHIP, TILE } from './layout';

/**
 * Finds how large the tile now is in a suspect image, from the residual's autocorrelation: a
 * pattern repeated every L pixels correlates with itself shifted by L, 2L, 3L…, image content does
 * not. Rows and columns are measured apart (horizontal and vertical lags), so a non-uniform
 * resize is measured too. Scales from MIN_SCALE to MAX_SCALE of the embedding size are looked for.
 */
export const MIN_SCALE = 0.3;
export const MAX_SCALE = 2.2;

/** Autocorrelation of every row, summed and divided by the overlap, for lags 0..maxLag. */
function rowAutocorrelation(res: Float32Array, width: number, height: number, maxLag: number): Float64Array {
  const n = nextPow2(width + maxLag);
  const power = new Float64Array(n);
  const re = new Float64Array(n);
  const im = new Float64Array(n);
  // Two real rows ride in one complex transform; their power spectra separate by symmetry.
  for (let y = 0; y < height; y += 2) {
    re.fill(0); im.fill(0);
    re.set(res.subarray(y * width, y * width + width));
    if (y + 1 < height) im.set(res.subarray((y + 1) * width, (y + 2) * width));
    fft(re, im);
    for (let k = 0; k < n; k++) {
      const j = (n - k) & (n - 1);
      power[k] += (re[k] * re[k] + im[k] * im[k] + re[j] * re[j] + im[j] * im[j]) / 2;
    }
  }
  im.fill(0);
  fft(power, im, true);
  const r = new Float64Array(maxLag + 1);
  for (let l = 0; l <= maxLag; l++) r[l] = power[l] / ((width - l) * height);
  return r;
}

function transpose(src: Float32Array, width: number, height: number): Float32Array {
  const t = new Float32Array(src.length);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) t[x * height + y] = src[y * width + x];
  return t;
}

/**
 * Peak height above the higher of its two shoulders, 1.5 chip widths (at the scale a period of
 * `period` implies) either side of `lag`: the tile's peaks are that narrow, while long straight edges in the
 * picture make the autocorrelation swell and sag over wider spans.
 */
function peakness(r: Float64Array, lag: number, period: number): number {
  const w = Math.max(3, Math.round((1.5 * CHIP * period) / TILE));
  const l = Math.round(lag);
  if (l - w < 1 || l + w >= r.length) return -Infinity;
  return r[l] - Math.max(r[l - w], r[l + w]);
}

/** The highest point within ±reach of `lag`, with a parabolic sub-pixel fit. */
function refinePeak(r: Float64Array, lag: number, reach: number): number {
  let best = Math.round(lag);
  for (let l = Math.round(lag) - reach; l <= Math.round(lag) + reach; l++) if (l > 0 && l < r.length - 1 && r[l] > r[best]) best = l;
  if (best <= 0 || best >= r.length - 1) return best;
  const a = r[best - 1], b = r[best], c = r[best + 1];
  const den = a - 2 * b + c;
  return den < 0 ? best + (0.5 * (a - c)) / den : best;
}

/**
 * How strongly each period L (in pixels of the residual) repeats along its rows: the mean peak
 * height at all its multiples inside the image (a comb). Noise does not repeat, a multiple 2L of
 * the period scores no better than L itself, and half the period scores only half. -Infinity
 * where the image is too short to show L twice.
 */
function combScores(r: Float64Array, length: number): Float64Array {
  const lo = Math.max(4, Math.floor(TILE * MIN_SCALE));
  const hi = Math.min(r.length - 8, Math.floor(length * 0.85));
  const comb = new Float64Array(r.length).fill(-Infinity);
  for (let l = lo; 2 * l <= hi; l++) {
    let sum = 0, n = 0;
    for (let k = 1; k * l <= hi; k++) {
      const reach = Math.ceil(k / 2);
      let best = -Infinity;
      for (let d = -reach; d <= reach; d++) best = Math.max(best, peakness(r, k * l + d, l));
      sum += best; n++;
    }
    comb[l] = sum / n;
  }
  return comb;
}

/** A period refined on every multiple of it the autocorrelation holds. */
function refinePeriod(r: Float64Array, length: number, period: number): number {
  if (2 * period > Math.min(r.length - 8, Math.floor(length * 0.85))) return period;
  const hi = Math.min(r.length - 8, Math.floor(length * 0.85));
  let sum = 0, weights = 0;
  for (let k = 1; k * period <= hi; k++) { sum += refinePeak(r, k * period, k + 1); weights += k; }
  return weights ? sum / weights : period;
}

/**
 * Candidate periods from a comb, best first: of the peaks scoring at least 0.7 of the best, the
 * shortest first (the others are its multiples), then the rest by score.
 */
function candidates(comb: Float64Array, count: number): number[] {
  const peaks: { lag: number; score: number }[] = [];
  for (let l = 1; l < comb.length - 1; l++) if (comb[l] > 0 && comb[l] >= comb[l - 1] && comb[l] > comb[l + 1]) peaks.push({ lag: l, score: comb[l] });
  if (!peaks.length) return [];
  const top = Math.max(...peaks.map((p) => p.score));
  const strong = (p: { score: number }) => p.score >= 0.7 * top;
  peaks.sort((a, b) => (strong(a) !== strong(b) ? (strong(a) ? -1 : 1) : strong(a) ? a.lag - b.lag : b.score - a.score));
  return peaks.slice(0, count).map((p) => p.lag);
}

/**
 * Candidate (x, y) scales of the suspect relative to the embedding size, likeliest first, from its
 * whitened residual. Images over ~1.3 MP are halved first: the tile then still spans ≥ 38 pixels.
 */
export function estimateScales(res: Float32Array, width: number, height: number, count = 6): { sx: number; sy: number }[] {
  let plane = res, w = width, h = height, factor = 1;
  if (w * h > 1_300_000) {
    factor = 2;
    w = width >> 1; h = height >> 1;
    plane = new Float32Array(w * h);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const i = 2 * y * width + 2 * x;
        plane[y * w + x] = (res[i] + res[i + 1] + res[i + width] + res[i + width + 1]) / 4;
      }
    }
  }
  const maxLag = (len: number) => Math.min(Math.floor(len * 0.85) + 8, Math.ceil((TILE * MAX_SCALE) / factor) + 8);
  const rx = rowAutocorrelation(plane, w, h, maxLag(w));
  const ry = rowAutocorrelation(transpose(plane, w, h), h, w, maxLag(h));
  const cx = combScores(rx, w), cy = combScores(ry, h);
  // A uniform resize (the usual case) shows the same period both ways: summing the two combs
  // lets each axis confirm the other. Then each axis on its own, for a non-uniform resize.
  const both = cx.map((v, l) => (l < cy.length && cy[l] > -Infinity ? (v > -Infinity ? v + cy[l] : cy[l]) : v));
  const out: { sx: number; sy: number }[] = [];
  const push = (lx: number, ly: number) => {
    const add = (sx: number, sy: number) => { if (!out.some((o) => Math.abs(o.sx / sx - 1) < 0.004 && Math.abs(o.sy / sy - 1) < 0.004)) out.push({ sx, sy }); };
    add((refinePeriod(rx, w, lx) * factor) / TILE, (refinePeriod(ry, h, ly) * factor) / TILE);
    // The whole-pixel lag too: on an image only two or three tiles long the sub-pixel refinement
    // rests on as many peaks and can land a percent or more off, where the fold no longer lines up.
    add((lx * factor) / TILE, (ly * factor) / TILE);
  };
  for (const l of candidates(both, count)) push(l, l);
  const [lx] = candidates(cx, 1), [ly] = candidates(cy, 1);
  if (lx !== undefined && ly !== undefined) push(lx, ly);
  // Last, the likeliest period halved and thirded, should its odd multiples have drowned.
  const [first] = candidates(both, 1);
  for (const k of [2, 3]) if (first !== undefined && first / k >= TILE * MIN_SCALE) push(first / k, first / k);
  return out;
}
