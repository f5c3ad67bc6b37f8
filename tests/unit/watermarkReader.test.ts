import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { MAX_WAITING, ReadersBusy, readWatermarkFile, UndecodablePicture } from '../../api/lib/watermarkReader';
import { embedWatermark } from '../../watermark';
import { syntheticImage } from '../../watermark/synthetic';

/*
 * The identification's reader threads (api/lib/watermarkReader): a picture's mark is read off the
 * API's event loop, a damaged picture is told apart from a failure, and a backlog past MAX_WAITING
 * is refused at once rather than left to grow.
 */

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'reader-test-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

test('a marked picture gives its mark, an unmarked one null, a damaged one UndecodablePicture', async () => {
  const photo = await sharp(Buffer.from(syntheticImage(640, 480, 3)), { raw: { width: 640, height: 480, channels: 3 } }).jpeg({ quality: 92 }).toBuffer();
  const mark = 0x0123456789abcdefn;
  const marked = path.join(dir, 'marked.jpg');
  const plain = path.join(dir, 'plain.jpg');
  const damaged = path.join(dir, 'damaged.jpg');
  await writeFile(marked, (await embedWatermark(photo, mark)).image);
  await writeFile(plain, photo);
  await writeFile(damaged, photo.subarray(0, 3000));
  const [a, b, c] = await Promise.allSettled([readWatermarkFile(marked), readWatermarkFile(plain), readWatermarkFile(damaged)]);
  expect(a).toEqual({ status: 'fulfilled', value: mark });
  expect(b).toEqual({ status: 'fulfilled', value: null });
  expect(c.status === 'rejected' && c.reason).toBeInstanceOf(UndecodablePicture);
}, 60_000);

test('past MAX_WAITING pictures waiting, another is refused at once with ReadersBusy', async () => {
  const missing = path.join(dir, 'missing.jpg');
  const results = await Promise.allSettled(Array.from({ length: MAX_WAITING + 6 }, () => readWatermarkFile(missing)));
  const reasons = results.map((r) => (r.status === 'rejected' ? r.reason.constructor : r.status));
  // The ones that got a place are read (and found unreadable); at least the last few were turned away.
  expect(reasons.filter((r) => r === ReadersBusy).length).toBeGreaterThanOrEqual(4);
  expect(reasons.filter((r) => r === UndecodablePicture).length).toBeGreaterThanOrEqual(MAX_WAITING);
  expect(reasons.slice(-4)).toEqual(Array(4).fill(ReadersBusy));
}, 60_000);
