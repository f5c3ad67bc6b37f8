/** Plane filters the codec shares between embedding and reading, all O(pixels) whatever the radius. */

/** Mean over a (2r+1)² window, clamped at the borders (the window shrinks there). */
export function boxMean(src: Float32Array, width: number, height: number, r: number): Float32Array {
  const tmp = new Float32Array(src.length);
  const out = new Float32Array(src.length);
  const line = new Float64Array(width + 1);
  for (let y = 0; y < height; y++) {
    const o = y * width;
    line[0] = 0;
    for (let x = 0; x < width; x++) line[x + 1] = line[x] + src[o + x];
    for (let x = 0; x < width; x++) {
      const a = Math.max(0, x - r), b = Math.min(width, x + r + 1);
      tmp[o + x] = (line[b] - line[a]) / (b - a);
    }
  }
  // Vertical pass as a sliding sum of whole rows, so memory is read in order.
  const col = new Float64Array(width);
  for (let y = 0; y < Math.min(r, height); y++) for (let x = 0; x < width; x++) col[x] += tmp[y * width + x];
  for (let y = 0; y < height; y++) {
    const add = y + r, drop = y - r - 1;
    if (add < height) for (let x = 0, o = add * width; x < width; x++) col[x] += tmp[o + x];
    if (drop >= 0) for (let x = 0, o = drop * width; x < width; x++) col[x] -= tmp[o + x];
    const n = Math.min(height, y + r + 1) - Math.max(0, y - r);
    for (let x = 0, o = y * width; x < width; x++) out[o + x] = col[x] / n;
  }
  return out;
}

/**
 * What is left of a luma plane once each pixel is predicted from its neighbourhood: a band-pass
 * (a small box mean minus a slightly larger one, radii `fine` < `coarse`), weighted by its
 * reliability, then clipped. Natural images are smooth at that scale and mostly cancel; the
 * watermark's chips, independent from one to the next, largely survive, which is what makes the
 * folded sum readable. Where they do not cancel (building edges, windows, foliage) the band-pass is
 * image, not watermark, and the watermark there is a small part of it: each pixel is divided by
 * the local variance of the band-pass (plus 1, the variance of a quiet area carrying the mark), not
 * by its spread, which is the inverse-noise weighting that maximises the folded sum's signal to
 * noise. Dividing by the spread instead let edges count as much as quiet areas: on real
 * photographs of cities that was the difference between about half and nearly all reading
 * untouched. A tight prediction (coarse radius 3 at the embedding size) measured best.
 */
export function whitenedResidual(luma: Float32Array, width: number, height: number, fine: number, coarse: number): Float32Array {
  const a = fine > 0 ? boxMean(luma, width, height, fine) : luma;
  const b = boxMean(luma, width, height, coarse);
  const d = new Float32Array(luma.length);
  for (let i = 0; i < d.length; i++) d[i] = a[i] - b[i];
  const sq = new Float32Array(luma.length);
  for (let i = 0; i < d.length; i++) sq[i] = d[i] * d[i];
  const v = boxMean(sq, width, height, coarse);
  for (let i = 0; i < d.length; i++) {
    const w = d[i] / (v[i] + 1);
    d[i] = w > 2.5 ? 2.5 : w < -2.5 ? -2.5 : w;
  }
  return d;
}
