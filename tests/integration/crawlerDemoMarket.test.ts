import { crawlActivities } from '../../activities/crawl';
import { PRIVATE_PATH, plannedFindings, seedDemoMarketSite, startDemoMarket, type RunningDemoMarket } from '../../demoMarket';
import { crawlerTestDb, type CrawlerTestDb } from '../support/crawlerDb';

/*
 * The crawl of the demo marketplace as `npm start` seeds it (depth 3, 200 ms, two at a time): every
 * product page with a planned copy is stored with its pictures, robots.txt keeps the crawl out of
 * /private/ and /originals/, and a second crawl finds every page unchanged (304) and downloads no
 * picture again. Prints the pages crawled per minute.
 */

let db: CrawlerTestDb;
let market: RunningDemoMarket;
beforeAll(async () => {
  db = await crawlerTestDb('crawler_market');
  market = await startDemoMarket({ port: 0 });
  await market.site;
}, 120_000);
afterAll(async () => {
  await market?.close();
  await db?.drop();
});

test('the demo marketplace is crawled whole within robots.txt, then found unchanged', async () => {
  const siteId = await seedDemoMarketSite(db.k, market.url);
  const acts = crawlActivities(db.k, db.store);
  const started = performance.now();
  const first = await acts.crawlSites({ trigger: 'test/market' });
  const minutes = (performance.now() - started) / 60_000;
  console.log(`demo marketplace: ${first.pagesFetched} pages in ${(minutes * 60).toFixed(1)} s, ${(first.pagesFetched / minutes).toFixed(0)} pages/min`);
  expect(first).toMatchObject({ reused: false, errors: 0 });

  const { copies } = plannedFindings(market.url);
  const shown = await db.k('crawl_page_images as l').join('crawl_pages as p', 'p.id', 'l.page_id').groupBy('p.url').select('p.url', db.k.raw('count(*)::int as n'));
  const perPage = new Map(shown.map((r) => [r.url as string, r.n as number]));
  for (const url of new Set(copies.map((c) => c.pageUrl))) expect(perPage.get(url) ?? 0).toBeGreaterThanOrEqual(copies.filter((c) => c.pageUrl === url).length);
  const urls: string[] = await db.k('crawl_fetches').where({ run_id: first.runId }).whereNot({ outcome: 'robotsDenied' }).pluck('url');
  expect(urls.filter((u) => new URL(u).pathname.startsWith(PRIVATE_PATH) || new URL(u).pathname.startsWith('/originals/'))).toEqual([]);
  expect(await db.k('crawl_images').whereNull('sha256').count({ n: '*' }).first()).toEqual({ n: '0' });

  const images: number = Number((await db.k('crawl_fetches').where({ run_id: first.runId, kind: 'image' }).count({ n: '*' }).first())!.n);
  expect(images).toBeGreaterThan(copies.length);
  const second = await acts.crawlSites({ trigger: 'test/market-again' });
  expect(second).toMatchObject({ pagesFetched: 0, pagesUnchanged: first.pagesFetched, errors: 0 });
  expect(await db.k('crawl_fetches').where({ run_id: second.runId, kind: 'image' }).count({ n: '*' }).first()).toEqual({ n: '0' });
  expect(await db.k('crawl_pages').where({ site_id: siteId }).count({ n: '*' }).first()).toEqual({ n: String(first.pagesFetched) });
}, 300_000);
