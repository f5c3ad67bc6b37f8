import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Koa from 'koa';
import { compression } from '../../api/middleware/compression';
import { spa } from '../../api/middleware/spa';
import { apiBase, Caller, closeTestDb, DEMO, signedIn } from '../support/http';

/**
 * How the site is delivered: compressed answers (never the event streams), long caching for hashed
 * assets only, a signed-out session that is not an error, and 404 for pages the app does not have.
 * Asset and page tests serve a small built UI of their own through the app's compression and UI
 * middleware, in the order api/app.ts uses them (ui/dist is built only by `npm start` and the e2e tests).
 */
let dist: string;
let site: string;
let server: Server;
const SCRIPT = `export const text = ${JSON.stringify('console.log("IPCI"); '.repeat(400))};\n`;

beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'ipci-dist-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), `<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/index-AbC123.js"></script>${'<!-- -->'.repeat(200)}</body></html>`);
  await writeFile(path.join(dist, 'assets', 'index-AbC123.js'), SCRIPT);
  await writeFile(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  const app = new Koa().use(compression).use(spa(dist));
  await new Promise<void>((resolve) => (server = app.listen(0, '127.0.0.1', resolve)));
  site = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server?.close();
  server?.closeAllConnections();
  await closeTestDb();
  await rm(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => fetch(url, { headers, redirect: 'manual' });

describe('compression', () => {
  test.each(['gzip', 'br'])('scripts and JSON come %s-compressed when the client asks', async (encoding) => {
    const script = await get(`${site}/assets/index-AbC123.js`, { 'accept-encoding': encoding });
    expect(script.headers.get('content-encoding')).toBe(encoding);
    expect(await script.text()).toBe(SCRIPT);

    const admin = await new Caller().login(...DEMO.admin);
    const res = await get(`${apiBase()}/api/admin/calendar/2026`, { cookie: admin.cookie, 'accept-encoding': encoding });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('content-encoding')).toBe(encoding);
    expect(typeof (await res.json())).toBe('object');
  });

  test('a client that does not ask gets the plain bytes', async () => {
    const script = await get(`${site}/assets/index-AbC123.js`, { 'accept-encoding': 'identity' });
    expect(script.headers.get('content-encoding')).toBeNull();
    expect(Number(script.headers.get('content-length'))).toBe(Buffer.byteLength(SCRIPT));
  });

  test('an event stream is never compressed: its first events arrive at once', async () => {
    const { caller } = await signedIn('personal');
    const abort = new AbortController();
    const res = await fetch(`${apiBase()}/api/messages/stream`, { headers: { cookie: caller.cookie, 'accept-encoding': 'gzip, br' }, signal: abort.signal });
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('cache-control')).toContain('no-transform');
    const reader = res.body!.getReader();
    let text = '';
    const decoder = new TextDecoder();
    while (!text.includes('event: unread')) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value);
    }
    abort.abort();
    expect(text).toContain('event: unread');
  });
});

describe('caching', () => {
  test('hashed assets are cached for a year, immutable; the page and other files are revalidated', async () => {
    expect((await get(`${site}/assets/index-AbC123.js`)).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await get(`${site}/favicon.svg`)).headers.get('cache-control')).toBe('no-cache');
    const page = await get(`${site}/en-US/ipci`, { cookie: 'cookie-lang=en-US' });
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-cache');
  });
});

describe('page status', () => {
  test.each(['/en-US/ipci', '/en-US/ipci/introduce', '/en-US/ipci/right/certificate/IPCI2026CN000001', '/en-US/ipci/usercenter/msgdetail/5', '/en-US/ipci/usercenter/trade', '/en-US/ipci/register/childrule/', '/en-US/ipcimobile', '/admin/userManagement'])(
    '%s is a page of the app: 200',
    async (page) => {
      const res = await get(site + page, { cookie: 'cookie-lang=en-US' });
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('<div id="root">');
    },
  );

  test.each(['/en-US/ipci/nosuchpage', '/en-US/ipci/usercenter/nosuchpage', '/en-US/ipci/right/certificate/a/b', '/en-US/ipcimobile/nosuchpage'])('%s is not: 404 with the same app, which says so', async (page) => {
    const res = await get(site + page, { cookie: 'cookie-lang=en-US' });
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('<div id="root">');
  });
});

test('/api/auth/me answers a signed-out visitor 200 with no user, not 401', async () => {
  const anonymous = await new Caller().get('/api/auth/me');
  expect(anonymous).toEqual({ status: 200, body: { user: null } });
  const { caller, user } = await signedIn('personal');
  expect((await caller.get('/api/auth/me')).body.user.id).toBe(user.id);
});
