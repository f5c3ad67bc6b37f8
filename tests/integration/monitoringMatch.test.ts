import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { crawlActivities } from '../../activities/crawl';
import { monitoringMatchActivities } from '../../activities/monitoringMatch';
import { DEMO_ORIGINALS, demoOriginal, plannedFindings } from '../../demoMarket';
import type { Keyword } from '../../db/monitoring';
import { insertSubscription } from '../../db/monitoring';
import { markBytes, markFromDb, markToDb } from '../../domain/watermark';
import { openStore } from '../../storage';
import { embedWatermark } from '../../watermark';
import { syntheticImage } from '../../watermark/synthetic';
import { apiBase, closeTestDb, signedIn, testDb, type Caller } from '../support/http';
import { IP_NAMES, ipciRow } from '../support/ipcis';

/*
 * Matching a subscription through the real activities (issue 15): the demo marketplace and a small
 * site of the test's own are crawled by crawlSites, their pictures signed by signCrawledImages, and
 * matchSubscription files what a subscription's pictures and keywords find there — the copies of a
 * comparison picture, the pages naming the IP, a picture carrying the user's own dark watermark —
 * once, as the crawl found them, authorised where the user said so; sendSuspectDigest tells the
 * user once per crawl.
 */

const store = () => openStore({ diskRoot: process.env.UPLOAD_DIR!, publicBase: apiBase(), signingSecret: 'unused' });
const acts = () => ({ ...crawlActivities(testDb(), store()), ...monitoringMatchActivities(testDb(), store()) });

const market = process.env.IPCI_DEMO_MARKET_URL!;
const marketHost = () => new URL(market).host;

/** A picture of the codec's test kind, as JPEG. */
const picture = (seed: number, side = 512) => sharp(Buffer.from(syntheticImage(side, side, seed)), { raw: { width: side, height: side, channels: 3 } }).jpeg({ quality: 92 }).toBuffer();

/** A watermarked item of `userId` (a batch of one) and its mark. */
async function watermarkItem(userId: string): Promise<{ itemId: string; mark: bigint }> {
  const mark = BigInt.asUintN(64, BigInt(`0x${randomBytes(8).toString('hex')}`));
  const [batch] = await testDb()('watermark_batches').insert({ user_id: userId, media: 'image', total: 1, state: 'finished' }).returning('id');
  const [item] = await testDb()('watermark_items').insert({ batch_id: batch.id, user_id: userId, media: 'image', source_name: 'poster.jpg', mark: markToDb(mark), state: 'done' }).returning('id');
  return { itemId: item.id, mark };
}

/** The test's own shop: a page naming 山海图 with the user's watermarked copy, another user's and a plain picture; a page with the copy that names nothing; a truncated JPEG. */
interface OwnShop {
  url: string;
  close(): Promise<void>;
  siteId: string;
}

async function ownShop(files: Record<string, Buffer>): Promise<OwnShop> {
  const pages: Record<string, string> = {
    '/': '<html><head><title>山海图 正版周边 限时特价</title><meta name="description" content="山海图插画海报"></head><body><a href="/other">more</a><img src="/marked.jpg"><img src="/foreign.jpg"><img src="/plain.jpg"><img src="/broken.jpg"></body></html>',
    '/other': '<html><head><title>夏日海报</title></head><body><img src="/marked-too.jpg"></body></html>',
  };
  const server = http.createServer((req, res) => {
    const path = req.url ?? '/';
    if (pages[path]) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return res.end(pages[path]);
    }
    const file = files[path.slice(1)];
    if (!file) {
      res.writeHead(404);
      return res.end();
    }
    res.writeHead(200, { 'content-type': 'image/jpeg' });
    res.end(file);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const [site] = await testDb()('crawl_sites').insert({ name: 'monitoringMatch test shop', start_url: url, max_depth: 1, delay_ms: 200, allow_private: true, enabled: true }).returning('id');
  return {
    url,
    siteId: site.id,
    async close() {
      // Switched off, so no later crawl in this test run tries a server that is gone.
      await testDb()('crawl_sites').where({ id: site.id }).update({ enabled: false });
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** An active subscription of a new user with these keywords and comparison pictures (unsigned, as uploaded). */
async function subscriber(keywords: Keyword[], pictures: Buffer[], signed?: { user: { id: string }; caller: Caller }) {
  const { user, caller } = signed ?? (await signedIn('personal'));
  const ipci = await ipciRow(user.id);
  const id = randomUUID();
  await insertSubscription(testDb(), { id, userId: user.id, ipciId: ipci.id, plan: 'month', keywords });
  await testDb()('monitoring_subscriptions').where({ id }).update({ state: 'active' });
  for (const [i, bytes] of pictures.entries()) {
    const up = await caller.upload('monitorPicture', bytes, `original-${i}.jpg`);
    expect(up.status).toBe(201);
    await testDb()('monitoring_pictures').insert({ subscription_id: id, upload_id: up.body.id, kind: 'picture', width: 1024, height: 1024 });
  }
  return { id, user, caller, ipci };
}

const suspectsOf = (subscriptionId: string) => testDb()('suspects').where({ subscription_id: subscriptionId }).orderBy('page_url').select('*');

let shop: OwnShop;
let runId: string;
let owner: { user: { id: string }; caller: Caller };
let ownItem: { itemId: string; mark: bigint };

beforeAll(async () => {
  owner = await signedIn('personal');
  ownItem = await watermarkItem(owner.user.id);
  const foreign = await watermarkItem((await signedIn('personal')).user.id);
  const marked = (await embedWatermark(await picture(41), markBytes(ownItem.mark))).image;
  const jpeg = await picture(43);
  shop = await ownShop({
    'marked.jpg': marked,
    'marked-too.jpg': (await embedWatermark(await picture(44), markBytes(ownItem.mark))).image,
    'foreign.jpg': (await embedWatermark(await picture(42), markBytes(foreign.mark))).image,
    'plain.jpg': jpeg,
    // The header says JPEG (the crawler keeps it); the pixels never decode.
    'broken.jpg': jpeg.subarray(0, 700),
  });
  const run = await acts().crawlSites({ trigger: 'monitoringMatch.test' });
  runId = run.runId;
  expect(run.pagesFetched).toBeGreaterThan(20);
}, 600_000);

afterAll(async () => {
  await shop?.close();
  await closeTestDb();
});

test('every crawled picture is signed once; one that does not decode is marked and not tried again', async () => {
  const first = await acts().signCrawledImages({ runId });
  expect(first.signed).toBeGreaterThan(10);
  const images = await testDb()('crawl_images').where('url', 'like', `${shop.url}%`).select('url', 'pdq', 'pdq_quality', 'features', 'signature_error', 'width');
  const byName = Object.fromEntries(images.map((i) => [i.url.slice(shop.url.length), i]));
  expect(byName['broken.jpg']).toMatchObject({ pdq: null, signature_error: 'undecodable' });
  expect(byName['plain.jpg']).toMatchObject({ signature_error: null, width: 512 });
  expect(byName['plain.jpg'].pdq).toHaveLength(32);
  expect(byName['plain.jpg'].features.length).toBeGreaterThan(0);
  expect(byName['plain.jpg'].pdq_quality).toBeGreaterThan(0);
  expect(Number((await testDb()('crawl_images').whereNull('pdq').whereNull('signature_error').count({ n: '*' }))[0].n)).toBe(0);
  // Idempotent: nothing left to sign, the broken one is not tried again.
  expect(await acts().signCrawledImages({ runId })).toEqual({ signed: 0 });
  // Two callers at once (subscriptions sharing a crawl) sign disjoint pictures, each once.
  const again = await testDb()('crawl_images').where('url', 'like', `${market}%`).orderBy('id').limit(12).pluck('id');
  await testDb()('crawl_images').whereIn('id', again).update({ pdq: null, features: null });
  const [a, b] = await Promise.all([acts().signCrawledImages({ runId }), acts().signCrawledImages({ runId })]);
  expect(a.signed + b.signed).toBe(12);
  expect(a.signed).toBeGreaterThan(0);
  expect(b.signed).toBeGreaterThan(0);
}, 300_000);

test('the demo marketplace: copies of the comparison pictures and pages naming the IP, filed once as the crawl found them', async () => {
  const ip = DEMO_ORIGINALS[0];
  const sub = await subscriber(ip.keywords, [await demoOriginal(0, 0), await demoOriginal(0, 1)]);
  const matched = await acts().matchSubscription({ subscriptionId: sub.id, runId });
  // The pictures were signed from their uploads on the way.
  expect(await testDb()('monitoring_pictures').where({ subscription_id: sub.id }).whereNull('pdq').select('id')).toEqual([]);
  const suspects = await suspectsOf(sub.id);
  expect(matched).toEqual({ newSuspects: suspects.length, suspectIds: expect.arrayContaining(suspects.map((s) => s.id)) });

  const planned = plannedFindings(market);
  const ours = planned.copies.filter((c) => c.ip === 0);
  const ourPages = new Set([...ours.map((c) => c.pageUrl), ...planned.keywordOnly.filter((k) => k.ip === 0).map((k) => k.pageUrl)]);
  const imagePages = new Set(suspects.filter((s) => s.match_kind === 'image').map((s) => s.page_url));
  // Recompressed, exact and cropped copies are what the matcher must find (the others have no recall target).
  for (const transform of ['exact', 'recompress', 'crop']) expect(imagePages).toContain(ours.find((c) => c.transform === transform)!.pageUrl);
  // Every picture filed is one of our copies (on its product page, or on a listing showing it too);
  // keywords only on the pages naming the IP; nothing from the page robots.txt keeps crawlers off.
  const ourImages = new Set(
    await testDb()('crawl_page_images as cpi').join('crawl_pages as p', 'p.id', 'cpi.page_id').join('crawl_images as ci', 'ci.id', 'cpi.image_id').whereIn('p.url', ours.map((c) => c.pageUrl)).pluck('ci.url'),
  );
  expect(suspects.filter((s) => s.match_kind === 'image' && !ourImages.has(s.image_url)).map((s) => s.image_url)).toEqual([]);
  expect(suspects.filter((s) => s.match_kind === 'keyword' && !ourPages.has(s.page_url)).map((s) => s.page_url)).toEqual([]);
  expect(suspects.some((s) => s.page_url.includes('/private/'))).toBe(false);

  // A page that only names the IP: one keyword suspect with the keywords its title and description hold.
  const named = planned.keywordOnly.find((k) => k.ip === 0)!;
  expect(suspects.filter((s) => s.page_url === named.pageUrl)).toEqual([
    expect.objectContaining({ match_kind: 'keyword', image_url: '', image_id: null, evidence: { kind: 'keyword', keywords: ['青鸾仙子', '鸾羽坊'] } }),
  ]);

  // The exact copy: the spec's fields, the evidence, and the page as the crawl kept it.
  const exactPage = ours.find((c) => c.transform === 'exact')!.pageUrl;
  const exact = suspects.find((s) => s.page_url === exactPage && s.match_kind === 'image')!;
  const page = await testDb()('crawl_pages').where({ url: exactPage }).first();
  expect(exact).toMatchObject({
    number: expect.stringMatching(/^ST\d{14}$/),
    work_title: IP_NAMES.zh,
    website: marketHost(),
    state: 'new',
    run_id: runId,
    ipci_id: sub.ipci.id,
    picture_id: expect.any(String),
    image_id: expect.any(String),
    snapshot_key: page.snapshot_key,
    snapshot_sha256: page.sha256,
    snapshot_title: page.title,
    snapshot_text: page.text_extract,
    fetched_at: page.last_fetched_at,
  });
  expect(exact.image_url).toMatch(/^http/);
  // That page names the IP too: its keywords come with the picture's evidence.
  expect(exact.evidence).toMatchObject({ kind: 'image', pictureId: exact.picture_id, method: expect.stringMatching(/^(global|local)$/), keywords: expect.arrayContaining(['青鸾仙子']) });
  const crop = suspects.find((s) => s.page_url === ours.find((c) => c.transform === 'crop')!.pageUrl && s.match_kind === 'image')!;
  if (crop.evidence.method === 'local') expect(crop.evidence).toMatchObject({ inliers: expect.any(Number), overlap: expect.any(Number), transform: { scale: expect.any(Number) } });

  // Found again: nothing new.
  expect(await acts().matchSubscription({ subscriptionId: sub.id, runId })).toEqual({ newSuspects: 0, suspectIds: [] });
  expect(await suspectsOf(sub.id)).toHaveLength(suspects.length);

  // One site message for the crawl, however often it is sent; it links to the subscription's suspects and counts as unread.
  const unreadBefore: number = (await sub.caller.get('/api/messages/unread')).body.unread;
  for (let i = 0; i < 2; i++) await acts().sendSuspectDigest({ subscriptionId: sub.id, runId, newSuspects: matched.newSuspects });
  const digests = await testDb()('messages').where({ user_id: sub.user.id, title_key: 'suspectDigest' });
  expect(digests).toHaveLength(1);
  expect(digests[0]).toMatchObject({ action_link: `usercenter/suspecttort?subscriptionId=${sub.id}`, body_key: 'suspectDigestBody', params: { count: matched.newSuspects, sites: 1, name: IP_NAMES.zh } });
  expect((await sub.caller.get('/api/messages/unread')).body.unread).toBe(unreadBefore + 1);
  // Nothing new, no message.
  await acts().sendSuspectDigest({ subscriptionId: sub.id, runId: randomUUID(), newSuspects: 0 });
  expect(await testDb()('messages').where({ user_id: sub.user.id, title_key: 'suspectDigest' })).toHaveLength(1);
}, 300_000);

test("matches on a host the user authorised are filed as authorised; a subscription that is not active files nothing", async () => {
  const sub = await subscriber([], [await demoOriginal(0, 0)]);
  expect((await sub.caller.post('/api/monitoring/authorised-sites', { host: market })).status).toBe(201);
  const matched = await acts().matchSubscription({ subscriptionId: sub.id, runId });
  expect(matched.newSuspects).toBeGreaterThan(0);
  expect(new Set((await suspectsOf(sub.id)).map((s) => s.state))).toEqual(new Set(['authorised']));

  const paused = await subscriber([{ text: '青鸾仙子', category: 'name' }], [await demoOriginal(0, 0)]);
  await testDb()('monitoring_subscriptions').where({ id: paused.id }).update({ state: 'paused' });
  expect(await acts().matchSubscription({ subscriptionId: paused.id, runId })).toEqual({ newSuspects: 0, suspectIds: [] });
}, 300_000);

test("a picture on a keyword page that carries the user's own dark watermark is filed with the item as evidence", async () => {
  const sub = await subscriber([{ text: IP_NAMES.zh, category: 'name' }], [], owner);
  const matched = await acts().matchSubscription({ subscriptionId: sub.id, runId });
  const suspects = await suspectsOf(sub.id);
  expect(matched.newSuspects).toBe(suspects.length);
  // Only the user's own mark on the page naming the IP: not another user's mark, not the plain picture,
  // not the same copy on a page that names nothing; and no keyword-only suspect beside it.
  expect(suspects).toEqual([
    expect.objectContaining({
      match_kind: 'watermark',
      page_url: shop.url,
      image_url: `${shop.url}marked.jpg`,
      website: new URL(shop.url).host,
      picture_id: null,
      evidence: { kind: 'watermark', watermarkItemId: ownItem.itemId, keywords: [IP_NAMES.zh] },
    }),
  ]);
  // Each picture of that page was read once and the reading kept with its content.
  const read = await testDb()('crawl_images').where('url', 'like', `${shop.url}%`).select('url', 'sha256', 'watermark_sha256', testDb().raw('watermark_mark::text as watermark_mark'));
  const byName = Object.fromEntries(read.map((r) => [r.url.slice(shop.url.length), r]));
  expect(byName['marked.jpg'].watermark_sha256).toBe(byName['marked.jpg'].sha256);
  expect(markFromDb(byName['marked.jpg'].watermark_mark)).toBe(ownItem.mark);
  expect(byName['plain.jpg']).toMatchObject({ watermark_sha256: byName['plain.jpg'].sha256, watermark_mark: null });
  expect(byName['marked-too.jpg'].watermark_sha256).toBeNull();
  // Found again: nothing new, and nothing read again (the readings are kept).
  expect(await acts().matchSubscription({ subscriptionId: sub.id, runId })).toEqual({ newSuspects: 0, suspectIds: [] });
}, 300_000);

test('many subscriptions matching at once in one worker wait for the watermark readers instead of failing', async () => {
  // More readings at once than the reader threads queue (api/lib/watermarkReader MAX_WAITING): each
  // subscription reads the keyword page's pictures afresh.
  await testDb()('crawl_images').where('url', 'like', `${shop.url}%`).update({ watermark_sha256: null });
  const subs = [];
  for (let i = 0; i < 20; i++) subs.push(await subscriber([{ text: IP_NAMES.zh, category: 'name' }], [], owner));
  await Promise.all(subs.map((s) => acts().matchSubscription({ subscriptionId: s.id, runId })));
  for (const s of subs) expect((await suspectsOf(s.id)).map((x) => [x.match_kind, x.evidence.watermarkItemId])).toEqual([['watermark', ownItem.itemId]]);
}, 300_000);
