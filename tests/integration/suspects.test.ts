import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { SUSPECT_NUMBER_PATTERN, type MatchKind } from '../../domain/monitoring';
import { insertSubscription } from '../../db/monitoring';
import { fileSuspects, type NewSuspect } from '../../db/suspects';
import { openStore } from '../../storage';
import { apiBase, closeTestDb, png, signedIn, testDb, type Caller } from '../support/http';
import { IP_NAMES, ipciRow } from '../support/ipcis';

/*
 * The suspects' routes (user centre `suspecttort`, issue 15) on the real API and Postgres: the list
 * with its filters, keyset pages and new count; the detail with previous/next in the list's order
 * under the same filter; ignore/unignore; authorising a site and the authorised-sites list; the copy
 * and the snapshot downloads; and nobody reading another user's suspects by id.
 */

const store = () => openStore({ diskRoot: process.env.UPLOAD_DIR!, publicBase: apiBase(), signingSecret: 'unused' });

async function put(key: string, bytes: Buffer, contentType: string) {
  await store().put(key, Readable.from([bytes]), { contentType, maxBytes: bytes.length + 1 });
}

/** A user with a subscription and `n` suspects filed one after another (newest last), on two sites. */
async function withSuspects(kinds: MatchKind[]) {
  const { user, caller } = await signedIn('personal');
  const ipci = await ipciRow(user.id);
  const subscriptionId = randomUUID();
  await insertSubscription(testDb(), { id: subscriptionId, userId: user.id, ipciId: ipci.id, plan: 'month' });
  const tag = randomUUID().slice(0, 8);
  const image = `crawl/images/test-${tag}`;
  await put(image, await png(64, 64), 'application/octet-stream');
  const [{ id: imageId }] = await testDb()('crawl_images').insert({ url: `http://shop-${tag}.test/a.png`, sha256: 'a'.repeat(64), thumbnail_key: image }).returning('id');
  const snapshot = `crawl/pages/test-${tag}.html`;
  await put(snapshot, Buffer.from('<html><script>alert(1)</script><title>假货</title></html>'), 'text/html');
  const ids: string[] = [];
  const filed: NewSuspect[] = [];
  for (const [i, kind] of kinds.entries()) {
    const site = i % 2 ? `other-${tag}.test:8080` : `shop-${tag}.test`;
    const s: NewSuspect = {
      subscriptionId,
      userId: user.id,
      ipciId: ipci.id,
      state: 'new',
      matchKind: kind,
      workTitle: '山海图',
      website: site,
      pageUrl: `http://${site}/p/${i}`,
      imageUrl: kind === 'keyword' ? '' : `http://shop-${tag}.test/a.png`,
      pageId: null,
      imageId: kind === 'keyword' ? null : imageId,
      pictureId: null,
      evidence: kind === 'keyword' ? { kind, keywords: ['山海图'] } : { kind, method: 'global', distance: 6, overlap: 1 },
      snapshot: { key: snapshot, sha256: 'b'.repeat(64), title: `商品 ${i}`, text: '正文', fetchedAt: new Date('2026-11-20T02:00:00Z') },
      runId: null,
    };
    ids.push(...(await fileSuspects(testDb(), [s], new Date(Date.UTC(2026, 10, 20, 15, 0, i)))));
    filed.push(s);
  }
  return { user, caller, ipci, subscriptionId, ids, filed, tag };
}

afterAll(closeTestDb);

const list = async (caller: Caller, query = '') => (await caller.get(`/api/suspects${query}`)).body;

test('filed once per subscription, page and image, numbered ST + China day + serial', async () => {
  const { ids, filed, caller } = await withSuspects(['image', 'keyword']);
  expect(ids).toHaveLength(2);
  const rows = await testDb()('suspects').whereIn('id', ids).orderBy('detected_at');
  // 15:00 UTC on 20 November is 23:00 in China: still the 20th.
  for (const r of rows) expect(r.number).toMatch(SUSPECT_NUMBER_PATTERN);
  expect(rows[0].number.slice(0, 10)).toBe('ST20261120');
  expect(rows[0].number).not.toBe(rows[1].number);
  // Found again (same subscription, page and image): not filed, no number taken.
  expect(await fileSuspects(testDb(), filed, new Date('2026-11-20T16:01:00Z'))).toEqual([]);
  // 16:01 UTC is past midnight in China: the next day's number.
  const late = await fileSuspects(testDb(), [{ ...filed[1], pageUrl: `${filed[1].pageUrl}/late` }], new Date('2026-11-20T16:01:00Z'));
  const lateRow = await testDb()('suspects').where({ id: late[0] }).first();
  expect(lateRow.number.slice(0, 10)).toBe('ST20261121');
  expect(Number(lateRow.number.slice(10)) % 1_000_000).toBe((Number(rows[1].number.slice(10)) + 1) % 1_000_000);

  const body = await list(caller);
  expect(body.items.map((s: { id: string }) => s.id)).toEqual([late[0], ids[1], ids[0]]);
  expect(body.items[0]).toMatchObject({ imageUrl: null, matchKind: 'keyword', workTitle: '山海图', workTitles: IP_NAMES, hasCopy: false, reportId: null, evidence: { kind: 'keyword', keywords: ['山海图'] } });
  expect(body.items[2]).toMatchObject({ website: rows[0].website, imageUrl: rows[0].image_url, state: 'new', matchKind: 'image', hasCopy: true, evidence: { kind: 'image', distance: 6 }, detectedAt: '2026-11-20T15:00:00.000Z' });
});

test('list: newest first, keyset pages, filters by subscription, state and match, with the count of new ones', async () => {
  const { caller, ids, subscriptionId } = await withSuspects(['image', 'keyword', 'watermark', 'image', 'keyword']);
  const first = await list(caller, '?limit=2');
  expect(first.items.map((s: { id: string }) => s.id)).toEqual([ids[4], ids[3]]);
  expect(first.newCount).toBe(5);
  const second = await list(caller, `?limit=2&after=${first.next}`);
  const third = await list(caller, `?limit=2&after=${second.next}`);
  expect([...second.items, ...third.items].map((s: { id: string }) => s.id)).toEqual([ids[2], ids[1], ids[0]]);
  expect(third.next).toBeNull();

  expect((await list(caller, '?match=keyword')).items.map((s: { id: string }) => s.id)).toEqual([ids[4], ids[1]]);
  expect((await list(caller, `?subscriptionId=${subscriptionId}&match=watermark`)).items.map((s: { id: string }) => s.id)).toEqual([ids[2]]);
  expect((await caller.post(`/api/suspects/${ids[1]}/ignore`)).status).toBe(200);
  const ignored = await list(caller, '?state=ignored');
  expect(ignored.items.map((s: { id: string }) => s.id)).toEqual([ids[1]]);
  expect(ignored.newCount).toBe(4);
  expect((await list(caller, `?subscriptionId=${randomUUID()}`)).items).toEqual([]);

  // Bad input: 400 with field messages, never a 500.
  for (const q of ['?state=gone', '?match=x', '?limit=0', '?limit=101', '?after=nonsense', '?subscriptionId=1']) expect((await caller.get(`/api/suspects${q}`)).status).toBe(400);
});

test('detail: evidence, snapshot and previous/next in the list order under the same filter', async () => {
  const { caller, ids } = await withSuspects(['image', 'keyword', 'image', 'keyword']);
  const middle = (await caller.get(`/api/suspects/${ids[2]}`)).body;
  expect(middle).toMatchObject({ previousId: ids[3], nextId: ids[1] });
  expect(middle.suspect).toMatchObject({ id: ids[2], snapshot: { title: '商品 2', text: '正文', sha256: 'b'.repeat(64), fetchedAt: '2026-11-20T02:00:00.000Z', hasHtml: true }, original: null, report: null });
  // Filtered to image matches: the neighbours are the other image match, and the ends have none.
  expect((await caller.get(`/api/suspects/${ids[2]}?match=image`)).body).toMatchObject({ previousId: null, nextId: ids[0] });
  expect((await caller.get(`/api/suspects/${ids[0]}?match=image`)).body).toMatchObject({ previousId: ids[2], nextId: null });
  // A suspect outside the filter still has its place in the filtered list.
  expect((await caller.get(`/api/suspects/${ids[1]}?match=image`)).body).toMatchObject({ previousId: ids[2], nextId: ids[0] });
  expect((await caller.get(`/api/suspects/${ids[2]}?state=nonsense`)).status).toBe(400);
});

test("nobody reads or changes another user's suspects: 404 as for none; signed out 401", async () => {
  const { ids } = await withSuspects(['image']);
  const other = (await signedIn('personal')).caller;
  for (const path of ['', '/copy', '/snapshot']) expect((await other.get(`/api/suspects/${ids[0]}${path}`)).status).toBe(404);
  for (const action of ['ignore', 'unignore', 'authorise-site']) expect((await other.post(`/api/suspects/${ids[0]}/${action}`)).status).toBe(404);
  expect((await list(other)).items).toEqual([]);
  expect((await other.get(`/api/suspects/${randomUUID()}`)).status).toBe(404);
  expect((await other.get('/api/suspects/not-an-id')).status).toBe(404);
  expect((await fetch(`${apiBase()}/api/suspects/${ids[0]}`)).status).toBe(401);
  expect((await testDb()('suspects').where({ id: ids[0] }).first()).state).toBe('new');
});

test('ignore and unignore; a reported suspect cannot be ignored', async () => {
  const { caller, ids } = await withSuspects(['image', 'image']);
  const ignored = await caller.post(`/api/suspects/${ids[0]}/ignore`);
  expect(ignored.body.suspect).toMatchObject({ id: ids[0], state: 'ignored' });
  expect((await caller.post(`/api/suspects/${ids[0]}/ignore`)).status).toBe(409);
  expect((await caller.post(`/api/suspects/${ids[0]}/unignore`)).body.suspect.state).toBe('new');
  expect((await caller.post(`/api/suspects/${ids[0]}/unignore`)).status).toBe(409);
  await testDb()('suspects').where({ id: ids[1] }).update({ state: 'reported' });
  const refused = await caller.post(`/api/suspects/${ids[1]}/ignore`);
  expect(refused.status).toBe(409);
  expect(refused.body.message).toBe('A reported suspected infringement cannot be ignored');
});

test("authorising a suspect's site moves the user's new suspects there to authorised; taking it back makes them new", async () => {
  const { caller, ids, tag } = await withSuspects(['image', 'keyword', 'image', 'image']);
  await caller.post(`/api/suspects/${ids[2]}/ignore`);
  const r = await caller.post(`/api/suspects/${ids[0]}/authorise-site`);
  // Suspects 0 and 2 are on shop-<tag>.test (2 ignored stays ignored); 1 and 3 on another host.
  expect(r.body).toMatchObject({ host: `shop-${tag}.test`, affected: 1, suspect: { id: ids[0], state: 'authorised' } });
  expect((await caller.get(`/api/suspects/${ids[1]}`)).body.suspect.state).toBe('new');
  expect((await caller.get(`/api/suspects/${ids[2]}`)).body.suspect.state).toBe('ignored');
  // Unignored on an authorised site: authorised, as filing it now would make it.
  expect((await caller.post(`/api/suspects/${ids[2]}/unignore`)).body.suspect.state).toBe('authorised');

  const sites = (await caller.get('/api/monitoring/authorised-sites')).body;
  expect(sites).toEqual({ items: [{ id: expect.any(String), host: `shop-${tag}.test`, createdAt: expect.any(String) }], proposed: [] });
  // Added by hand: an address or a host with its port, kept as its host.
  const added = await caller.post('/api/monitoring/authorised-sites', { host: `HTTP://Other-${tag}.test:8080/some/page?x=1` });
  expect(added.status).toBe(201);
  expect(added.body).toMatchObject({ site: { host: `other-${tag}.test:8080` }, affected: 2 });
  expect((await caller.get(`/api/suspects/${ids[3]}`)).body.suspect.state).toBe('authorised');
  expect((await caller.post('/api/monitoring/authorised-sites', { host: `other-${tag}.test:8080` })).body.affected).toBe(0);

  const removed = await caller.request('DELETE', `/api/monitoring/authorised-sites/${added.body.site.id}`);
  expect(removed.status).toBe(204);
  expect((await caller.get(`/api/suspects/${ids[3]}`)).body.suspect.state).toBe('new');
  expect((await caller.request('DELETE', `/api/monitoring/authorised-sites/${added.body.site.id}`)).status).toBe(404);
  const other = (await signedIn('personal')).caller;
  expect((await other.request('DELETE', `/api/monitoring/authorised-sites/${sites.items[0].id}`)).status).toBe(404);
  expect((await other.get('/api/monitoring/authorised-sites')).body.items).toEqual([]);

  for (const host of ['', 'shop.test/path', 'ftp://shop.test', 'user@shop.test', 'a b.test', 'x'.repeat(300)]) {
    const bad = await caller.post('/api/monitoring/authorised-sites', { host });
    expect(bad.status).toBe(400);
  }
  expect((await caller.post('/api/monitoring/authorised-sites', { host: ['x'] })).status).toBe(400);
  expect((await caller.post('/api/monitoring/authorised-sites', { host: 'shop.test/x' })).body.fields.host).toBe("Enter the site's host name, e.g. shop.example.com");
});

test('the copy as found is a picture by its bytes; the snapshot only ever a download', async () => {
  const { caller, ids } = await withSuspects(['image', 'keyword']);
  const copy = await fetch(`${apiBase()}/api/suspects/${ids[0]}/copy`, { headers: { cookie: caller.cookie } });
  expect(copy.status).toBe(200);
  // Stored as application/octet-stream: the type comes from the bytes.
  expect(copy.headers.get('content-type')).toBe('image/png');
  expect(copy.headers.get('x-content-type-options')).toBe('nosniff');
  expect(Buffer.from(await copy.arrayBuffer())).toEqual(await png(64, 64));

  const snapshot = await fetch(`${apiBase()}/api/suspects/${ids[0]}/snapshot`, { headers: { cookie: caller.cookie } });
  expect(snapshot.status).toBe(200);
  expect(snapshot.headers.get('content-type')).toBe('application/octet-stream');
  expect(snapshot.headers.get('content-disposition')).toMatch(/^attachment; filename\*=UTF-8''ST\d{14}\.html$/);
  expect(await snapshot.text()).toContain('<script>');

  // A keyword match has no picture; a snapshot not kept is a 404 too.
  const none = await caller.get(`/api/suspects/${ids[1]}/copy`);
  expect(none.status).toBe(404);
  expect(none.body.message).toBe('No copy of the matched picture was kept for this suspected infringement');
  await testDb()('suspects').where({ id: ids[1] }).update({ snapshot_key: null });
  expect((await caller.get(`/api/suspects/${ids[1]}/snapshot`)).status).toBe(404);
  // A crawled SVG (or anything not a plain picture) is never shown on our origin.
  const svg = `crawl/images/test-${randomUUID()}`;
  await put(svg, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'image/svg+xml');
  const [{ id: svgImage }] = await testDb()('crawl_images').insert({ url: `http://svg-${randomUUID()}.test/x.svg`, thumbnail_key: svg }).returning('id');
  await testDb()('suspects').where({ id: ids[0] }).update({ image_id: svgImage });
  const asFile = await fetch(`${apiBase()}/api/suspects/${ids[0]}/copy`, { headers: { cookie: caller.cookie } });
  expect(asFile.headers.get('content-type')).toBe('application/octet-stream');
  expect(asFile.headers.get('content-disposition')).toMatch(/^attachment;/);
});
