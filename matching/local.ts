import { seeded } from '../watermark/random';

/**
 * The local stage's features (issue 15 "Matching"): corners on an image pyramid, each with a 256-bit
 * binary descriptor (BRIEF: comparisons of smoothed pixel pairs around the corner). A whole-image
 * hash changes when a fifth of the picture is cut away or the picture is placed on a mock-up; the
 * corners inside the part that is still there keep their neighbourhoods, so they still match, and
 * their positions tell the geometry (matching/geometry.ts). Descriptors are not turned to a dominant
 * orientation: the copies we must find are rotated by at most 5°, which BRIEF's smoothed comparisons
 * survive, and leaving orientation out keeps rotated-looking but different corners from matching.
 *
 * Every picture is first brought to WORK_SIZE pixels on its long side, so a resized copy looks the
 * same as its original; the pyramid (levels 1/PYRAMID_STEP apart) covers the copies whose original
 * appears smaller or larger than the copy's frame (composites at 35 %, crops at 125 %).
 */
export const WORK_SIZE = 320;
// Bound once: inside jest's vm context every global looked up in a hot loop (Math) costs several times the loop's own work.
const { min, max, floor, round, sqrt } = Math;
export const PYRAMID_STEP = 1.3;
export const PYRAMID_LEVELS = 5;
/** Corners kept per picture: enough for a composite's original to keep a dozen, few enough that `features` stays ~5 KB. */
export const MAX_FEATURES = 144;
const PATCH_RADIUS = 15;
/** Corners this close to a level's edge have no full patch. */
const BORDER = PATCH_RADIUS + 3;
/** Corners weaker than this (Harris response of the 0–255 image) are sensor noise on flat areas. */
const MIN_RESPONSE = 100;

export interface Features {
  /** The working image's size (the long side WORK_SIZE). */
  width: number;
  height: number;
  count: number;
  /** Position in working-image pixels (level 0 coordinates). */
  x: Float32Array;
  y: Float32Array;
  level: Uint8Array;
  /** 8 words (256 bits) per feature. */
  descriptors: Uint32Array;
  /** THUMB_SIZE×THUMB_SIZE cell means of the working image (the geometric check's photometric test). */
  thumbnail: Uint8Array;
}

export const THUMB_SIZE = 32;

/** The BRIEF sampling pattern: 256 pixel pairs, isotropic Gaussian around the corner (σ = patch/5), fixed for ever since stored features depend on it. */
const PATTERN = (() => {
  const next = seeded(0x5eed_b41f);
  const g = () => {
    const v = sqrt(-2 * Math.log(next() + 1e-12)) * Math.cos(2 * Math.PI * next()) * ((2 * PATCH_RADIUS + 1) / 5);
    return max(-PATCH_RADIUS, min(PATCH_RADIUS, round(v)));
  };
  const p = new Int8Array(256 * 4);
  for (let i = 0; i < p.length; i++) p[i] = g();
  return p;
})();

/** Scale of a level relative to level 0. */
export const levelScale = (level: number) => PYRAMID_STEP ** level;

/** Features of a grey image already at working size (long side WORK_SIZE). */
export function extractFeatures(luma: Uint8Array | Float32Array, width: number, height: number): Features {
  const levels: Array<{ img: Float32Array; w: number; h: number }> = [];
  let img: Float32Array = Float32Array.from(luma), w = width, h = height;
  for (let l = 0; l < PYRAMID_LEVELS; l++) {
    if (w < 2 * BORDER + 8 || h < 2 * BORDER + 8) break;
    levels.push({ img, w, h });
    const nw = round(width / levelScale(l + 1)), nh = round(height / levelScale(l + 1));
    img = downsample(blur(img, w, h), w, h, nw, nh);
    w = nw;
    h = nh;
  }
  // The budget is shared by area so each level's corners are about as dense as level 0's.
  const areas = levels.map((l) => l.w * l.h);
  const total = areas.reduce((a, b) => a + b, 0);
  const xs: number[] = [], ys: number[] = [], ls: number[] = [];
  const descs: Uint32Array[] = [];
  levels.forEach((lv, l) => {
    const budget = round((MAX_FEATURES * areas[l]) / total);
    const smooth = boxSmooth(lv.img, lv.w, lv.h);
    for (const [cx, cy] of corners(lv.img, lv.w, lv.h, budget)) {
      descs.push(describe(smooth, lv.w, cx, cy));
      const s = levelScale(l);
      xs.push(cx * s);
      ys.push(cy * s);
      ls.push(l);
    }
  });
  const descriptors = new Uint32Array(descs.length * 8);
  descs.forEach((d, i) => descriptors.set(d, i * 8));
  return { width, height, count: xs.length, x: Float32Array.from(xs), y: Float32Array.from(ys), level: Uint8Array.from(ls), descriptors, thumbnail: thumbnail(luma, width, height) };
}

/** Cell means on a THUMB_SIZE² grid stretched over the picture (cells follow its aspect). */
function thumbnail(luma: Uint8Array | Float32Array, width: number, height: number): Uint8Array {
  const sum = new Float64Array(THUMB_SIZE * THUMB_SIZE), n = new Uint32Array(THUMB_SIZE * THUMB_SIZE);
  for (let y = 0; y < height; y++) {
    const row = min(THUMB_SIZE - 1, floor((y * THUMB_SIZE) / height)) * THUMB_SIZE;
    for (let x = 0; x < width; x++) {
      const k = row + min(THUMB_SIZE - 1, floor((x * THUMB_SIZE) / width));
      sum[k] += luma[y * width + x];
      n[k]++;
    }
  }
  return Uint8Array.from(sum, (v, k) => round(v / max(1, n[k])));
}

/** 3×3 binomial blur, against aliasing before a level is sampled down. */
function blur(src: Float32Array, w: number, h: number): Float32Array {
  const tmp = new Float32Array(w * h), out = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    const r = y * w;
    for (let x = 0; x < w; x++) {
      const a = src[r + (x > 0 ? x - 1 : 0)], b = src[r + x], c = src[r + (x < w - 1 ? x + 1 : x)];
      tmp[r + x] = (a + 2 * b + c) * 0.25;
    }
  }
  for (let y = 0; y < h; y++) {
    const up = (y > 0 ? y - 1 : 0) * w, r = y * w, dn = (y < h - 1 ? y + 1 : y) * w;
    for (let x = 0; x < w; x++) out[r + x] = (tmp[up + x] + 2 * tmp[r + x] + tmp[dn + x]) * 0.25;
  }
  return out;
}

function downsample(src: Float32Array, w: number, h: number, nw: number, nh: number): Float32Array {
  const out = new Float32Array(nw * nh);
  const fx = w / nw, fy = h / nh;
  for (let y = 0; y < nh; y++) {
    const sy = min(h - 1.001, max(0, (y + 0.5) * fy - 0.5)), y0 = sy | 0, ty = sy - y0;
    for (let x = 0; x < nw; x++) {
      const sx = min(w - 1.001, max(0, (x + 0.5) * fx - 0.5)), x0 = sx | 0, tx = sx - x0;
      const i = y0 * w + x0;
      const top = src[i] + (src[i + 1] - src[i]) * tx, bottom = src[i + w] + (src[i + w + 1] - src[i + w]) * tx;
      out[y * nw + x] = top + (bottom - top) * ty;
    }
  }
  return out;
}

/** 5×5 box mean through an integral image: BRIEF compares these, not single noisy pixels. */
function boxSmooth(src: Float32Array, w: number, h: number): Float32Array {
  const W = w + 1;
  const ii = new Float64Array(W * (h + 1));
  for (let y = 0; y < h; y++) {
    let row = 0;
    for (let x = 0; x < w; x++) {
      row += src[y * w + x];
      ii[(y + 1) * W + x + 1] = ii[y * W + x + 1] + row;
    }
  }
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    const y0 = max(0, y - 2), y1 = min(h, y + 3);
    for (let x = 0; x < w; x++) {
      const x0 = max(0, x - 2), x1 = min(w, x + 3);
      out[y * w + x] = (ii[y1 * W + x1] - ii[y0 * W + x1] - ii[y1 * W + x0] + ii[y0 * W + x0]) / ((y1 - y0) * (x1 - x0));
    }
  }
  return out;
}

/**
 * Harris corners: local maxima of the response over 5×5, strongest first, none closer than
 * `spacing` pixels to a stronger one, so the budget spreads over the picture (a crop or a
 * composite keeps only a part of it) rather than piling onto the busiest texture.
 */
function corners(img: Float32Array, w: number, h: number, budget: number): Array<[number, number]> {
  const response = harris(img, w, h);
  const found: Array<[number, number, number]> = [];
  for (let y = BORDER; y < h - BORDER; y++) {
    for (let x = BORDER; x < w - BORDER; x++) {
      const i = y * w + x, r = response[i];
      if (r < MIN_RESPONSE) continue;
      let max = true;
      for (let dy = -2; dy <= 2 && max; dy++) for (let dx = -2; dx <= 2; dx++) if ((dx || dy) && response[i + dy * w + dx] > r) { max = false; break; }
      if (max) found.push([r, x, y]);
    }
  }
  found.sort((a, b) => b[0] - a[0]);
  const spacing = max(4, sqrt((w * h) / max(1, budget)) * 0.5);
  const cell = spacing, gw = Math.ceil(w / cell) + 1;
  const taken = new Map<number, Array<[number, number]>>();
  const out: Array<[number, number]> = [];
  for (const [, x, y] of found) {
    if (out.length >= budget) break;
    const cx = floor(x / cell), cy = floor(y / cell);
    let near = false;
    for (let dy = -1; dy <= 1 && !near; dy++) {
      for (let dx = -1; dx <= 1 && !near; dx++) {
        for (const [px, py] of taken.get((cy + dy) * gw + cx + dx) ?? []) if ((px - x) ** 2 + (py - y) ** 2 < spacing * spacing) { near = true; break; }
      }
    }
    if (near) continue;
    const key = cy * gw + cx;
    const list = taken.get(key) ?? [];
    list.push([x, y]);
    taken.set(key, list);
    out.push([x, y]);
  }
  return out;
}

/**
 * Harris response (k = 0.05) with the structure tensor summed over a 5-tap binomial window, in one
 * horizontal and one vertical pass over the three gradient products.
 */
function harris(img: Float32Array, w: number, h: number): Float32Array {
  const n = w * h;
  const hxx = new Float32Array(n), hyy = new Float32Array(n), hxy = new Float32Array(n);
  const gx = new Float32Array(w), gy = new Float32Array(w), gxx = new Float32Array(w), gyy = new Float32Array(w), gxy = new Float32Array(w);
  for (let y = 1; y < h - 1; y++) {
    const r = y * w;
    for (let x = 1; x < w - 1; x++) {
      const i = r + x;
      gx[x] = img[i + 1] - img[i - 1];
      gy[x] = img[i + w] - img[i - w];
    }
    for (let x = 1; x < w - 1; x++) {
      gxx[x] = gx[x] * gx[x];
      gyy[x] = gy[x] * gy[x];
      gxy[x] = gx[x] * gy[x];
    }
    for (let x = 3; x < w - 3; x++) {
      hxx[r + x] = (gxx[x - 2] + gxx[x + 2] + 4 * (gxx[x - 1] + gxx[x + 1]) + 6 * gxx[x]) * 0.0625;
      hyy[r + x] = (gyy[x - 2] + gyy[x + 2] + 4 * (gyy[x - 1] + gyy[x + 1]) + 6 * gyy[x]) * 0.0625;
      hxy[r + x] = (gxy[x - 2] + gxy[x + 2] + 4 * (gxy[x - 1] + gxy[x + 1]) + 6 * gxy[x]) * 0.0625;
    }
  }
  const response = new Float32Array(n);
  for (let y = 3; y < h - 3; y++) {
    for (let x = 3; x < w - 3; x++) {
      const i = y * w + x, w2 = 2 * w;
      const sxx = (hxx[i - w2] + hxx[i + w2] + 4 * (hxx[i - w] + hxx[i + w]) + 6 * hxx[i]) * 0.0625;
      const syy = (hyy[i - w2] + hyy[i + w2] + 4 * (hyy[i - w] + hyy[i + w]) + 6 * hyy[i]) * 0.0625;
      const sxy = (hxy[i - w2] + hxy[i + w2] + 4 * (hxy[i - w] + hxy[i + w]) + 6 * hxy[i]) * 0.0625;
      const tr = sxx + syy;
      response[i] = sxx * syy - sxy * sxy - 0.05 * tr * tr;
    }
  }
  return response;
}

function describe(smooth: Float32Array, w: number, cx: number, cy: number): Uint32Array {
  const d = new Uint32Array(8);
  const c = cy * w + cx;
  for (let b = 0; b < 256; b++) {
    const p = b * 4;
    if (smooth[c + PATTERN[p + 1] * w + PATTERN[p]] < smooth[c + PATTERN[p + 3] * w + PATTERN[p + 2]]) d[b >>> 5] |= 1 << (b & 31);
  }
  return d;
}

export function popcount32(v: number): number {
  v = v - ((v >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** Hamming distance between descriptor i of `a` and descriptor j of `b`. */
export function descriptorDistance(a: Uint32Array, i: number, b: Uint32Array, j: number): number {
  let d = 0;
  for (let k = 0; k < 8; k++) d += popcount32(a[i * 8 + k] ^ b[j * 8 + k]);
  return d;
}

/*
 * Stored form (crawl_images.features, monitoring_pictures.features): version byte, working width and
 * height (uint16 each), count (uint16), the thumbnail (THUMB_SIZE² bytes), then per feature x and y
 * in 1/64 pixel (uint16 each), the level (uint8) and the descriptor (32 bytes): 37 bytes a feature,
 * about 6 KB a picture.
 */
const VERSION = 1;
const HEADER = 7 + THUMB_SIZE * THUMB_SIZE;
const RECORD = 37;

export function packFeatures(f: Features): Buffer {
  const out = Buffer.alloc(HEADER + f.count * RECORD);
  out.writeUInt8(VERSION, 0);
  out.writeUInt16LE(f.width, 1);
  out.writeUInt16LE(f.height, 3);
  out.writeUInt16LE(f.count, 5);
  out.set(f.thumbnail, 7);
  for (let i = 0; i < f.count; i++) {
    const o = HEADER + i * RECORD;
    out.writeUInt16LE(min(65535, round(f.x[i] * 64)), o);
    out.writeUInt16LE(min(65535, round(f.y[i] * 64)), o + 2);
    out.writeUInt8(f.level[i], o + 4);
    for (let k = 0; k < 8; k++) out.writeUInt32LE(f.descriptors[i * 8 + k], o + 5 + k * 4);
  }
  return out;
}

export function unpackFeatures(buf: Buffer): Features {
  if (buf.length < HEADER || buf.readUInt8(0) !== VERSION) throw new Error('unknown features format');
  const count = buf.readUInt16LE(5);
  if (buf.length < HEADER + count * RECORD) throw new Error('truncated features');
  const f: Features = {
    width: buf.readUInt16LE(1),
    height: buf.readUInt16LE(3),
    count,
    x: new Float32Array(count),
    y: new Float32Array(count),
    level: new Uint8Array(count),
    descriptors: new Uint32Array(count * 8),
    thumbnail: Uint8Array.from(buf.subarray(7, HEADER)),
  };
  for (let i = 0; i < count; i++) {
    const o = HEADER + i * RECORD;
    f.x[i] = buf.readUInt16LE(o) / 64;
    f.y[i] = buf.readUInt16LE(o + 2) / 64;
    f.level[i] = buf.readUInt8(o + 4);
    for (let k = 0; k < 8; k++) f.descriptors[i * 8 + k] = buf.readUInt32LE(o + 5 + k * 4);
  }
  return f;
}
