import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { MAX_PAGES_PER_SITE, MIN_CRAWL_DELAY_MS } from '../../domain/monitoring';
import type { PageImage } from '../../crawler/extract';
import { Crawler, MAX_ATTEMPTS, retryAfterMs, type FetchLogEntry } from '../../crawler/fetcher';
import { doneKey, FRONTIER_CHARS, SiteCrawl, type ChangedPage, type CrawlSiteConfig, type SiteCrawlStore, type SiteProgress } from '../../crawler/siteCrawl';
import { gaps, html, startTestSite, type TestSite } from '../support/crawlerTestSite';

/*
 * The crawler against real HTTP servers on 127.0.0.1 (allowPrivate, as an admin would set it for a
 * local site): robots.txt, per-host delay and concurrency measured from the server's side, back-off
 * on 429/503, conditional requests and content hashes, depth and host limits, private addresses and
 * redirects off the site refused, size caps, and resuming from a heartbeat's progress.
 */

const sites: TestSite[] = [];
afterEach(async () => {
  await Promise.all(sites.splice(0).map((s) => s.close()));
});
async function site(routes: Parameters<typeof startTestSite>[0], o?: Parameters<typeof startTestSite>[1]) {
  const s = await startTestSite(routes, o);
  sites.push(s);
  return s;
}

/** The pages, pictures and fetch log a crawl leaves, kept in memory. */
function memoryStore() {
  const pages = new Map<string, { etag: string | null; lastModified: string | null; sha256: string | null; html?: Buffer; contentType?: string | null; images: PageImage[] }>();
  const images = new Map<string, string>();
  const changed: string[] = [];
  const unchanged: string[] = [];
  const store: SiteCrawlStore = {
    page: async (url) => pages.get(url) ?? null,
    storedHtml: async (url) => (pages.get(url)?.html ? { html: pages.get(url)!.html!, contentType: pages.get(url)!.contentType ?? null } : null),
    imageWanted: async (url) => !images.has(url),
    imageFetched: async (url, _bytes, sha256) => void images.set(url, sha256),
    pageChanged: async (p: ChangedPage, imgs) => {
      changed.push(p.url);
      pages.set(p.url, { etag: p.etag, lastModified: p.lastModified, sha256: p.sha256, html: p.html, contentType: p.contentType, images: imgs });
    },
    pageUnchanged: async (p) => void unchanged.push(p.url),
  };
  return { store, pages, images, changed, unchanged };
}

function crawlerWithLog(o: { backoffMs?: number; timeoutMs?: number } = {}) {
  const log: FetchLogEntry[] = [];
  const crawler = new Crawler({ userAgent: 'IPCI-Monitor-test', record: (e) => void log.push(e), ...o });
  return { crawler, log };
}

const config = (s: TestSite, more: Partial<CrawlSiteConfig> = {}): CrawlSiteConfig => ({
  id: 'site-1', startUrl: `${s.url}/`, extraHosts: [], maxDepth: 3, delayMs: MIN_CRAWL_DELAY_MS, concurrency: 1, allowPrivate: true, ...more,
});

async function crawlOnce(s: TestSite, more: Partial<CrawlSiteConfig> = {}, mem = memoryStore(), o: { backoffMs?: number } = {}) {
  const { crawler, log } = crawlerWithLog(o);
  try {
    await new SiteCrawl(config(s, more), crawler, mem.store).run();
  } finally {
    await crawler.close();
  }
  return { mem, log };
}

const links = (...paths: string[]) => paths.map((p) => `<a href="${p}">${p}</a>`).join('');
/** Only the page requests, without robots.txt. */
const pageHits = (s: TestSite) => s.hits.filter((h) => h.path !== '/robots.txt');

test('robots.txt is read once per crawl and its group for our token obeyed (not the one for *); its Crawl-delay spaces the requests', async () => {
  const s = await site({
    '/robots.txt': 'User-agent: *\nDisallow: /\n\nUser-agent: IPCI-Monitor\nDisallow: /private/\nCrawl-delay: 1\n',
    '/': html(links('/a', '/b', '/private/secret')),
    '/a': html(links('/b', '/private/other')),
    '/b': html('b'),
    '/private/secret': html('never'),
  });
  const { log, mem } = await crawlOnce(s);
  expect(s.hitsOf('/robots.txt')).toHaveLength(1);
  expect(s.hits.map((h) => h.path)).toEqual(['/robots.txt', '/', '/a', '/b']);
  expect(mem.changed).toHaveLength(3);
  expect(log.filter((e) => e.outcome === 'robotsDenied').map((e) => new URL(e.url).pathname).sort()).toEqual(['/private/other', '/private/secret']);
  for (const gap of gaps(s.hits)) expect(gap).toBeGreaterThanOrEqual(1000 - 2);
});

test('no robots.txt (404) allows everything; a robots.txt answering 5xx keeps the crawl off the host', async () => {
  const open = await site({ '/': html(links('/a')), '/a': html('a') });
  await crawlOnce(open);
  expect(pageHits(open).map((h) => h.path)).toEqual(['/', '/a']);

  const down = await site({ '/robots.txt': (_q, res) => void res.writeHead(503).end(), '/': html(links('/a')) });
  const { log } = await crawlOnce(down, {}, memoryStore(), { backoffMs: 50 });
  expect(pageHits(down)).toHaveLength(0);
  expect(down.hitsOf('/robots.txt')).toHaveLength(MAX_ATTEMPTS);
  expect(log.at(-1)).toMatchObject({ outcome: 'robotsDenied', url: `${down.url}/` });
});

test('requests to a host start at least the site delay apart', async () => {
  const s = await site({ '/': html(links('/1', '/2', '/3', '/4')), '/1': html('1'), '/2': html('2'), '/3': html('3'), '/4': html('4') });
  await crawlOnce(s, { delayMs: 350, concurrency: 2 });
  expect(s.hits).toHaveLength(6);
  for (const gap of gaps(s.hits)) expect(gap).toBeGreaterThanOrEqual(350 - 2);
});

test('no more requests are in flight to a host than the site concurrency', async () => {
  const paths = Array.from({ length: 8 }, (_, i) => `/${i}`);
  const routes = Object.fromEntries([['/', html(links(...paths))], ...paths.map((p) => [p, html(p)])]);
  const slow = await site(routes, { latencyMs: 500 });
  await crawlOnce(slow, { concurrency: 2 });
  expect(slow.hits).toHaveLength(10);
  expect(slow.maxInFlight()).toBe(2);
  const single = await site(routes, { latencyMs: 500 });
  await crawlOnce(single, { concurrency: 1 });
  expect(single.maxInFlight()).toBe(1);
});

test('a 429 pauses the host for its Retry-After, a 503 without one backs off exponentially, and a URL is given up after its last try', async () => {
  const s = await site({
    '/': html(links('/limited', '/flaky', '/down')),
    '/limited': (_q, res, n) => void (n === 1 ? res.writeHead(429, { 'retry-after': '1' }).end() : res.writeHead(200, { 'content-type': 'text/html' }).end(html('ok'))),
    '/flaky': (_q, res, n) => void (n < 3 ? res.writeHead(503).end() : res.writeHead(200, { 'content-type': 'text/html' }).end(html('ok'))),
    '/down': (_q, res) => void res.writeHead(500).end(),
  });
  const { log, mem } = await crawlOnce(s, {}, memoryStore(), { backoffMs: 300 });
  const [first, second] = s.hitsOf('/limited');
  expect(second.at - first.at).toBeGreaterThanOrEqual(1000 - 2);
  const flaky = s.hitsOf('/flaky');
  expect(flaky).toHaveLength(3);
  expect(flaky[1].at - flaky[0].at).toBeGreaterThanOrEqual(300 - 2);
  expect(flaky[2].at - flaky[1].at).toBeGreaterThanOrEqual(600 - 2);
  expect(s.hitsOf('/down')).toHaveLength(MAX_ATTEMPTS);
  expect(mem.changed.map((u) => new URL(u).pathname).sort()).toEqual(['/', '/flaky', '/limited']);
  const outcomes = (path: string) => log.filter((e) => e.url.endsWith(path)).map((e) => [e.outcome, e.status]);
  expect(outcomes('/limited')).toEqual([['backoff', 429], ['ok', 200]]);
  expect(outcomes('/down')).toEqual([['backoff', 500], ['backoff', 500], ['error', 500]]);
  expect(retryAfterMs('Wed, 21 Oct 2015 07:28:00 GMT', Date.parse('Wed, 21 Oct 2015 07:27:30 GMT'))).toBe(30_000);
});

test('a host asking for a longer pause than a crawl can wait is left alone for the rest of the crawl', async () => {
  const s = await site({ '/': html(links('/a', '/b')), '/a': (_q, res) => void res.writeHead(503, { 'retry-after': '3600' }).end(), '/b': html('b') });
  const { log } = await crawlOnce(s);
  expect(pageHits(s).map((h) => h.path)).toEqual(['/', '/a']);
  expect(log.find((e) => e.url.endsWith('/a'))).toMatchObject({ outcome: 'error', status: 503, error: 'asked to wait 3600 s' });
});

test('unchanged pages are skipped: a 304 to the stored validators, or the same content hash, keeps the stored pictures and still follows the links', async () => {
  const png = Buffer.from('89504e470d0a1a0a', 'hex');
  let etags = true;
  const page = (body: string) => (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => {
    const tag = `"${createHash('sha256').update(body).digest('hex').slice(0, 16)}"`;
    if (etags && req.headers['if-none-match'] === tag) return void res.writeHead(304, { etag: tag }).end();
    res.writeHead(200, { 'content-type': 'text/html', ...(etags ? { etag: tag } : {}) }).end(body);
  };
  const s = await site({
    '/': page(html(links('/a') + '<img src="/pic.png" alt="pic">')),
    '/a': page(html(links('/b'))),
    '/b': page(html('b')),
    '/pic.png': (_q, res) => void res.writeHead(200, { 'content-type': 'image/png' }).end(png),
  });
  const mem = memoryStore();
  await crawlOnce(s, {}, mem);
  expect(mem.changed).toHaveLength(3);
  expect(mem.pages.get(`${s.url}/`)!.images).toEqual([{ url: `${s.url}/pic.png`, alt: 'pic' }]);
  expect(s.hitsOf('/pic.png')).toHaveLength(1);

  s.hits.length = 0;
  const second = await crawlOnce(s, {}, mem);
  expect(s.hitsOf('/').map((h) => h.headers['if-none-match'])).toEqual([expect.stringMatching(/^"/)]);
  expect(pageHits(s).map((h) => h.path)).toEqual(['/', '/a', '/b']);
  expect(second.log.filter((e) => e.kind === 'page').map((e) => e.outcome)).toEqual(['notModified', 'notModified', 'notModified']);
  expect(mem.unchanged).toHaveLength(3);

  // A server without validators: the same bytes are recognised by their hash.
  etags = false;
  s.hits.length = 0;
  const third = await crawlOnce(s, {}, mem);
  expect(third.log.filter((e) => e.kind === 'page').map((e) => e.outcome)).toEqual(['unchanged', 'unchanged', 'unchanged']);
  expect(mem.changed).toHaveLength(3);
  expect(s.hitsOf('/pic.png')).toHaveLength(0);

  // A changed page is stored again and its new picture fetched.
  s.routes.set('/b', html('<img src="/pic2.png">'));
  s.routes.set('/pic2.png', (_q, res) => void res.writeHead(200, { 'content-type': 'image/png' }).end(png));
  await crawlOnce(s, {}, mem);
  expect(mem.changed.at(-1)).toBe(`${s.url}/b`);
  expect([...mem.images.keys()]).toEqual([`${s.url}/pic.png`, `${s.url}/pic2.png`]);
});

test('a 304 for a page whose stored HTML is gone is fetched again in full, so its links can still be followed', async () => {
  const s = await site({
    '/': (req, res) => void (req.headers['if-none-match'] === '"v1"' ? res.writeHead(304).end() : res.writeHead(200, { 'content-type': 'text/html', etag: '"v1"' }).end(html(links('/a')))),
    '/a': html('a'),
  });
  const mem = memoryStore();
  mem.pages.set(`${s.url}/`, { etag: '"v1"', lastModified: null, sha256: 'old', images: [] });
  const { log } = await crawlOnce(s, {}, mem);
  expect(s.hitsOf('/').map((h) => h.headers['if-none-match'] ?? null)).toEqual(['"v1"', null]);
  expect(log.filter((e) => e.kind === 'page').map((e) => e.outcome)).toEqual(['notModified', 'ok', 'ok']);
  expect(mem.changed).toEqual([`${s.url}/`, `${s.url}/a`]);
});

test('links are followed to maxDepth and only to the site hosts (extra hosts included)', async () => {
  const other = await site({ '/': html('other'), '/x': html('x') });
  const s = await site({ '/': html(links('/d1', `${other.url}/x`)), '/d1': html(links('/d2')), '/d2': html(links('/d3')), '/d3': html('deep') });
  await crawlOnce(s, { maxDepth: 2 });
  expect(pageHits(s).map((h) => h.path)).toEqual(['/', '/d1', '/d2']);
  expect(other.hits).toHaveLength(0);

  s.hits.length = 0;
  await crawlOnce(s, { maxDepth: 1, extraHosts: [other.host] });
  expect(pageHits(s).map((h) => h.path)).toEqual(['/', '/d1']);
  expect(pageHits(other).map((h) => h.path)).toEqual(['/x']);
});

test('without allowPrivate a site on a private address is refused, by IP literal or by a name resolving to one, before any request', async () => {
  const s = await site({ '/': html('local') });
  const { log } = await crawlOnce(s, { allowPrivate: false });
  expect(s.hits).toHaveLength(0);
  expect(log).toEqual([expect.objectContaining({ kind: 'page', outcome: 'refused', status: null, error: 'private address' })]);

  const byName = await crawlOnce(s, { allowPrivate: false, startUrl: `http://localhost:${s.port}/` });
  expect(s.hits).toHaveLength(0);
  expect(byName.log).toEqual([
    expect.objectContaining({ kind: 'robots', outcome: 'refused', status: null, error: 'private address' }),
    expect.objectContaining({ kind: 'page', outcome: 'refused', status: null, error: 'private address' }),
  ]);
});

test('redirects are followed hop by hop within the site; a redirect to another host is refused and not fetched', async () => {
  const other = await site({ '/landing': html('elsewhere') });
  const s = await site({
    '/': html(links('/moved', '/away')),
    '/moved': (_q, res) => void res.writeHead(301, { location: '/new' }).end(),
    '/new': html('new home'),
    '/away': (_q, res) => void res.writeHead(302, { location: `${other.url}/landing` }).end(),
  });
  const { log, mem } = await crawlOnce(s);
  expect(other.hits).toHaveLength(0);
  expect(mem.changed).toEqual([`${s.url}/`, `${s.url}/new`]);
  const pageLog = log.filter((e) => e.kind === 'page').map((e) => [new URL(e.url).host === other.host ? 'other' : new URL(e.url).pathname, e.outcome]);
  expect(pageLog).toEqual([['/', 'ok'], ['/moved', 'redirect'], ['/new', 'ok'], ['/away', 'redirect'], ['other', 'refused']]);
});

test('a response over the size cap is cut off and logged as too large; compressed pages are read (and capped) decompressed; other types are refused unread', async () => {
  const big = html('x'.repeat(6 * 1024 * 1024));
  const s = await site({
    '/': html(links('/big', '/bomb', '/zipped', '/file.pdf')),
    '/big': (_q, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end(big),
    '/bomb': (_q, res) => void res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' }).end(gzipSync(big)),
    '/zipped': (_q, res) => void res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' }).end(gzipSync(html('<title>压缩</title>'))),
    '/file.pdf': (_q, res) => void res.writeHead(200, { 'content-type': 'application/pdf' }).end('%PDF-1.4'),
  });
  const { log, mem } = await crawlOnce(s);
  const byPath = Object.fromEntries(log.filter((e) => e.kind === 'page').map((e) => [new URL(e.url).pathname, e]));
  expect(byPath['/big']).toMatchObject({ outcome: 'tooLarge', status: 200 });
  expect(byPath['/bomb']).toMatchObject({ outcome: 'tooLarge', status: 200 });
  expect(byPath['/bomb'].bytes).toBeLessThan(1024 * 1024);
  expect(byPath['/zipped']).toMatchObject({ outcome: 'ok' });
  expect(byPath['/file.pdf']).toMatchObject({ outcome: 'refused', error: 'content type application/pdf' });
  expect(mem.changed).toEqual([`${s.url}/`, `${s.url}/zipped`]);
});

test('a request that does not answer in time is tried again and then given up', async () => {
  const s = await site({ '/': html(links('/slow')), '/slow': () => undefined /* never answers */ });
  const { crawler, log } = crawlerWithLog({ timeoutMs: 300, backoffMs: 50 });
  try {
    await new SiteCrawl(config(s), crawler, memoryStore().store).run();
  } finally {
    await crawler.close();
  }
  expect(s.hitsOf('/slow')).toHaveLength(MAX_ATTEMPTS);
  expect(log.filter((e) => e.url.endsWith('/slow')).map((e) => e.outcome)).toEqual(['backoff', 'backoff', 'error']);
});

test('a crawl resumed from its progress fetches only what was left, and follows pages finished after the progress was taken', async () => {
  const paths = Array.from({ length: 6 }, (_, i) => `/p${i}`);
  const s = await site(Object.fromEntries([['/', html(links(...paths))], ...paths.map((p) => [p, html(p)])]));
  const mem = memoryStore();
  const killed = new AbortController();
  const first = new Crawler({ userAgent: 'IPCI-Monitor-test', record: () => undefined, signal: killed.signal });
  const crawl = new SiteCrawl(config(s), first, mem.store);
  const running = crawl.run();
  // Progress taken after the third page is stored, as a heartbeat would; the worker dies after the fourth.
  while (mem.changed.length < 3) await new Promise((r) => setTimeout(r, 5));
  const progress: SiteProgress = JSON.parse(JSON.stringify(crawl.progress()));
  while (mem.changed.length < 4) await new Promise((r) => setTimeout(r, 5));
  killed.abort(new Error('worker killed'));
  await expect(running).rejects.toThrow('worker killed');
  await first.close();
  const fetchedBefore = pageHits(s).map((h) => h.path);

  const second = crawlerWithLog();
  const resumed = new SiteCrawl(config(s), second.crawler, mem.store, {}, progress);
  // The fourth page was finished after the progress: the activity reads it back from crawl_pages.
  await resumed.resumeFinished([{ url: mem.changed[3], depth: 1 }]);
  await resumed.run();
  await second.crawler.close();
  const all = pageHits(s).map((h) => h.path);
  expect(all.slice(fetchedBefore.length).filter((p) => fetchedBefore.includes(p))).toEqual([]);
  expect(new Set(all)).toEqual(new Set(['/', ...paths]));
  expect(resumed.progress()).toEqual({ frontier: [], done: [], finished: true });
});

test('when one page fails the site crawl (its store failed), the other workers take no further pages', async () => {
  const paths = Array.from({ length: 8 }, (_, i) => `/${i}`);
  const s = await site(Object.fromEntries([['/', html(links(...paths))], ...paths.map((p) => [p, html(p)])]));
  const mem = memoryStore();
  const pageChanged = mem.store.pageChanged;
  mem.store.pageChanged = async (p, images) => {
    if (p.url.endsWith('/1')) throw new Error('database gone');
    return pageChanged(p, images);
  };
  const { crawler, log } = crawlerWithLog();
  await expect(new SiteCrawl(config(s, { concurrency: 3 }), crawler, mem.store).run()).rejects.toThrow('database gone');
  const hits = s.hits.length;
  await new Promise((r) => setTimeout(r, 1500));
  // The two other workers finish the page each had already taken, and take no more.
  expect(s.hits.length).toBeLessThanOrEqual(hits + 2);
  expect(log.length).toBeLessThanOrEqual(s.hits.length);
  await crawler.close();
});

test('the progress a heartbeat carries stays bounded: the frontier to FRONTIER_CHARS, done URLs as 12-character keys', async () => {
  const { crawler } = crawlerWithLog();
  const long = Array.from({ length: MAX_PAGES_PER_SITE }, (_, i): [string, number] => [`https://shop.example/${'x'.repeat(200)}/${i}`, 1]);
  const done = Array.from({ length: MAX_PAGES_PER_SITE }, (_, i) => doneKey(`https://shop.example/done/${i}`));
  const crawl = new SiteCrawl(
    { id: 's', startUrl: 'https://shop.example/', extraHosts: [], maxDepth: 3, delayMs: 200, concurrency: 1, allowPrivate: false },
    crawler,
    memoryStore().store,
    { maxPages: 10 * MAX_PAGES_PER_SITE },
    { frontier: long, done },
  );
  const progress = crawl.progress();
  expect(progress.done).toHaveLength(MAX_PAGES_PER_SITE);
  expect(progress.done.every((key) => key.length === 12)).toBe(true);
  expect(progress.frontier.length).toBeLessThan(long.length);
  expect(progress.frontier).toEqual(long.slice(0, progress.frontier.length));
  expect(JSON.stringify(progress).length).toBeLessThan(FRONTIER_CHARS + 40 * MAX_PAGES_PER_SITE);
  await crawler.close();
});
