import sharp from 'sharp';
import { TaskFailed } from '../../lib/threadPool';
import { imageSignature } from '../../matching/signature';
import { signatureOf } from '../../matching/signatureThreads';
import { syntheticImage } from '../../watermark/synthetic';

/*
 * Pictures are signed on signer threads (matching/signatureThreads), not on the caller's event loop:
 * the Temporal worker's other activities and the API's other requests go on meanwhile, and the
 * signature is the very one imageSignature gives inline.
 */

const photo = (seed: number) =>
  sharp(Buffer.from(syntheticImage(800, 600, seed)), { raw: { width: 800, height: 600, channels: 3 } }).jpeg({ quality: 90 }).toBuffer();

test('ten signatures run off the main thread, whose event loop keeps ticking, and equal the inline ones', async () => {
  const pictures = await Promise.all(Array.from({ length: 10 }, (_, i) => photo(i + 1)));
  const inline = [];
  for (const p of pictures) inline.push(await imageSignature(p));
  // Warm the thread up (tsx and the modules load once), so the count below measures the signing only.
  await signatureOf(Buffer.from(pictures[0]));

  let ticks = 0;
  let longestGap = 0;
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    longestGap = Math.max(longestGap, now - last);
    last = now;
    ticks++;
  }, 5);
  const started = performance.now();
  const threaded = await Promise.all(pictures.map((p) => signatureOf(Buffer.from(p))));
  const elapsed = performance.now() - started;
  clearInterval(timer);

  expect(threaded).toEqual(inline);
  expect(threaded[0].pdq).toBeInstanceOf(Buffer);
  expect(threaded[0].features).toBeInstanceOf(Buffer);
  // Inline, one signature alone blocks the loop for 100 ms or more; here it ticks all along.
  expect(ticks).toBeGreaterThan(elapsed / 5 / 4);
  expect(longestGap).toBeLessThan(100);
}, 120_000);

test('a picture that does not decode rejects with TaskFailed, and the thread goes on signing', async () => {
  const good = await photo(42);
  await expect(signatureOf(good.subarray(0, 2000))).rejects.toBeInstanceOf(TaskFailed);
  expect(await signatureOf(Buffer.from(good))).toEqual(await imageSignature(good));
}, 60_000);
