import { bmp } from '../support/bitmap';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import sharp from 'sharp';
import { runTs, stopChild } from '../../scripts/lib/children';
import { openStore, type ObjectStore } from '../../storage';
import { startS3Server, type S3Server } from '../../storage/s3Server';
import { closeTestDb, signedIn, testDb } from '../support/http';
import { waitHealthy } from '../support/health';
import { TEST_DATA_SUFFIX, TEST_PORTS } from '../support/limits';

/*
 * The upload route against a real S3 server (versitygw): an API process configured as in production
 * with STORAGE_URL, so files stream into the bucket and the checks read them back by range from
 * there. (Its own process, not the app built inside jest: file-type is an ES module only, which
 * jest's CommonJS runtime cannot load.)
 */

const ROOT = path.resolve(__dirname, '../../.data');
const s3Dir = path.join(ROOT, `test-s3-uploads${TEST_DATA_SUFFIX}`);
/** Room for a file past one S3 part (5 MiB), so a put is multipart. */
const MAX_BYTES = 8 << 20;
let s3: S3Server;
let store: ObjectStore;
let api: ChildProcess;

/** A port nobody listens on now (the test API's own; the shared ports belong to other test stacks). */
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });

beforeAll(async () => {
  await rm(s3Dir, { recursive: true, force: true });
  s3 = await startS3Server({ port: TEST_PORTS.s3 + 1, dir: s3Dir, bucket: 'ipci-uploads', accessKey: 'ipci-test-key', secretKey: 'ipci/test+secret' });
  store = openStore({ storageUrl: s3.storageUrl, diskRoot: ROOT, publicBase: 'http://127.0.0.1', signingSecret: 'unused' });
  const port = await freePort();
  api = runTs('uploads-s3-api', 'api/main.ts', { PORT: String(port), STORAGE_URL: s3.storageUrl, UPLOAD_MAX_BYTES: String(MAX_BYTES) });
  await waitHealthy(`http://127.0.0.1:${port}/api/health`);
  // The test helpers' callers talk to IPCI_TEST_API: in this file, the API started here (jest gives each file its own env).
  process.env.IPCI_TEST_API = `http://127.0.0.1:${port}`;
}, 240_000);
afterAll(async () => {
  await stopChild(api);
  await s3?.stop();
  await closeTestDb();
});

async function bucketKeys(): Promise<string[]> {
  const keys: string[] = [];
  for await (const o of store.list('')) keys.push(o.key);
  return keys.sort();
}

test('pictures stream into the bucket and are measured there; a refused type or a picture failing the rules leaves nothing', async () => {
  const { caller, user } = await signedIn('personal');
  // 5.9 MB: stored in parts, sampled by ranged reads for its colour.
  const large = bmp(1800, 1100, () => [200, 30, 30]);
  const bitmap = await caller.upload('ipImage', large, '山水 «大».bmp');
  expect(bitmap).toMatchObject({ status: 201, body: { kind: 'ipImage', mime: 'image/bmp', width: 1800, height: 1100, originalName: '山水 «大».bmp' } });
  // Past the head: read back whole for sharp to decode.
  const noisy = await sharp(randomBytes(900 * 600 * 3), { raw: { width: 900, height: 600, channels: 3 } }).png().toBuffer();
  expect(noisy.length).toBeGreaterThan(256 * 1024);
  expect(await caller.upload('ipImage', noisy, 'noise.png')).toMatchObject({ status: 201, body: { mime: 'image/png', width: 900, height: 600 } });

  const rows = await testDb()('uploads').where({ owner_id: user.id }).select('storage_key', 'mime', 'original_name');
  expect(await bucketKeys()).toEqual(rows.map((r) => r.storage_key).sort());
  expect(await store.head(rows.find((r) => r.mime === 'image/bmp')!.storage_key)).toMatchObject({ size: large.length, contentType: 'image/bmp', originalName: '山水 «大».bmp' });

  // S3 keeps 2 KB of metadata: the longest name the platform keeps (255 characters, 9 bytes each once encoded) is still stored.
  const longName = `${'长'.repeat(251)}.pdf`;
  const long = await caller.upload('proof', Buffer.from('%PDF-1.4\n%%EOF\n'), longName);
  expect(long).toMatchObject({ status: 201, body: { originalName: longName } });
  const longKey = (await testDb()('uploads').where({ id: long.body.id }).first('storage_key')).storage_key;
  expect(longName.startsWith((await store.head(longKey))!.originalName!)).toBe(true);
  rows.push({ storage_key: longKey });

  const pdfAsPicture = await caller.upload('ipImage', Buffer.from('%PDF-1.4\n%%EOF\n'), 'scan.png');
  expect(pdfAsPicture).toMatchObject({ status: 415, body: { message: 'This file type is not accepted; allowed: jpg, jpeg, jpe, jif, png, gif, ico, jfif, bmp' } });
  const portrait = await caller.upload('ipImage', bmp(700, 1000, () => [30, 160, 60]), 'portrait.bmp');
  expect(portrait).toMatchObject({ status: 422, body: { code: 'imageRejected', message: 'Please use a landscape picture (wider than it is tall)' } });
  const tooLarge = await caller.upload('ipImage', Buffer.concat([large, Buffer.alloc(MAX_BYTES - large.length + 1)]), 'huge.bmp');
  expect(tooLarge.status).toBe(413);
  expect(await bucketKeys()).toEqual(rows.map((r) => r.storage_key).sort());
}, 120_000);

test('a stored upload streams back from the bucket, in byte ranges too', async () => {
  const { caller } = await signedIn('personal');
  const bytes = Buffer.from('%PDF-1.4\n' + 'x'.repeat(400_000) + '\n%%EOF\n');
  const id = (await caller.upload('proof', bytes, 'range.pdf')).body.id as string;
  const get = (range?: string) => fetch(`${process.env.IPCI_TEST_API}/api/uploads/${id}`, { headers: { cookie: caller.cookie, ...(range ? { range } : {}) } });

  const whole = await get();
  expect(whole.status).toBe(200);
  expect(whole.headers.get('content-type')).toBe('application/pdf');
  expect(Buffer.from(await whole.arrayBuffer())).toEqual(bytes);
  const part = await get('bytes=300000-300008');
  expect(part.status).toBe(206);
  expect(part.headers.get('content-range')).toBe(`bytes 300000-300008/${bytes.length}`);
  expect(await part.text()).toBe('xxxxxxxxx');
  const tail = await get('bytes=-6');
  expect(await tail.text()).toBe('%%EOF\n');
});
