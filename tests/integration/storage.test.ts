import { createHash, randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { verifyDiskSignature } from '../../storage/disk';
import { ObjectTooLarge, openStore, type ObjectStore } from '../../storage';
import { startS3Server, type S3Server } from '../../storage/s3Server';
import { TEST_DATA_SUFFIX, TEST_PORTS } from '../support/limits';

/**
 * The storage contract, run against both backends: local disk and a real S3-compatible server
 * (versitygw, built with Go like the Temporal CLI, serving a folder on this machine).
 */
const ROOT = path.resolve(__dirname, '../../.data');
const diskRoot = path.join(ROOT, `test-storage${TEST_DATA_SUFFIX}`);
const s3Dir = path.join(ROOT, `test-s3${TEST_DATA_SUFFIX}`);
const SECRET = 'test-signing-secret';
let server: S3Server;
const stores: Record<'disk' | 's3', ObjectStore> = {} as never;

beforeAll(async () => {
  await Promise.all([rm(diskRoot, { recursive: true, force: true }), rm(s3Dir, { recursive: true, force: true })]);
  server = await startS3Server({ port: TEST_PORTS.s3, dir: s3Dir, bucket: 'ipci-test', accessKey: 'ipci-test-key', secretKey: 'ipci/test+secret' });
  stores.disk = openStore({ diskRoot, publicBase: 'http://localhost:3000', signingSecret: SECRET });
  stores.s3 = openStore({ storageUrl: server.storageUrl, diskRoot, publicBase: 'http://localhost:3000', signingSecret: SECRET });
}, 240_000);
afterAll(async () => {
  await server?.stop();
});

/** `size` bytes of a repeating pattern, produced chunk by chunk (never whole in memory). */
function generated(size: number, chunk = 1 << 16): Readable {
  let sent = 0;
  const block = Buffer.alloc(chunk, 'ipci-storage-');
  return new Readable({
    read() {
      if (sent >= size) return this.push(null);
      const n = Math.min(chunk, size - sent);
      sent += n;
      this.push(n === chunk ? block : block.subarray(0, n));
    },
  });
}

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const keyOf = (prefix: string) => `${prefix}/${randomUUID()}`;

describe.each(['disk', 's3'] as const)('%s store', (kind) => {
  const store = () => stores[kind];

  test('put, head and get keep the bytes, the content type and a UTF-8 original name; ranges read part of it', async () => {
    const bytes = Buffer.from('0123456789abcdefghijklmnopqrstuvwxyz');
    const key = keyOf('contract');
    const put = await store().put(key, Readable.from([bytes]), { contentType: 'text/plain', originalName: '山海图 证明.pdf', maxBytes: 1000 });
    expect(put).toMatchObject({ key, size: bytes.length, contentType: 'text/plain', originalName: '山海图 证明.pdf', sha256: sha256(bytes) });
    expect(await store().head(key)).toMatchObject({ size: bytes.length, contentType: 'text/plain', originalName: '山海图 证明.pdf' });

    const whole = (await store().get(key))!;
    expect(await text(whole.body)).toBe(bytes.toString());
    const part = (await store().get(key, { start: 10, end: 19 }))!;
    expect(part.range).toEqual({ start: 10, end: 19 });
    expect(part.size).toBe(bytes.length);
    expect(await text(part.body)).toBe('abcdefghij');
    const tail = (await store().get(key, { start: 30 }))!;
    expect(await text(tail.body)).toBe('uvwxyz');
    expect(await store().get(key, { start: 100 })).toBeNull();
    expect(await store().get(keyOf('contract'))).toBeNull();
    expect(await store().head(keyOf('contract'))).toBeNull();
  });

  test('delete is idempotent; list finds the objects under a prefix in key order', async () => {
    const prefix = `list-${randomUUID()}`;
    for (const name of ['b', 'a', 'c/d']) await store().put(`${prefix}/${name}`, Readable.from([Buffer.from(name)]), { contentType: 'text/plain', maxBytes: 10 });
    await store().put(`${prefix}-other/x`, Readable.from([Buffer.from('x')]), { contentType: 'text/plain', maxBytes: 10 });
    const listed = [];
    for await (const o of store().list(`${prefix}/`)) listed.push([o.key, o.size]);
    expect(listed).toEqual([
      [`${prefix}/a`, 1],
      [`${prefix}/b`, 1],
      [`${prefix}/c/d`, 3],
    ]);
    await store().delete(`${prefix}/a`);
    await store().delete(`${prefix}/a`);
    expect(await store().head(`${prefix}/a`)).toBeNull();
  });

  test('a body over its limit, or a stream that fails, leaves no object behind', async () => {
    const prefix = `refused-${randomUUID()}`;
    await expect(store().put(`${prefix}/big`, generated(300_000), { contentType: 'application/pdf', maxBytes: 100_000 })).rejects.toBeInstanceOf(ObjectTooLarge);
    // Past one part (5 MiB) the S3 upload is multipart: it is aborted too.
    await expect(store().put(`${prefix}/bigger`, generated(12 << 20), { contentType: 'application/pdf', maxBytes: 7 << 20 })).rejects.toBeInstanceOf(ObjectTooLarge);
    const failing = new Readable({
      read() {
        this.push(Buffer.alloc(1000, 1));
        this.destroy(new Error('connection reset'));
      },
    });
    await expect(store().put(`${prefix}/broken`, failing, { contentType: 'application/pdf', maxBytes: 1e6 })).rejects.toThrow();
    const left = [];
    for await (const o of store().list(`${prefix}/`)) left.push(o.key);
    expect(left).toEqual([]);
  });

  test('a large file streams through without being held in memory', async () => {
    const key = keyOf('large');
    // Big enough that holding it would show above garbage not yet collected under a loaded CI machine.
    const size = 256 << 20;
    let peak = 0;
    const base = process.memoryUsage();
    const sample = setInterval(() => {
      const m = process.memoryUsage();
      peak = Math.max(peak, m.heapUsed + m.arrayBuffers - base.heapUsed - base.arrayBuffers);
    }, 20);
    try {
      const put = await store().put(key, generated(size), { contentType: 'video/mp4', maxBytes: 1 << 30 });
      expect(put.size).toBe(size);
      let read = 0;
      for await (const chunk of (await store().get(key))!.body) read += (chunk as Buffer).length;
      expect(read).toBe(size);
    } finally {
      clearInterval(sample);
      await store().delete(key);
    }
    // Parts in flight (S3: 4 of 5 MiB), stream buffers and uncollected garbage, well below the 256 MiB of the file.
    expect(peak).toBeLessThan(160 << 20);
  }, 120_000);

  test('keys are the platform\'s own paths, never a user\'s name or a way out of the store', async () => {
    for (const bad of ['../etc/passwd', '/abs', 'a//b', 'a/../b', 'name with space', '']) {
      await expect(store().put(bad, Readable.from([Buffer.from('x')]), { contentType: 'text/plain', maxBytes: 10 })).rejects.toBeInstanceOf(RangeError);
    }
  });
});

test('s3: a signed address downloads the object until it expires, and only that object', async () => {
  const key = keyOf('signed');
  await stores.s3.put(key, Readable.from([Buffer.from('signed content')]), { contentType: 'text/plain', originalName: '证书.pdf', maxBytes: 100 });
  const url = await stores.s3.signedUrl(key, { expiresInSeconds: 2, downloadName: '证书.pdf' });
  const ok = await fetch(url);
  expect(ok.status).toBe(200);
  expect(await ok.text()).toBe('signed content');
  expect(ok.headers.get('content-disposition')).toContain(encodeURIComponent('证书.pdf'));
  // The same signature does not open another key.
  const other = url.replace(key, keyOf('signed'));
  expect((await fetch(other)).status).toBe(403);
  await new Promise((r) => setTimeout(r, 3000));
  expect((await fetch(url)).status).toBe(403);
});

test('disk: a signed address is genuine until it expires, for its key and name only', async () => {
  const key = keyOf('signed');
  const url = new URL(await stores.disk.signedUrl(key, { expiresInSeconds: 60, downloadName: '证书.pdf' }));
  expect(url.pathname).toBe(`/api/files/${key}`);
  const args = { key, expires: url.searchParams.get('expires')!, name: url.searchParams.get('name')!, sig: url.searchParams.get('sig')! };
  expect(verifyDiskSignature(SECRET, args)).toBe(true);
  expect(verifyDiskSignature(SECRET, { ...args, key: keyOf('signed') })).toBe(false);
  expect(verifyDiskSignature(SECRET, { ...args, name: 'other.pdf' })).toBe(false);
  expect(verifyDiskSignature('another secret', args)).toBe(false);
  expect(verifyDiskSignature(SECRET, args, Date.now() + 61_000)).toBe(false);
});
