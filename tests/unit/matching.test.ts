import sharp from 'sharp';
import { evalOriginal, originalFile } from '../../matching/evalSet';
import { fitSimilarity, overlapShare, type Correspondence } from '../../matching/geometry';
import { extractFeatures, packFeatures, unpackFeatures } from '../../matching/local';
import { GLOBAL_LOOKUP_RADIUS, MATCH_THRESHOLD, OriginalsIndex } from '../../matching/matcher';
import { imageSignature } from '../../matching/signature';
import { transform } from '../../matching/transforms';
import { syntheticImage } from '../../watermark/synthetic';
import { seeded } from '../../watermark/random';

/*
 * The image matcher's parts (matching/): the geometric check recovers a copy's transform among chance
 * pairs and says how much of the original the copy shows; features survive their stored form; a
 * crop is found by the local stage with its evidence, a recompressed copy by the global one, and
 * an unrelated picture by neither. The generated evaluation set is measured in matchingEval.test.ts.
 */

test('RANSAC finds the similarity among outliers: scale, rotation and shift, each original corner counted once', () => {
  const next = seeded(1);
  const scale = 0.6, theta = (3 * Math.PI) / 180, dx = 40, dy = -12;
  const ms: Correspondence[] = [];
  for (let i = 0; i < 30; i++) {
    const ox = next() * 300, oy = next() * 300;
    const cx = scale * (Math.cos(theta) * ox - Math.sin(theta) * oy) + dx + (next() - 0.5);
    const cy = scale * (Math.sin(theta) * ox + Math.cos(theta) * oy) + dy + (next() - 0.5);
    ms.push({ ox, oy, cx, cy, originalFeature: i, logScaleRatio: Math.log(scale) });
  }
  // The same original corner paired twice more: counts once.
  ms.push({ ...ms[0], cx: ms[0].cx + 0.5 }, { ...ms[0], cx: ms[0].cx - 0.5 });
  for (let i = 0; i < 60; i++) ms.push({ ox: next() * 300, oy: next() * 300, cx: next() * 300, cy: next() * 300, originalFeature: 100 + i, logScaleRatio: 0 });
  const fit = fitSimilarity(ms)!;
  expect(fit.inliers).toBeGreaterThanOrEqual(28);
  expect(fit.inliers).toBeLessThanOrEqual(31);
  expect(Math.hypot(fit.transform.a, fit.transform.b)).toBeCloseTo(scale, 2);
  expect((Math.atan2(fit.transform.b, fit.transform.a) * 180) / Math.PI).toBeCloseTo(3, 0);
  expect(fit.transform.dx).toBeCloseTo(dx, -0.5);
  // Pure noise gives no plausible fit of any size worth a match.
  expect(fitSimilarity(ms.slice(32))?.inliers ?? 0).toBeLessThan(6);
});

test('the overlap share is the part of the original inside the copy frame', () => {
  // A copy showing the original's right half (shifted left by half its width).
  expect(overlapShare({ a: 1, b: 0, dx: -50, dy: 0 }, 100, 100, 50, 100)).toBeCloseTo(0.5, 5);
  // Padding: the whole original inside a larger frame.
  expect(overlapShare({ a: 1, b: 0, dx: 10, dy: 10 }, 100, 100, 120, 120)).toBeCloseTo(1, 5);
  // Shrunk onto a mock-up: still all of it.
  expect(overlapShare({ a: 0.5, b: 0, dx: 30, dy: 30 }, 100, 100, 150, 150)).toBeCloseTo(1, 5);
});

test('features pack into a few KB and unpack to the same corners and descriptors', () => {
  const rgb = syntheticImage(320, 240, 7);
  const luma = Uint8Array.from({ length: 320 * 240 }, (_, i) => rgb[3 * i + 1]);
  const f = extractFeatures(luma, 320, 240);
  expect(f.count).toBeGreaterThan(100);
  const packed = packFeatures(f);
  expect(packed.length).toBeLessThan(7000);
  const back = unpackFeatures(packed);
  expect(back.count).toBe(f.count);
  expect(Array.from(back.descriptors)).toEqual(Array.from(f.descriptors));
  expect(Array.from(back.thumbnail)).toEqual(Array.from(f.thumbnail));
  for (let i = 0; i < f.count; i++) expect(Math.abs(back.x[i] - f.x[i])).toBeLessThan(1 / 64);
  expect(() => unpackFeatures(Buffer.from([9, 0, 0]))).toThrow();
});

test('a crop is found locally with its transform and overlap, a recompressed copy globally, an unrelated picture not at all', async () => {
  const index = new OriginalsIndex();
  for (const i of [0, 1, 2]) index.add(originalFile(i), await imageSignature(await evalOriginal(i)));
  const original = await evalOriginal(1);
  const { width, height } = await sharp(original).metadata();
  const crop = await sharp(original).extract({ left: Math.round(width! * 0.2), top: 0, width: Math.round(width! * 0.8), height: height! }).png().toBuffer();
  const [local] = index.match(await imageSignature(crop));
  expect(local).toMatchObject({ originalId: originalFile(1), method: 'local' });
  expect(local.score).toBeGreaterThanOrEqual(MATCH_THRESHOLD);
  expect(local.transform!.scale).toBeCloseTo(1, 1);
  expect(Math.abs(local.transform!.rotationDeg)).toBeLessThan(1);
  expect(local.transform!.dx).toBeCloseTo(-width! * 0.2, -1);
  expect(local.overlap).toBeCloseTo(0.8, 1);

  const recompressed = await transform('recompress', await evalOriginal(2), 3);
  const [global] = index.match(await imageSignature(recompressed));
  expect(global.originalId).toBe(originalFile(2));
  expect(global.distance).toBeLessThanOrEqual(GLOBAL_LOOKUP_RADIUS);

  const other = await sharp(Buffer.from(syntheticImage(300, 300, 424242)), { raw: { width: 300, height: 300, channels: 3 } }).jpeg().toBuffer();
  expect(index.match(await imageSignature(other))).toEqual([]);
});

test('a 1000-px picture is signed well under 200 ms (measured)', async () => {
  const big = await sharp(await evalOriginal(0)).resize(1000, 1000).jpeg({ quality: 90 }).toBuffer();
  await imageSignature(big);
  // Wall time and this process's CPU time (sharp's threads included): the CPU time is what signing costs
  // whatever else shares the machine, the wall time what one picture waits on an idle one.
  const wall: number[] = [], cpu: number[] = [];
  for (let k = 0; k < 7; k++) {
    const t = performance.now(), c = process.cpuUsage();
    const sig = await imageSignature(big);
    const used = process.cpuUsage(c);
    wall.push(performance.now() - t);
    cpu.push((used.user + used.system) / 1000);
    expect(sig.features.length).toBeLessThan(7000);
    expect(sig).toMatchObject({ width: 1000, height: 1000 });
  }
  const median = (v: number[]) => [...v].sort((a, b) => a - b)[3].toFixed(1);
  console.log(`imageSignature of a 1000×1000 JPEG: CPU median ${median(cpu)} ms, best ${Math.min(...cpu).toFixed(1)} ms; wall median ${median(wall)} ms`);
  expect(Math.min(...cpu)).toBeLessThan(200);
});
