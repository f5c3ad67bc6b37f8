import { gaussian, seeded } from './random';

/**
 * Photographic-like test images for the codec's tests and benchmark: no image files ship with the
 * repository, and flat synthetic colours would flatter any watermark. The luminance is a sum of
 * smoothly interpolated random octaves with amplitude proportional to their scale (the 1/f spectrum
 * of natural images), overlaid with soft-edged shapes carrying texture of their own, a gradient like
 * a sky or a lit wall, low-frequency colour casts and a little sensor noise. Same seed, same image.
 */
export function syntheticImage(width: number, height: number, seed: number): Uint8Array {
  const next = seeded(seed);
  const base = octaves(width, height, next, 2, 0.35);
  const lum = new Float32Array(width * height);
  const gx = (next() - 0.5) * 120, gy = (next() - 0.5) * 120;
  const contrast = 18 + next() * 22;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) lum[y * width + x] = 128 + contrast * base[y * width + x] + (gx * x) / width + (gy * y) / height;
  }
  const shapes = 3 + Math.floor(next() * 6);
  for (let s = 0; s < shapes; s++) {
    const cx = next() * width, cy = next() * height;
    const rx = (0.05 + next() * 0.25) * width, ry = (0.05 + next() * 0.25) * height;
    const level = 40 + next() * 180;
    const texture = 4 + next() * 14;
    const edge = 0.5 + next() * 4;
    const ellipse = next() < 0.5;
    const y0 = Math.max(0, Math.floor(cy - ry - 8)), y1 = Math.min(height, Math.ceil(cy + ry + 8));
    const x0 = Math.max(0, Math.floor(cx - rx - 8)), x1 = Math.min(width, Math.ceil(cx + rx + 8));
    if (x1 <= x0 || y1 <= y0) continue;
    const tex = octaves(x1 - x0, y1 - y0, next, 2, 0.25);
    for (let y = y0; y < y1; y++) {
      for (let x = x0; x < x1; x++) {
        const dx = (x - cx) / rx, dy = (y - cy) / ry;
        const dist = ellipse ? (Math.sqrt(dx * dx + dy * dy) - 1) * Math.min(rx, ry) : (Math.max(Math.abs(dx) * rx - rx, Math.abs(dy) * ry - ry));
        const cover = 1 / (1 + Math.exp(dist / edge));
        const i = y * width + x;
        lum[i] = lum[i] * (1 - cover) + (level + texture * tex[(y - y0) * (x1 - x0) + x - x0]) * cover;
      }
    }
  }
  const tint = [octaves(width, height, next, 64, 1), octaves(width, height, next, 64, 1)];
  const warm = (next() - 0.5) * 30;
  const rgb = new Uint8Array(width * height * 3);
  for (let i = 0; i < lum.length; i++) {
    const l = lum[i];
    const a = 10 * tint[0][i] + warm, b = 10 * tint[1][i];
    const r = l + a + 0.3 * b, g = l - 0.4 * a - 0.2 * b, bl = l - 0.6 * a + b;
    rgb[i * 3] = clamp(r + grain(next));
    rgb[i * 3 + 1] = clamp(g + grain(next));
    rgb[i * 3 + 2] = clamp(bl + grain(next));
  }
  return rgb;
}

const clamp = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : (v + 0.5) | 0);
/** Sensor grain of deviation 1.5: a sum of three uniforms is near enough to normal, and cheap. */
const grain = (next: () => number) => (next() + next() + next() - 1.5) * 3;

/**
 * Random octaves from `finest` pixels up to the image size, each a grid of normal values
 * interpolated with smoothstep and weighted by cell size^slope / normalised to unit deviation.
 */
function octaves(width: number, height: number, next: () => number, finest: number, slope: number): Float32Array {
  const out = new Float32Array(width * height);
  let total = 0;
  for (let cell = finest; cell <= Math.max(width, height); cell *= 2) {
    const gw = Math.ceil(width / cell) + 2, gh = Math.ceil(height / cell) + 2;
    const grid = Float32Array.from({ length: gw * gh }, () => gaussian(next));
    const amp = (cell / Math.max(width, height)) ** slope;
    total += amp * amp;
    const ox = next() * cell, oy = next() * cell;
    for (let y = 0; y < height; y++) {
      const fy = (y + oy) / cell, iy = fy | 0, ty = smooth(fy - iy);
      for (let x = 0; x < width; x++) {
        const fx = (x + ox) / cell, ix = fx | 0, tx = smooth(fx - ix);
        const g = iy * gw + ix;
        const top = grid[g] + (grid[g + 1] - grid[g]) * tx;
        const bottom = grid[g + gw] + (grid[g + gw + 1] - grid[g + gw]) * tx;
        out[y * width + x] += amp * (top + (bottom - top) * ty);
      }
    }
  }
  const norm = 1 / Math.sqrt(total);
  for (let i = 0; i < out.length; i++) out[i] *= norm;
  return out;
}

const smooth = (t: number) => t * t * (3 - 2 * t);

/**
 * A city photograph's hard case, for the codec's tests: a flat, bright sky (partly blown out to
 * white) over a building front of hard-edged, regularly spaced windows on a finely textured wall,
 * with floor lines and a few long vertical edges. Such periodic, high-contrast structure sits in
 * the band the reader looks at and repeats like the watermark's tile, which is where a reader
 * that lets edges count as much as quiet areas, and a mask that spends its energy on them, fail.
 */
export function facadeImage(width: number, height: number, seed: number): Uint8Array {
  const next = seeded(seed);
  const horizon = Math.round(height * (0.2 + next() * 0.2));
  const [px, py] = [18 + Math.floor(next() * 24), 22 + Math.floor(next() * 26)];
  const [wx, wy] = [Math.round(px * (0.4 + next() * 0.3)), Math.round(py * (0.4 + next() * 0.3))];
  const wall = 90 + next() * 90, glass = 20 + next() * 50, sky = 215 + next() * 50;
  const texture = octaves(width, height, next, 2, 0.2);
  const pillars = Array.from({ length: 4 }, () => Math.floor(next() * width));
  const rgb = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      let l: number;
      if (y < horizon) l = sky - (25 * y) / horizon;
      else {
        const inWindow = (x % px) < wx && ((y - horizon) % py) > 3 && ((y - horizon) % py) < 3 + wy;
        l = inWindow ? glass + 6 * texture[i] : wall + 14 * texture[i];
        if ((y - horizon) % py < 2) l -= 35;
        if (pillars.some((p) => Math.abs(x - p) < 3)) l = 35;
      }
      const v = clamp(l + grain(next));
      rgb[3 * i] = v; rgb[3 * i + 1] = v; rgb[3 * i + 2] = clamp(l * 1.05 + grain(next));
    }
  }
  return rgb;
}
