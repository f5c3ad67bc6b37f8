import { seeded } from '../watermark/random';

/**
 * The local stage's geometric check: descriptor matches alone also pair corners of different
 * pictures that merely look alike; a real copy's matches agree on one similarity transform
 * (scale, rotation, shift) from the original onto the copy. RANSAC finds the transform most
 * matches agree with; those inliers, counted once per original corner, are the evidence.
 */

/** Original point → copy point: copy = scale·R(θ)·original + (dx, dy). */
export interface Similarity {
  /** a = scale·cos θ, b = scale·sin θ. */
  a: number;
  b: number;
  dx: number;
  dy: number;
}

export interface Correspondence {
  /** Point in the original (working-image pixels). */
  ox: number;
  oy: number;
  /** The matched point in the copy. */
  cx: number;
  cy: number;
  /** Index of the original's feature (an original corner counts once however many copy corners match it). */
  originalFeature: number;
  /** log of (the copy feature's pyramid scale / the original feature's): a true match has it near log(scale). */
  logScaleRatio: number;
}

export interface Fit {
  transform: Similarity;
  inliers: number;
  inlierIndexes: number[];
}

const { abs } = Math;

export const scaleOf = (t: Similarity) => Math.hypot(t.a, t.b);
export const rotationDegOf = (t: Similarity) => (Math.atan2(t.b, t.a) * 180) / Math.PI;

/** Copies are scaled 0.25–4× and turned by at most a few degrees; transforms outside that are chance. */
const MIN_SCALE = 0.25, MAX_SCALE = 4;
const MAX_ROTATION_DEG = 12;
/** Inlier tolerance in copy working pixels (BRIEF's corners wander about a pixel per pyramid level). */
const TOLERANCE = 4;
/** A match's pyramid levels may disagree with the fitted scale by one level step and a half. */
const MAX_LOG_SCALE_ERROR = Math.log(1.6);
const ITERATIONS = 300;

function fromTwo(p: Correspondence, q: Correspondence): Similarity | null {
  const ox = q.ox - p.ox, oy = q.oy - p.oy, cx = q.cx - p.cx, cy = q.cy - p.cy;
  const n = ox * ox + oy * oy;
  if (n < 16) return null;
  const a = (ox * cx + oy * cy) / n, b = (ox * cy - oy * cx) / n;
  return { a, b, dx: p.cx - (a * p.ox - b * p.oy), dy: p.cy - (b * p.ox + a * p.oy) };
}

/** Least-squares similarity through the given correspondences (Umeyama without reflection). */
function leastSquares(ms: Correspondence[]): Similarity | null {
  const n = ms.length;
  let mox = 0, moy = 0, mcx = 0, mcy = 0;
  for (const m of ms) { mox += m.ox; moy += m.oy; mcx += m.cx; mcy += m.cy; }
  mox /= n; moy /= n; mcx /= n; mcy /= n;
  let sa = 0, sb = 0, so = 0;
  for (const m of ms) {
    const ox = m.ox - mox, oy = m.oy - moy, cx = m.cx - mcx, cy = m.cy - mcy;
    sa += ox * cx + oy * cy;
    sb += ox * cy - oy * cx;
    so += ox * ox + oy * oy;
  }
  if (so === 0) return null;
  const a = sa / so, b = sb / so;
  return { a, b, dx: mcx - (a * mox - b * moy), dy: mcy - (b * mox + a * moy) };
}

function plausible(t: Similarity): boolean {
  const s = scaleOf(t);
  return s >= MIN_SCALE && s <= MAX_SCALE && Math.abs(rotationDegOf(t)) <= MAX_ROTATION_DEG;
}

function inliersOf(t: Similarity, ms: Correspondence[]): number[] {
  const logScale = Math.log(scaleOf(t));
  const tol2 = TOLERANCE * TOLERANCE;
  const out: number[] = [];
  const err: number[] = [];
  for (let i = 0; i < ms.length; i++) {
    const m = ms[i];
    const ex = t.a * m.ox - t.b * m.oy + t.dx - m.cx, ey = t.b * m.ox + t.a * m.oy + t.dy - m.cy;
    const e = ex * ex + ey * ey;
    if (e > tol2 || abs(m.logScaleRatio - logScale) > MAX_LOG_SCALE_ERROR) continue;
    // One original corner counts once (a repeated texture can pair it with several copy corners).
    const k = out.findIndex((j) => ms[j].originalFeature === m.originalFeature);
    if (k < 0) {
      out.push(i);
      err.push(e);
    } else if (e < err[k]) {
      out[k] = i;
      err[k] = e;
    }
  }
  return out;
}

/** The best similarity transform over the correspondences, or null when none is plausible. Deterministic (seeded). */
export function fitSimilarity(ms: Correspondence[], minInliers = 3): Fit | null {
  if (ms.length < minInliers) return null;
  const next = seeded(ms.length * 2654435761);
  let best: number[] = [];
  let bestT: Similarity | null = null;
  for (let it = 0, needed = ITERATIONS; it < needed; it++) {
    const i = Math.floor(next() * ms.length);
    let j = Math.floor(next() * (ms.length - 1));
    if (j >= i) j++;
    const t = fromTwo(ms[i], ms[j]);
    if (!t || !plausible(t)) continue;
    const inl = inliersOf(t, ms);
    if (inl.length > best.length) {
      best = inl;
      bestT = t;
      // Enough draws that a pair of inliers was drawn with 99 % probability (the usual adaptive stop).
      const w = best.length / ms.length;
      needed = Math.min(ITERATIONS, Math.ceil(Math.log(0.01) / Math.log(1 - w * w + 1e-12)));
    }
  }
  if (!bestT || best.length < minInliers) return null;
  // Refit on the inliers twice: the two-point guess is only as good as those two corners.
  for (let r = 0; r < 2; r++) {
    const t = leastSquares(best.map((i) => ms[i]));
    if (!t || !plausible(t)) break;
    const inl = inliersOf(t, ms);
    if (inl.length < best.length) break;
    best = inl;
    bestT = t;
  }
  return { transform: bestT, inliers: best.length, inlierIndexes: best };
}

/**
 * The share of the original (a w×h rectangle) the copy shows: the copy's frame (cw×ch) brought back
 * onto the original by the inverse transform, clipped to the original (Sutherland–Hodgman), its area
 * over the original's.
 */
export function overlapShare(t: Similarity, w: number, h: number, cw: number, ch: number): number {
  const s2 = t.a * t.a + t.b * t.b;
  const back = ([x, y]: [number, number]): [number, number] => {
    const px = x - t.dx, py = y - t.dy;
    return [(t.a * px + t.b * py) / s2, (-t.b * px + t.a * py) / s2];
  };
  let poly: Array<[number, number]> = [back([0, 0]), back([cw, 0]), back([cw, ch]), back([0, ch])];
  const clip = (inside: (p: [number, number]) => boolean, cut: (p: [number, number], q: [number, number]) => [number, number]) => {
    const out: Array<[number, number]> = [];
    for (let i = 0; i < poly.length; i++) {
      const p = poly[i], q = poly[(i + 1) % poly.length];
      if (inside(q)) {
        if (!inside(p)) out.push(cut(p, q));
        out.push(q);
      } else if (inside(p)) out.push(cut(p, q));
    }
    poly = out;
  };
  const atX = (x: number) => (p: [number, number], q: [number, number]): [number, number] => [x, p[1] + ((q[1] - p[1]) * (x - p[0])) / (q[0] - p[0])];
  const atY = (y: number) => (p: [number, number], q: [number, number]): [number, number] => [p[0] + ((q[0] - p[0]) * (y - p[1])) / (q[1] - p[1]), y];
  clip((p) => p[0] >= 0, atX(0));
  clip((p) => p[0] <= w, atX(w));
  clip((p) => p[1] >= 0, atY(0));
  clip((p) => p[1] <= h, atY(h));
  let area = 0;
  for (let i = 0; i < poly.length; i++) {
    const p = poly[i], q = poly[(i + 1) % poly.length];
    area += p[0] * q[1] - q[0] * p[1];
  }
  return Math.min(1, Math.abs(area) / 2 / (w * h));
}

/** A THUMB_SIZE² thumbnail stretched over a w×h working image. */
export interface Thumb {
  cells: Uint8Array;
  size: number;
  width: number;
  height: number;
}

/**
 * Do the two pictures look alike where the transform lays one over the other? Corners can agree on a
 * transform by chance where two pictures share a layout (a template's panel edges, a logo family's
 * letter bars) but not their content; the thumbnails' normalised correlation over the overlap tells
 * these apart. Sampled on the coarser of the two grids (in the common frame), the finer one read
 * bilinearly. Null when the overlap holds too few cells to say.
 */
export function overlapCorrelation(t: Similarity, original: Thumb, copy: Thumb): number | null {
  const s = scaleOf(t);
  const s2 = t.a * t.a + t.b * t.b;
  const copyCellInOriginal = copy.width / copy.size / s, originalCell = original.width / original.size;
  const onCopyGrid = copyCellInOriginal >= originalCell;
  const [grid, other] = onCopyGrid ? [copy, original] : [original, copy];
  const xs: number[] = [], ys: number[] = [];
  for (let v = 0; v < grid.size; v++) {
    for (let u = 0; u < grid.size; u++) {
      const gx = ((u + 0.5) * grid.width) / grid.size, gy = ((v + 0.5) * grid.height) / grid.size;
      let px: number, py: number;
      if (onCopyGrid) {
        const qx = gx - t.dx, qy = gy - t.dy;
        px = (t.a * qx + t.b * qy) / s2;
        py = (-t.b * qx + t.a * qy) / s2;
      } else {
        px = t.a * gx - t.b * gy + t.dx;
        py = t.b * gx + t.a * gy + t.dy;
      }
      const fx = (px * other.size) / other.width - 0.5, fy = (py * other.size) / other.height - 0.5;
      if (fx < 0 || fy < 0 || fx > other.size - 1 || fy > other.size - 1) continue;
      const x0 = Math.min(other.size - 2, fx | 0), y0 = Math.min(other.size - 2, fy | 0), tx = fx - x0, ty = fy - y0, i = y0 * other.size + x0;
      const c = other.cells;
      const top = c[i] + (c[i + 1] - c[i]) * tx, bottom = c[i + other.size] + (c[i + other.size + 1] - c[i + other.size]) * tx;
      xs.push(grid.cells[v * grid.size + u]);
      ys.push(top + (bottom - top) * ty);
    }
  }
  if (xs.length < 12) return null;
  const n = xs.length;
  const mx = xs.reduce((a, b) => a + b, 0) / n, my = ys.reduce((a, b) => a + b, 0) / n;
  let sxy = 0, sxx = 0, syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = xs[i] - mx, dy = ys[i] - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  return sxx > 0 && syy > 0 ? sxy / Math.sqrt(sxx * syy) : 0;
}
