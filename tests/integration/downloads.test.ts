import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Readable } from 'node:stream';
import { createApp } from '../../api/app';
import type { ApiDeps } from '../../api/deps';
import { EventHub } from '../../api/events';
import { createNotifier } from '../../api/lib/notifier';
import { insertUpload } from '../../db/uploads';
import { openStore, type ObjectStore } from '../../storage';
import { storageSigningSecret } from '../../storage/appStore';
import { startS3Server, type S3Server } from '../../storage/s3Server';
import { temporalConfig } from '../../temporal/config';
import { closeTestDb, PDF, signedIn, testDb } from '../support/http';
import { TEST_DATA_SUFFIX, TEST_PORTS, TEST_UPLOAD_MAX_BYTES } from '../support/limits';

/**
 * Downloads that redirect (STORAGE_DOWNLOADS=redirect) with short-lived addresses (2 s), through an
 * API built in this process on the test database: the upload route checks who may read and answers
 * 302; with the disk store the address is the API's own /api/files/…, with S3 the S3 server's.
 * Sessions come from the test stack's API (same database), so its sign-in is reused.
 */
const DATA = path.resolve(__dirname, '../../.data');
const diskRoot = path.join(DATA, `test-downloads${TEST_DATA_SUFFIX}`);
const s3Dir = path.join(DATA, `test-downloads-s3${TEST_DATA_SUFFIX}`);
const TTL = 2;
const NAME = '山海图 证明(终稿).pdf';
const CONTENT = Buffer.concat([PDF, Buffer.from('0123456789')]);

interface Api {
  base: string;
  store: ObjectStore;
  close(): Promise<void>;
}
const servers: Api[] = [];
let s3: S3Server | undefined;

/** The API over `open(base)`'s store, listening on a free port. */
async function startApi(open: (base: string) => ObjectStore): Promise<Api> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const store = open(base);
  const deps = {
    db: testDb(),
    cfg: temporalConfig(),
    events: new EventHub(testDb(), process.env.DATABASE_URL!),
    store,
    downloads: { redirect: true, ttlSeconds: TTL },
    maxUploadBytes: TEST_UPLOAD_MAX_BYTES,
    notifier: createNotifier(testDb()),
    // No route under test starts a workflow.
    temporal: {} as ApiDeps['temporal'],
  } satisfies ApiDeps;
  server.on('request', createApp(deps, '/nonexistent').callback());
  const api = { base, store, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
  servers.push(api);
  return api;
}

beforeAll(async () => {
  await Promise.all([rm(diskRoot, { recursive: true, force: true }), rm(s3Dir, { recursive: true, force: true })]);
}, 30_000);
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  await s3?.stop();
  await closeTestDb();
});

/** A stored upload of a fresh user, made directly (store + row), and a signed-in cookie of its owner. */
async function ownedUpload(store: ObjectStore) {
  const { user, caller } = await signedIn('personal');
  const key = randomUUID();
  await store.put(key, Readable.from([CONTENT]), { contentType: 'application/pdf', originalName: NAME, maxBytes: 1 << 20 });
  const row = await insertUpload(testDb(), {
    owner_id: user.id,
    kind: 'proof',
    mime: 'application/pdf',
    ext: 'pdf',
    size: String(CONTENT.length),
    width: null,
    height: null,
    original_name: NAME,
    storage_key: key,
  });
  return { id: row.id, key, cookie: caller.cookie };
}

const get = (url: string, headers: Record<string, string> = {}) => fetch(url, { headers, redirect: 'manual' });
const expired = () => new Promise((r) => setTimeout(r, (TTL + 1) * 1000));
const utf8Name = `filename*=UTF-8''${encodeURIComponent(NAME).replace(/[()]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;

/** As the owner: the upload route's redirect, checked, and where it points. */
async function redirectOf(api: Api, id: string, cookie: string): Promise<string> {
  const r = await get(`${api.base}/api/uploads/${id}`, { cookie });
  expect(r.status).toBe(302);
  // A cached redirect would outlive its signature.
  expect(r.headers.get('cache-control')).toBe('no-store');
  return r.headers.get('location')!;
}

describe('disk store', () => {
  let api: Api;
  beforeAll(async () => {
    api = await startApi((base) => openStore({ diskRoot, publicBase: base, signingSecret: storageSigningSecret() }));
  });

  test('the owner is redirected to a signed /api/files address that serves the bytes, type, name and ranges; others get 404', async () => {
    const { id, key, cookie } = await ownedUpload(api.store);
    const location = await redirectOf(api, id, cookie);
    expect(location.startsWith(`${api.base}/api/files/${key}?`)).toBe(true);

    // The address is the permission: no session goes with it.
    const whole = await get(location);
    expect(whole.status).toBe(200);
    expect(Buffer.from(await whole.arrayBuffer())).toEqual(CONTENT);
    expect(whole.headers.get('content-type')).toBe('application/pdf');
    expect(whole.headers.get('content-disposition')).toBe(`inline; ${utf8Name}`);
    expect(whole.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Number(/max-age=(\d+)/.exec(whole.headers.get('cache-control') ?? '')?.[1])).toBeLessThanOrEqual(TTL);

    const part = await get(await redirectOf(api, id, cookie), { range: 'bytes=2-5' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 2-5/${CONTENT.length}`);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(CONTENT.subarray(2, 6));

    const other = await signedIn('personal');
    expect((await get(`${api.base}/api/uploads/${id}`, { cookie: other.caller.cookie })).status).toBe(404);
    expect((await get(`${api.base}/api/uploads/${id}`)).status).toBe(401);

    await expired();
    const late = await get(location, { cookie: 'cookie-lang=zh-CN' });
    expect(late.status).toBe(403);
    expect(await late.json()).toEqual({ status: 403, code: 'downloadLinkInvalid', message: '下载链接已过期或无效，请回到原页面重新打开文件' });
  });

  test('an altered, incomplete or odd address is refused with 403 (or another 4xx), never served', async () => {
    const { key } = await ownedUpload(api.store);
    const genuine = new URL(await api.store.signedUrl(key, { expiresInSeconds: 60, downloadName: NAME, contentType: 'application/pdf', disposition: 'attachment' }));
    expect((await get(genuine.href)).status).toBe(200);

    const altered = (change: (u: URL) => void) => {
      const u = new URL(genuine);
      change(u);
      return u.href;
    };
    const { key: otherKey } = await ownedUpload(api.store);
    const refused = [
      altered((u) => (u.pathname = `/api/files/${otherKey}`)),
      altered((u) => u.searchParams.set('name', 'other.pdf')),
      altered((u) => u.searchParams.set('type', 'text/html')),
      altered((u) => u.searchParams.set('disposition', 'inline')),
      altered((u) => u.searchParams.set('expires', String(Number(u.searchParams.get('expires')) + 3600))),
      altered((u) => u.searchParams.set('sig', `${u.searchParams.get('sig')!.slice(0, -2)}AA`)),
      altered((u) => u.searchParams.delete('sig')),
      altered((u) => u.searchParams.delete('expires')),
      altered((u) => u.searchParams.append('sig', 'again')),
      altered((u) => u.searchParams.append('name', 'again')),
      altered((u) => (u.search = '')),
    ];
    for (const url of refused) expect([url, (await get(url)).status]).toEqual([url, 403]);

    const odd = [
      `${api.base}/api/files/..%2F..%2Fetc%2Fpasswd${genuine.search}`,
      `${api.base}/api/files/${key}%2F..${genuine.search}`,
      `${api.base}/api/files/${key}%00${genuine.search}`,
      `${api.base}/api/files/%E0%A4%A${genuine.search}`,
      `${api.base}/api/files/${'a/'.repeat(2000)}x${genuine.search}`,
      `${api.base}/api/files/${key}?expires=1e400&sig=x`,
      `${api.base}/api/files/`,
    ];
    for (const url of odd) {
      const status = (await get(url)).status;
      expect([url, status >= 400 && status < 500]).toEqual([url, true]);
    }
  });
});

describe('S3 store', () => {
  let api: Api;
  beforeAll(async () => {
    s3 = await startS3Server({ port: TEST_PORTS.s3 + 3, dir: s3Dir, bucket: 'ipci-downloads', accessKey: 'ipci-test-key', secretKey: 'ipci/test+secret' });
    api = await startApi((base) => openStore({ storageUrl: s3!.storageUrl, diskRoot, publicBase: base, signingSecret: storageSigningSecret() }));
  }, 240_000);

  test('the owner is redirected to the S3 server, which serves the bytes with the type and UTF-8 name until the address expires', async () => {
    const { id, cookie } = await ownedUpload(api.store);
    const location = await redirectOf(api, id, cookie);
    expect(location.startsWith(`http://127.0.0.1:${TEST_PORTS.s3 + 3}/ipci-downloads/`)).toBe(true);

    const whole = await get(location);
    expect(whole.status).toBe(200);
    expect(Buffer.from(await whole.arrayBuffer())).toEqual(CONTENT);
    expect(whole.headers.get('content-type')).toBe('application/pdf');
    expect(whole.headers.get('content-disposition')).toBe(`inline; ${utf8Name}`);

    const other = await signedIn('personal');
    expect((await get(`${api.base}/api/uploads/${id}`, { cookie: other.caller.cookie })).status).toBe(404);
    // Signed addresses point at the S3 server; the API's own file route has nothing to serve.
    expect((await get(`${api.base}/api/files/${randomUUID()}?expires=1&sig=x`)).status).toBe(404);

    await expired();
    expect((await get(location)).status).toBe(403);
  });

  test('pages allow pictures and videos from the S3 server the downloads redirect to', async () => {
    const csp = (await get(`${api.base}/api/health`)).headers.get('content-security-policy')!;
    const s3Origin = `http://127.0.0.1:${TEST_PORTS.s3 + 3}`;
    expect(csp).toContain(`img-src 'self' data: blob: ${s3Origin}`);
    expect(csp).toContain(`media-src 'self' ${s3Origin}`);
    // Virtual-hosted style (OSS, COS): the bucket is part of the host the addresses name.
    const oss = openStore({ storageUrl: 's3://KEY:SECRET@oss-cn-hangzhou.aliyuncs.com/ipci?region=oss-cn-hangzhou&style=virtual', diskRoot, publicBase: api.base, signingSecret: 'x' });
    expect(oss.origin).toBe('https://ipci.oss-cn-hangzhou.aliyuncs.com');
    expect(new URL(await oss.signedUrl('a/b', { expiresInSeconds: 60 })).origin).toBe(oss.origin);
  });
});
