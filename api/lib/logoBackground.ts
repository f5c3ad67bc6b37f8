import sharp from 'sharp';

/** Alpha at most this (of 255) counts as transparent: anti-aliasing leaves a few levels on a cleared edge. */
const TRANSPARENT_ALPHA = 16;
/** The ring looked at: this share of the shorter side along every edge, 1 pixel at least. */
const BORDER_SHARE = 0.02;
/** This share of the ring must be transparent: a logo may touch the edge here and there, a background covers all of it. */
const CLEAR_SHARE = 0.9;

/**
 * Part 2 §5: "a logo must have no background", read on its content as an alpha channel whose border
 * is transparent — a picture with a background (a JPEG, or a PNG with an opaque or painted edge)
 * fills its border. False too when the picture does not decode.
 */
export async function hasTransparentBackground(bytes: Buffer): Promise<boolean> {
  try {
    const meta = await sharp(bytes).metadata();
    if (!meta.hasAlpha) return false;
    const { data, info } = await sharp(bytes).extractChannel('alpha').raw().toBuffer({ resolveWithObject: true });
    const { width: w, height: h } = info;
    const ring = Math.max(1, Math.round(Math.min(w, h) * BORDER_SHARE));
    let total = 0;
    let clear = 0;
    const look = (x: number, y: number) => {
      total += 1;
      if (data[y * w + x] <= TRANSPARENT_ALPHA) clear += 1;
    };
    for (let y = 0; y < h; y++) {
      if (y < ring || y >= h - ring) for (let x = 0; x < w; x++) look(x, y);
      else for (let x = 0; x < ring; x++) (look(x, y), look(w - 1 - x, y));
    }
    return total > 0 && clear / total >= CLEAR_SHARE;
  } catch {
    return false;
  }
}
