import { load } from 'cheerio';
import sharp from 'sharp';
import { DEMO_ORIGINALS, demoOriginal, generateSite, plannedFindings, PRIVATE_PATH, startDemoMarket, type DemoSite, type RunningDemoMarket } from '../../demoMarket';
import { artworkSvg } from '../../demoMarket/art';
import { CATEGORIES } from '../../demoMarket/catalogue';
import { monitoredContentSchema, PICTURE_ASPECT_TOLERANCE, PICTURE_MAX_BYTES, PICTURE_MIME, PICTURE_MIN_SIDE } from '../../domain/monitoring';
import { checkMonitorPicture } from '../../domain/uploads';
import { hasTransparentBackground } from '../../api/lib/logoBackground';
import { TRANSFORMS } from '../../matching/transforms';

/*
 * The demo marketplace (issue 15): its demo pictures pass the comparison-picture rules, the site is
 * generated the same every time, every link on it resolves, every product is reachable within the
 * crawl depth its crawl site is seeded with, robots.txt and the sitemap say what they must, and the
 * server answers conditional requests with 304 and stops when closed.
 */

let market: RunningDemoMarket;
let site: DemoSite;
beforeAll(async () => {
  market = await startDemoMarket({ port: 0 });
  site = await market.site;
}, 120_000);
afterAll(() => market?.close().catch(() => undefined)); // closed already by the last test

const path = (url: string) => new URL(url, site.baseUrl).pathname;
const html = (p: string) => load(site.resources.get(p)!.body.toString());
const htmlPaths = () => [...site.resources.entries()].filter(([, r]) => r.type.startsWith('text/html')).map(([p]) => p);

describe('demo originals', () => {
  const pictures = DEMO_ORIGINALS.flatMap((o, ip) => o.pictures.map((pic, n) => ({ ip, n, pic })));

  it.each(pictures.map((p) => [p.pic.file, p] as const))('%s passes the monitorPicture rules (1:1, ≥ 800 px, jpg/png as named, ≤ 3 MB)', async (_, { ip, n, pic }) => {
    const bytes = await demoOriginal(ip, n);
    const meta = await sharp(bytes).metadata();
    expect(bytes.length).toBeLessThanOrEqual(PICTURE_MAX_BYTES);
    expect(Math.abs(meta.width! / meta.height! - 1)).toBeLessThanOrEqual(PICTURE_ASPECT_TOLERANCE);
    expect(meta.width).toBeGreaterThanOrEqual(Math.max(800, PICTURE_MIN_SIDE));
    expect(PICTURE_MIME).toContain(pic.mime);
    expect(meta.format).toBe(pic.mime === 'image/png' ? 'png' : 'jpeg');
    // The upload's own rules, and for a logo the monitored content's "no background" check.
    expect(checkMonitorPicture({ width: meta.width!, height: meta.height!, mime: pic.mime, bytes: bytes.length })).toBeNull();
    expect(await hasTransparentBackground(bytes)).toBe(pic.kind === 'logo');
  });

  it('each demo IP has names in three languages, 1–2 pictures and keywords the monitored-content schema accepts', async () => {
    expect(DEMO_ORIGINALS.length).toBeGreaterThanOrEqual(6);
    for (const o of DEMO_ORIGINALS) {
      expect(Object.values(o.names).every((n) => n.trim().length > 0)).toBe(true);
      expect(o.pictures.length).toBeGreaterThanOrEqual(1);
      expect(o.pictures.length).toBeLessThanOrEqual(2);
      await expect(monitoredContentSchema.validate({ keywords: o.keywords })).resolves.toBeTruthy();
      expect(o.keywords.map((k) => k.text)).toEqual(expect.arrayContaining(Object.values(o.names)));
    }
  });

  it('the pictures differ from one another (no two demo pictures are the same drawing)', async () => {
    const all = await Promise.all(pictures.map(({ ip, n }) => demoOriginal(ip, n)));
    expect(new Set(all.map((b) => b.toString('base64'))).size).toBe(all.length);
    const spec = { palette: DEMO_ORIGINALS[0].palette, accessory: DEMO_ORIGINALS[0].accessory, seed: 7 };
    expect(artworkSvg(spec, 300)).toBe(artworkSvg(spec, 300));
  });
});

describe('generated site', () => {
  it('is the same every time it is generated (same bytes for every path)', async () => {
    const again = await generateSite(site.baseUrl);
    const tags = (s: DemoSite) => Object.fromEntries([...s.resources].map(([p, r]) => [p, `${r.etag} ${r.lastModified.toISOString()}`]));
    expect(tags(again)).toEqual(tags(site));
  }, 120_000);

  it('has at least 40 product pages, most unrelated to the demo IPs, with every copy transformation at least twice and keyword-only pages', () => {
    expect(site.products.length).toBeGreaterThanOrEqual(40);
    const related = site.products.filter((p) => p.namesIp !== undefined || site.copies.some((c) => c.pageUrl === p.url));
    expect(related.length).toBeLessThan(site.products.length / 2);
    for (const t of TRANSFORMS) expect(site.copies.filter((c) => c.transform === t).length).toBeGreaterThanOrEqual(2);
    for (let ip = 0; ip < DEMO_ORIGINALS.length; ip++) expect(site.copies.some((c) => c.ip === ip)).toBe(true);
    const keywordOnly = site.products.filter((p) => p.namesIp !== undefined && !site.copies.some((c) => c.pageUrl === p.url));
    expect(keywordOnly.length).toBeGreaterThanOrEqual(DEMO_ORIGINALS.length);
    // Chinese, English and Japanese names are all used.
    const titles = site.products.map((p) => `${p.title} ${p.description}`).join('\n');
    for (const lang of ['zh-CN', 'en-US', 'ja-JP'] as const) expect(DEMO_ORIGINALS.some((o) => titles.includes(o.names[lang]))).toBe(true);
    // A copy's page really shows it, and plannedFindings agrees with what was generated.
    for (const c of site.copies) expect(html(path(c.pageUrl))('img').map((_, e) => e.attribs.src).get()).toContain(path(c.imageUrl));
    const planned = plannedFindings(site.baseUrl);
    expect(planned.copies.map(({ pageUrl, ip, picture, transform }) => [pageUrl, ip, picture, transform])).toEqual(site.copies.map(({ pageUrl, ip, picture, transform }) => [pageUrl, ip, picture, transform]));
    expect(planned.keywordOnly.map((k) => k.pageUrl).sort()).toEqual(keywordOnly.map((p) => p.url).sort());
  });

  it('product pages have a title, a meta description, og tags and several images', () => {
    for (const p of site.products) {
      const $ = html(path(p.url));
      expect($('title').text()).toContain(p.title);
      expect($('meta[name=description]').attr('content')).toBe(p.description);
      expect($('meta[property="og:title"]').attr('content')).toContain(p.title);
      expect($('meta[property="og:description"]').attr('content')).toBe(p.description);
      expect($('meta[property="og:type"]').attr('content')).toBe('product');
      expect(site.resources.has(path($('meta[property="og:image"]').attr('content')!))).toBe(true);
      expect(new Set($('img').map((_, e) => e.attribs.src).get()).size).toBeGreaterThanOrEqual(2);
    }
  });

  it('every link and image on every page resolves, and images carry their real content type', async () => {
    for (const p of htmlPaths()) {
      const $ = html(p);
      const refs = [...$('a[href]').map((_, e) => e.attribs.href).get(), ...$('img[src], link[rel=stylesheet]').map((_, e) => e.attribs.src ?? e.attribs.href).get()];
      for (const ref of refs) {
        const u = new URL(ref, site.baseUrl + p);
        if (u.origin !== site.baseUrl) continue; // the footer's partner link leaves the site on purpose
        expect([p, u.pathname, site.resources.has(u.pathname)]).toEqual([p, u.pathname, true]);
      }
    }
    for (const [p, r] of site.resources) {
      if (!r.type.startsWith('image/')) continue;
      const { format } = await sharp(r.body).metadata();
      expect([p, r.type]).toEqual([p, `image/${format === 'jpeg' ? 'jpeg' : format}`]);
    }
  });

  it('every product is reachable from the home page within depth 3 (the seeded maxDepth), some only past depth 1', () => {
    const depth = new Map<string, number>([['/', 0]]);
    const queue = ['/'];
    while (queue.length) {
      const p = queue.shift()!;
      const d = depth.get(p)!;
      for (const href of html(p)('a[href]').map((_, e) => e.attribs.href).get()) {
        const u = new URL(href, site.baseUrl + p);
        if (u.origin !== site.baseUrl || depth.has(u.pathname) || !site.resources.get(u.pathname)?.type.startsWith('text/html')) continue;
        depth.set(u.pathname, d + 1);
        queue.push(u.pathname);
      }
    }
    const productDepths = site.products.map((p) => depth.get(path(p.url)));
    expect(productDepths.every((d) => d !== undefined && d <= 3)).toBe(true);
    expect(productDepths.some((d) => d! >= 2)).toBe(true);
    // Listing pages paginate: a category has more than one page.
    expect(CATEGORIES.every((c) => site.resources.has(`/category/${c.slug}/page/2`))).toBe(true);
  });

  it('robots.txt disallows the private page, whose copy no crawlable page shows; the sitemap lists every product and nothing private', () => {
    const robots = site.resources.get('/robots.txt')!.body.toString();
    expect(robots).toMatch(new RegExp(`^Disallow: ${PRIVATE_PATH}$`, 'm'));
    expect(robots).toContain(`Sitemap: ${site.baseUrl}/sitemap.xml`);
    expect(html(PRIVATE_PATH)('img').attr('src')).toBe(path(site.privateCopy.imageUrl));
    expect(path(site.privateCopy.imageUrl).startsWith(PRIVATE_PATH)).toBe(true);
    for (const p of htmlPaths().filter((x) => !x.startsWith(PRIVATE_PATH))) expect(site.resources.get(p)!.body.toString()).not.toContain(path(site.privateCopy.imageUrl));
    const sitemap = site.resources.get('/sitemap.xml')!.body.toString();
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    for (const p of site.products) expect(locs).toContain(p.url);
    expect(locs.some((l) => l.includes(PRIVATE_PATH))).toBe(false);
  });

  it('the originals page offers every demo picture for download', () => {
    const links = html('/originals/')('a[download]').map((_, e) => e.attribs.href).get();
    expect(links.sort()).toEqual(DEMO_ORIGINALS.flatMap((o) => o.pictures.map((p) => `/originals/${p.file}`)).sort());
  });
});

describe('server', () => {
  it('answers pages and images with ETag and Last-Modified, and 304 to conditional requests', async () => {
    for (const p of ['/', site.products[0].imageUrls[0]]) {
      const res = await fetch(new URL(p, market.url));
      expect(res.status).toBe(200);
      const etag = res.headers.get('etag')!, lastModified = res.headers.get('last-modified')!;
      expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
      expect(Number(res.headers.get('content-length'))).toBe((await res.arrayBuffer()).byteLength);
      expect((await fetch(new URL(p, market.url), { headers: { 'if-none-match': etag } })).status).toBe(304);
      expect((await fetch(new URL(p, market.url), { headers: { 'if-none-match': `W/"x", ${etag}` } })).status).toBe(304);
      expect((await fetch(new URL(p, market.url), { headers: { 'if-modified-since': lastModified } })).status).toBe(304);
      // If-None-Match decides over If-Modified-Since; an older date or another tag gets the body.
      expect((await fetch(new URL(p, market.url), { headers: { 'if-none-match': '"other"', 'if-modified-since': lastModified } })).status).toBe(200);
      expect((await fetch(new URL(p, market.url), { headers: { 'if-modified-since': new Date(Date.parse(lastModified) - 1000).toUTCString() } })).status).toBe(200);
    }
    const image = await fetch(new URL(site.products[0].imageUrls[0]));
    expect(image.headers.get('content-type')).toMatch(/^image\/(jpeg|png|webp)$/);
  });

  it('answers HEAD without a body, 404 for unknown paths, 405 for other methods, 301 for the other spelling of a trailing slash, and searches', async () => {
    const head = await fetch(new URL('/robots.txt', market.url), { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await head.text()).toBe('');
    expect((await fetch(new URL('/product/nope', market.url))).status).toBe(404);
    expect((await fetch(new URL('/%E0%A4%A', market.url))).status).toBe(404);
    expect((await fetch(new URL('/', market.url), { method: 'POST', body: 'x' })).status).toBe(405);
    const search = await (await fetch(new URL('/search?q=马克杯', market.url))).text();
    expect(search).toContain('北欧风陶瓷马克杯');
    // The other spelling of a trailing slash is redirected to the page.
    for (const [from, to] of [['/category/figures/', '/category/figures'], ['/originals', '/originals/']]) {
      const moved = await fetch(new URL(from, market.url), { redirect: 'manual' });
      expect([moved.status, moved.headers.get('location')]).toEqual([301, to]);
    }
  });

  // Last: it closes the market the other tests use.
  it('stops listening when closed', async () => {
    expect((await fetch(new URL('/robots.txt', market.url))).status).toBe(200);
    await market.close();
    await expect(fetch(new URL('/robots.txt', market.url))).rejects.toThrow();
  });
});
