import type { ChildProcess } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { asyncLocalStorage, type Context } from '@temporalio/activity';
import { Client, Connection } from '@temporalio/client';
import { defaultPayloadConverter } from '@temporalio/common';
import type { Knex } from 'knex';
import sharp from 'sharp';
import { crawlActivities, crawlImageKey, pageSnapshotKey, type CrawlProgress } from '../../activities/crawl';
import { insertCrawlSite, type CrawlSiteRow } from '../../db/crawlSites';
import { crawlSiteSchema } from '../../domain/monitoring';
import { runTs, stopChild } from '../../scripts/lib/children';
import { temporalConfig } from '../../temporal/config';
import type { ObjectStore } from '../../storage';
import { crawlerTestDb, type CrawlerTestDb } from '../support/crawlerDb';
import { html, startTestSite, type Route, type TestSite } from '../support/crawlerTestSite';

/*
 * The crawlSites activity on real Postgres and a real object store, against websites on 127.0.0.1:
 * what a crawl stores (pages with their snapshot, pictures by content, links, the fetch log, the run
 * and its figures), reuse of a recent run and joining a live one, unchanged pages kept without
 * downloading their pictures again, a changed picture losing its signature, a private address
 * refused, and resuming — from heartbeat details passed in, and through a real worker killed
 * mid-crawl whose retry on another worker continues without fetching finished pages again.
 * In a database of their own (crawlerTestDb): the activity crawls every enabled site.
 */

let k: Knex;
let uploadDir: string;
let store: ObjectStore;
let db: CrawlerTestDb;
const sites: TestSite[] = [];

beforeAll(async () => {
  db = await crawlerTestDb('crawler');
  ({ k, uploadDir, store } = db);
}, 120_000);

afterEach(async () => {
  await Promise.all(sites.splice(0).map((s) => s.close()));
});

afterAll(() => db?.drop());

async function site(routes: Record<string, Route>): Promise<TestSite> {
  const s = await startTestSite(routes);
  sites.push(s);
  return s;
}

/** The only enabled site: the activity crawls every enabled one. */
async function onlySite(s: TestSite, more: Partial<ReturnType<typeof crawlSiteSchema.validateSync>> = {}): Promise<CrawlSiteRow> {
  await k('crawl_sites').update({ enabled: false });
  const input = crawlSiteSchema.validateSync({ name: `test ${s.port}`, startUrl: `${s.url}/`, allowPrivate: true, delayMs: 200, maxDepth: 2, ...more });
  const row = await insertCrawlSite(k, input, null);
  if (row === 'duplicate') throw new Error('duplicate site');
  return row;
}

const picture = (r: number, g: number, b: number, width = 64, height = 48) => sharp({ create: { width, height, channels: 3, background: { r, g, b } } }).png().toBuffer();
const sha = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');
const pngRoute = (bytes: () => Buffer): Route => (_q, res) => void res.writeHead(200, { 'content-type': 'image/png' }).end(bytes());

/** A page route answering 304 to its own ETag. */
const withEtag = (body: () => string): Route => (req, res) => {
  const tag = `"${sha(body()).slice(0, 16)}"`;
  if (req.headers['if-none-match'] === tag) return void res.writeHead(304, { etag: tag }).end();
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', etag: tag }).end(body());
};

async function readStored(key: string): Promise<Buffer> {
  const object = await store.get(key);
  const chunks: Buffer[] = [];
  for await (const c of object!.body) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

const pagePaths = (s: TestSite) => s.hits.filter((h) => h.path !== '/robots.txt' && !h.path.startsWith('/img/')).map((h) => h.path);

test('a crawl stores pages with their snapshots, pictures by content with their size, the links between them, the fetch log and the run', async () => {
  const a = await picture(200, 30, 30);
  let b = await picture(30, 200, 30, 80, 80);
  const c = await picture(30, 30, 200, 40, 100);
  const home = html(
    '<h1>星之梦 周边</h1><p>正版授权</p><a href="/p1">p1</a><a href="/p2#top">p2</a><a href="/private/x">x</a><img src="/img/a.png" alt="星之梦 海报">',
    '<title>演示店</title><meta name="description" content="手办与海报"><meta property="og:title" content="Demo shop">',
  );
  let p1 = html('<img src="/img/a.png" alt="again"><img src="/img/b-small.png" srcset="/img/b-small.png 100w, /img/b.png 800w" alt="b">');
  const s = await site({
    '/robots.txt': 'User-agent: *\nDisallow: /private/\n',
    '/': withEtag(() => home),
    '/p1': withEtag(() => p1),
    '/p2': withEtag(() => html('', '<meta property="og:image" content="/img/c.png">')),
    '/img/a.png': pngRoute(() => a),
    '/img/b.png': pngRoute(() => b),
    '/img/c.png': pngRoute(() => c),
  });
  const siteRow = await onlySite(s);
  const acts = crawlActivities(k, store);

  const first = await acts.crawlSites({ trigger: 'test/first' });
  expect(first).toMatchObject({ reused: false, pagesFetched: 3, pagesUnchanged: 0, errors: 0 });
  const page = await k('crawl_pages').where({ url: `${s.url}/` }).first();
  expect(page).toMatchObject({ site_id: siteRow.id, depth: 0, status: 200, title: '演示店', description: '手办与海报\nDemo shop', sha256: sha(home), snapshot_key: pageSnapshotKey(sha(home)) });
  expect(page.text_extract).toBe('星之梦 周边\n正版授权\np1p2x');
  expect((await readStored(page.snapshot_key)).toString()).toBe(home);

  const images = await k('crawl_images').whereIn('url', ['a', 'b', 'c'].map((n) => `${s.url}/img/${n}.png`)).orderBy('url');
  expect(images.map((i) => [i.url.slice(-5), i.width, i.height, i.sha256, i.thumbnail_key, i.pdq])).toEqual([
    ['a.png', 64, 48, sha(a), crawlImageKey(sha(a)), null],
    ['b.png', 80, 80, sha(b), crawlImageKey(sha(b)), null],
    ['c.png', 40, 100, sha(c), crawlImageKey(sha(c)), null],
  ]);
  expect((await readStored(crawlImageKey(sha(b)))).equals(b)).toBe(true);
  const links = await k('crawl_page_images as l').join('crawl_pages as p', 'p.id', 'l.page_id').join('crawl_images as i', 'i.id', 'l.image_id').select('p.url as page', 'i.url as image', 'l.alt');
  const rel = (u: string) => u.slice(s.url.length);
  expect(links.map((l) => [rel(l.page), rel(l.image), l.alt]).sort()).toEqual([
    ['/', '/img/a.png', '星之梦 海报'],
    ['/p1', '/img/a.png', 'again'],
    ['/p1', '/img/b.png', 'b'],
    ['/p2', '/img/c.png', ''],
  ]);
  expect(s.hitsOf('/img/a.png')).toHaveLength(1);
  expect(s.hits[0].headers['user-agent']).toMatch(/^Mozilla\/5\.0 \(compatible; IPCI-Monitor\/1\.0; \+http:\/\/\S+\/en-US\/ipci\/protect\/monitoring\)$/);
  expect(s.hitsOf('/private/x')).toHaveLength(0);

  const log = await k('crawl_fetches').where({ run_id: first.runId }).orderBy('id');
  expect(log.map((f) => [f.kind, rel(f.url), f.outcome, f.status])).toEqual([
    ['robots', '/robots.txt', 'ok', 200],
    ['page', '/', 'ok', 200],
    ['image', '/img/a.png', 'ok', 200],
    ['page', '/p1', 'ok', 200],
    ['image', '/img/b.png', 'ok', 200],
    ['page', '/p2', 'ok', 200],
    ['image', '/img/c.png', 'ok', 200],
    ['page', '/private/x', 'robotsDenied', null],
  ]);
  expect(log.every((f) => f.site_id === siteRow.id && f.ms >= 0)).toBe(true);
  const run = await k('crawl_runs').where({ id: first.runId }).first();
  expect(run).toMatchObject({ trigger: 'test/first', pages_fetched: 3, pages_unchanged: 0, errors: 0 });
  expect(run.finished_at).not.toBeNull();
  expect(Number(run.bytes)).toBe(log.reduce((n, f) => n + f.bytes, 0));

  // Another subscription asking within the reuse window shares that run: nothing is fetched.
  const hits = s.hits.length;
  expect(await acts.crawlSites({ trigger: 'test/second', reuseWithinMs: 60_000 })).toEqual({ ...first, reused: true });
  expect(s.hits).toHaveLength(hits);

  // A new crawl: every page answers 304, no picture is downloaded again, the links stay.
  const again = await acts.crawlSites({ trigger: 'test/again' });
  expect(again).toMatchObject({ reused: false, pagesFetched: 0, pagesUnchanged: 3, errors: 0 });
  expect(s.hits.slice(hits).map((h) => h.path)).toEqual(['/robots.txt', '/', '/p1', '/p2']);
  expect(await k('crawl_page_images').count({ n: '*' }).first()).toEqual({ n: '4' });

  // A changed page is stored again; its pictures, downloaded recently, are linked as they are.
  p1 = p1.replace('alt="again"', 'alt="seen again"');
  const pictureHits = () => s.hits.filter((h) => h.path.startsWith('/img/')).length;
  const before = pictureHits();
  expect(await acts.crawlSites({ trigger: 'test/edited' })).toMatchObject({ pagesFetched: 1, pagesUnchanged: 2 });
  expect(pictureHits()).toBe(before);
  const alts = await k('crawl_page_images as l').join('crawl_pages as p', 'p.id', 'l.page_id').where('p.url', `${s.url}/p1`).orderBy('l.alt').pluck('l.alt');
  expect(alts).toEqual(['b', 'seen again']);

  // New content at a known picture's address drops its signature; the unchanged one keeps it.
  await k('crawl_images').update({ pdq: Buffer.alloc(32, 7), pdq_quality: 90 });
  b = await picture(250, 250, 0, 80, 80);
  p1 = p1.replace('alt="seen again"', 'alt="again and again"');
  const changed = await crawlActivities(k, store, { imageRefreshMs: 0 }).crawlSites({ trigger: 'test/changed' });
  expect(changed).toMatchObject({ pagesFetched: 1, pagesUnchanged: 2 });
  const after = await k('crawl_images').whereIn('url', [`${s.url}/img/a.png`, `${s.url}/img/b.png`]).orderBy('url');
  expect(after.map((i) => [i.sha256, i.pdq?.length ?? null, i.pdq_quality])).toEqual([
    [sha(a), 32, 90],
    [sha(b), null, null],
  ]);
}, 120_000);

test('without allowPrivate a site on 127.0.0.1 is refused: logged, never requested', async () => {
  const s = await site({ '/': html('local') });
  await onlySite(s, { allowPrivate: false });
  const r = await crawlActivities(k, store).crawlSites({ trigger: 'test/private' });
  expect(r).toMatchObject({ pagesFetched: 0, errors: 0 });
  expect(s.hits).toHaveLength(0);
  expect(await k('crawl_fetches').where({ run_id: r.runId }).select('kind', 'outcome', 'status', 'error')).toEqual([{ kind: 'page', outcome: 'refused', status: null, error: 'private address' }]);
});

test('two crawls asked for at once make one run: the second waits for the first and shares it', async () => {
  const s = await site({ '/': html('<a href="/a">a</a><a href="/b">b</a>'), '/a': html('a'), '/b': html('b') });
  await onlySite(s);
  const acts = crawlActivities(k, store);
  const [one, two] = await Promise.all([acts.crawlSites({ trigger: 'test/one' }), acts.crawlSites({ trigger: 'test/two' })]);
  expect(one.runId).toBe(two.runId);
  expect([one.reused, two.reused].sort()).toEqual([false, true]);
  expect(pagePaths(s).sort()).toEqual(['/', '/a', '/b']);
}, 60_000);

/** A site of `n` pages linked from its home page, each showing a picture of its own. */
async function manyPages(n: number) {
  const paths = Array.from({ length: n }, (_, i) => `/p${i}`);
  const pictures = await Promise.all(paths.map((_, i) => picture(i * 20, 100, 255 - i * 20)));
  const routes: Record<string, Route> = { '/robots.txt': 'User-agent: *\nAllow: /\n', '/': html(paths.map((p) => `<a href="${p}">${p}</a>`).join('')) };
  paths.forEach((p, i) => {
    routes[p] = html(`<title>${p}</title><img src="/img${p}.png">`);
    routes[`/img${p}.png`] = pngRoute(() => pictures[i]);
  });
  return { routes, paths };
}

/** The pages of a site that a run stored (finished), as the activity reads them back. */
const storedSince = async (siteId: string, runId: string) => {
  const run = await k('crawl_runs').where({ id: runId }).first('started_at');
  return (await k('crawl_pages').where({ site_id: siteId }).where('last_fetched_at', '>=', run.started_at).pluck('url')) as string[];
};

async function until<T>(what: () => Promise<T | undefined | false> | T | undefined | false, timeoutMs = 60_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await what();
    if (v) return v;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}

test('a retried attempt resumes from the heartbeat details and the pages finished after them, fetching no finished page again', async () => {
  const { routes, paths } = await manyPages(8);
  const s = await site(routes);
  const siteRow = await onlySite(s, { delayMs: 300 });
  const acts = crawlActivities(k, store);

  const beats: CrawlProgress[] = [];
  const killed = new AbortController();
  const attempt1 = { info: { heartbeatDetails: undefined }, heartbeat: (d: CrawlProgress) => beats.push(JSON.parse(JSON.stringify(d))), cancellationSignal: killed.signal } as unknown as Context;
  const first = asyncLocalStorage.run(attempt1, () => acts.crawlSites({ trigger: 'test/resume' }));
  first.catch(() => undefined);
  // The last heartbeat the server got: one with a page or two done; the attempt goes on past it before it dies.
  const saved = await until(() => beats.find((b) => (b.sites[siteRow.id]?.done.length ?? 0) >= 1));
  const finishedBefore = await until(async () => {
    const stored = await storedSince(siteRow.id, saved.runId);
    return stored.length >= saved.sites[siteRow.id].done.length + 2 && stored;
  });
  killed.abort(new Error('worker killed'));
  await expect(first).rejects.toThrow('worker killed');
  const hitsBefore = s.hits.length;

  const attempt2 = { info: { heartbeatDetails: saved }, heartbeat: () => undefined, cancellationSignal: new AbortController().signal } as unknown as Context;
  const result = await asyncLocalStorage.run(attempt2, () => acts.crawlSites({ trigger: 'test/resume' }));
  expect(result.runId).toBe(saved.runId);
  const refetched = s.hits.slice(hitsBefore).map((h) => `${s.url}${h.path}`);
  expect(refetched.filter((u) => finishedBefore.includes(u))).toEqual([]);
  expect(new Set(pagePaths(s))).toEqual(new Set(['/', ...paths]));
  expect(result.pagesFetched).toBeGreaterThanOrEqual(paths.length + 1);
  expect(await k('crawl_runs').where({ trigger: 'test/resume' }).count({ n: '*' }).first()).toEqual({ n: '1' });
}, 120_000);

test('a site the last heartbeat did not list yet is resumed from the pages its attempt finished', async () => {
  const { routes, paths } = await manyPages(6);
  const s = await site(routes);
  const siteRow = await onlySite(s, { delayMs: 300 });
  const acts = crawlActivities(k, store);
  const beats: CrawlProgress[] = [];
  const killed = new AbortController();
  const attempt1 = { info: { heartbeatDetails: undefined }, heartbeat: (d: CrawlProgress) => beats.push(JSON.parse(JSON.stringify(d))), cancellationSignal: killed.signal } as unknown as Context;
  const first = asyncLocalStorage.run(attempt1, () => acts.crawlSites({ trigger: 'test/unlisted' }));
  first.catch(() => undefined);
  // The attempt's first heartbeat names the run before any site has progress.
  const saved = await until(() => beats[0]);
  expect(saved.sites).toEqual({});
  const finishedBefore = await until(async () => {
    const stored = await storedSince(siteRow.id, saved.runId);
    return stored.length >= 3 && stored;
  });
  killed.abort(new Error('worker killed'));
  await expect(first).rejects.toThrow('worker killed');
  const hitsBefore = s.hits.length;

  const attempt2 = { info: { heartbeatDetails: saved }, heartbeat: () => undefined, cancellationSignal: new AbortController().signal } as unknown as Context;
  expect((await asyncLocalStorage.run(attempt2, () => acts.crawlSites({ trigger: 'test/unlisted' }))).runId).toBe(saved.runId);
  const refetched = s.hits.slice(hitsBefore).map((h) => `${s.url}${h.path}`);
  expect(refetched.filter((u) => finishedBefore.includes(u))).toEqual([]);
  expect(new Set(pagePaths(s))).toEqual(new Set(['/', ...paths]));
}, 120_000);

test('a worker killed mid-crawl: the retry runs on another worker, resumes the same run from its heartbeat and fetches no finished page again', async () => {
  const { routes, paths } = await manyPages(10);
  const s = await site(routes);
  const siteRow = await onlySite(s, { delayMs: 300 });
  const queue = `crawler-test-${process.pid}-${randomUUID().slice(0, 8)}`;
  const env = { DATABASE_URL: db.url, CRAWL_TEST_QUEUE: queue, UPLOAD_DIR: uploadDir };
  const workers: ChildProcess[] = [];
  const startWorker = async (name: string) => {
    const w = runTs(name, 'tests/support/crawlerWorker.ts', env);
    workers.push(w);
    await new Promise<void>((resolve, reject) => {
      w.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('crawler worker polling') && resolve());
      w.once('exit', (code) => reject(new Error(`${name} exited with ${code}`)));
    });
    return w;
  };
  const connection = await Connection.connect({ address: process.env.TEMPORAL_ADDRESS });
  try {
    const client = new Client({ connection, namespace: temporalConfig().namespace });
    const first = await startWorker('crawler-worker-1');
    const handle = await client.workflow.start('crawlForTest', { taskQueue: queue, workflowId: `crawler-kill-${randomUUID()}`, args: [{ trigger: 'test/kill' }] });

    // Kill once the server holds a heartbeat with pages done, as a crash would find it.
    const saved = await until(async () => {
      const pending = (await handle.describe()).raw.pendingActivities?.[0];
      const payload = pending?.heartbeatDetails?.payloads?.[0];
      const details = payload ? (defaultPayloadConverter.fromPayload(payload) as CrawlProgress) : undefined;
      return (details?.sites?.[siteRow.id]?.done.length ?? 0) >= 3 && details;
    }, 90_000);
    first.kill('SIGKILL');
    await new Promise((r) => first.once('exit', r));
    const finishedBefore = await storedSince(siteRow.id, saved.runId);
    const hitsBefore = s.hits.length;
    expect(finishedBefore.length).toBeLessThan(paths.length + 1);

    await startWorker('crawler-worker-2');
    const result = await handle.result();
    expect(result.runId).toBe(saved.runId);
    expect(s.hitsOf('/robots.txt')).toHaveLength(2); // one per attempt
    const refetched = s.hits.slice(hitsBefore).map((h) => `${s.url}${h.path}`);
    expect(refetched.filter((u) => finishedBefore.includes(u))).toEqual([]);
    expect(new Set(pagePaths(s))).toEqual(new Set(['/', ...paths]));
    expect((await storedSince(siteRow.id, saved.runId)).length).toBe(paths.length + 1);
    expect(await k('crawl_runs').where({ trigger: 'test/kill' }).whereNotNull('finished_at').count({ n: '*' }).first()).toEqual({ n: '1' });
  } finally {
    await Promise.all(workers.map((w) => stopChild(w)));
    await connection.close();
  }
}, 240_000);
