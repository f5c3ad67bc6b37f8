import { randomInt, randomUUID } from 'node:crypto';
import { addDays, statisticsRange } from '../../domain/antiAdmin';
import { chinaDate } from '../../domain/dates';
import { ORDER_STATE } from '../../domain/orders';
import { Caller, closeTestDb, DEMO, newUser, signedIn, testDb } from '../support/http';
import { ipciRow } from '../support/ipcis';

/**
 * The anti-counterfeiting back office (issue 14): antifakeOrder, antiStatistics and the watermark and
 * detection views, on rows written straight into the tables (the services that write them are other
 * modules'); admins with the elements only.
 */
let admin: Caller;
let user: Caller;
beforeAll(async () => {
  admin = await new Caller().login(...DEMO.admin);
  user = (await signedIn('personal')).caller;
});
afterAll(closeTestDb);

const MB = 1024 * 1024;
const db = () => testDb();

async function packageRow(name = `防伪${randomUUID().slice(0, 6)}`) {
  const [p] = await db()('capacity_packages')
    .insert({ name_zh: name, name_en: `${name} en`, name_ja: `${name} ja`, capacity: 10, capacity_unit: 'G', capacity_bytes: 10 * 1024 * MB, validity_months: 12, price_fen: 19_900, on_sale: true })
    .returning('*');
  return p as { id: string; name_zh: string };
}

interface OrderOver {
  state?: number;
  amount?: number;
  preferential?: number;
  createdAt?: Date;
  paidAt?: Date | null;
  type?: string;
}

async function orderRow(userId: string, pkg: { id: string; name_zh: string }, o: OrderOver = {}) {
  const tag = randomUUID();
  const state = o.state ?? ORDER_STATE.completed;
  const paid = state === ORDER_STATE.paid || state === ORDER_STATE.completed;
  const [row] = await db()('orders')
    .insert({
      order_no: `A${tag.replace(/-/g, '').slice(0, 20)}`,
      dedupe_key: `anti-admin-test/${tag}`,
      user_id: userId,
      type: o.type ?? 'antiCounterfeit',
      subject_kind: 'capacityPackage',
      subject_id: pkg.id,
      name: pkg.name_zh,
      amount: o.amount ?? 19_900,
      preferential_amount: o.preferential ?? 0,
      order_state: state,
      workflow_id: `anti-admin-test/${tag}`,
      created_at: o.createdAt ?? new Date(),
      deadline_at: new Date(),
      paid_at: o.paidAt !== undefined ? o.paidAt : paid ? new Date() : null,
      anti_package: JSON.stringify({ packageId: pkg.id, nameZh: pkg.name_zh, nameEn: '', nameJa: '', capacity: 10, capacityUnit: 'G', bytes: 10 * 1024 * MB, validityMonths: 12, priceFen: 19_900 }),
    })
    .returning('*');
  return row as { id: string; order_no: string };
}

async function grantRow(userId: string, order: { id: string }, pkg: { id: string }, bytes: number, at: Date) {
  await db()('capacity_grants').insert({
    user_id: userId,
    order_id: order.id,
    package_id: pkg.id,
    package: JSON.stringify({ packageId: pkg.id, nameZh: '套餐', nameEn: '', nameJa: '', capacity: 10, capacityUnit: 'G', bytes, validityMonths: 12, priceFen: 100 }),
    bytes,
    starts_at: at,
    expires_at: new Date(at.getTime() + 365 * 86_400_000),
    created_at: at,
  });
}

async function galleryRow(userId: string, kind: 'original' | 'watermarked', size: number, at: Date, name = 'photo.jpg') {
  const [upload] = await db()('uploads')
    .insert({ owner_id: userId, kind: 'gallery', mime: 'image/jpeg', ext: 'jpg', size, original_name: name, storage_key: `anti-admin-test/${randomUUID()}` })
    .returning('id');
  const [file] = await db()('gallery_files').insert({ user_id: userId, upload_id: upload.id, kind, size, created_at: at }).returning('id');
  return file.id as string;
}

const randomMark = () => BigInt.asIntN(64, BigInt(`0x${randomUUID().replace(/-/g, '').slice(0, 16)}`)).toString();

async function itemRow(userId: string, media: 'image' | 'video', o: { state?: string; at?: Date; ipciId?: string | null; copyFileId?: string | null; sourceName?: string; error?: string | null } = {}) {
  const [batch] = await db()('watermark_batches').insert({ user_id: userId, media, total: 1 }).returning('id');
  const [item] = await db()('watermark_items')
    .insert({
      batch_id: batch.id,
      user_id: userId,
      media,
      source_name: o.sourceName ?? `${media}-${randomUUID().slice(0, 6)}.${media === 'image' ? 'jpg' : 'mp4'}`,
      copy_file_id: o.copyFileId ?? null,
      ipci_id: o.ipciId ?? null,
      mark: randomMark(),
      state: o.state ?? 'done',
      error: o.error ?? null,
      file_size: 123_456,
      created_at: o.at ?? new Date(),
    })
    .returning('id');
  return item.id as string;
}

async function checkRow(o: { media?: 'image' | 'video'; found: boolean; at?: Date; origin?: string; checkerId?: string | null; itemId?: string | null; ownerId?: string | null; fileName?: string }) {
  const [row] = await db()('watermark_checks')
    .insert({
      checked_at: o.at ?? new Date(),
      origin: o.origin ?? 'public',
      checker_id: o.checkerId ?? null,
      media: o.media ?? 'image',
      found: o.found,
      item_id: o.itemId ?? null,
      owner_id: o.ownerId ?? null,
      file_name: o.fileName ?? 'suspect.jpg',
      file_size: 2048,
      sha256: 'a'.repeat(64),
    })
    .returning('id');
  return row.id as string;
}

/** Newer than anything else in the database, one step per row, so a list's first page is this test's rows. */
let clock = Date.now() + 10 * 365 * 86_400_000;
const later = () => new Date((clock += 1000));

test('every route is for admins with the element: 401 anonymous, 403 for a user and for an admin without the element', async () => {
  const routes = ['/api/admin/antiOrders', `/api/admin/antiOrders/${randomUUID()}`, '/api/admin/antiStatistics', '/api/admin/watermarkItems?media=image', '/api/admin/watermarkChecks'];
  for (const path of routes) {
    expect([path, (await new Caller().get(path)).status]).toEqual([path, 401]);
    expect([path, (await user.get(path)).status]).toEqual([path, 403]);
  }
  // An admin role that lost one element is refused that area only (restored for the other tests).
  await db()('role_elements').where({ role: 'admin', element_id: 'admin.watermarks.view' }).delete();
  try {
    expect((await admin.get('/api/admin/watermarkChecks')).status).toBe(403);
    expect((await admin.get('/api/admin/watermarkItems?media=video')).status).toBe(403);
    expect((await admin.get('/api/admin/antiOrders')).status).toBe(200);
  } finally {
    await db()('role_elements').insert({ role: 'admin', element_id: 'admin.watermarks.view' }).onConflict(['role', 'element_id']).ignore();
  }
  expect((await admin.get('/api/admin/watermarkChecks')).status).toBe(200);
});

describe('antifakeOrder', () => {
  test('lists only package orders, newest first with the buyer; filters by bill state; finds by order number or buyer; pages by keyset', async () => {
    const buyer = await newUser('personal');
    await db()('users').where({ id: buyer.id }).update({ display_name: `买家${buyer.username}` });
    const pkg = await packageRow();
    const paid = await orderRow(buyer.id, pkg, { createdAt: later() });
    const unpaid = await orderRow(buyer.id, pkg, { state: ORDER_STATE.unpaid, createdAt: later() });
    const cancelled = await orderRow(buyer.id, pkg, { state: ORDER_STATE.cancelled, createdAt: later() });
    const other = await orderRow(buyer.id, pkg, { type: 'certification', createdAt: later() });

    const list = async (query: string) => {
      const r = await admin.get(`/api/admin/antiOrders?${query}`);
      expect(r.status).toBe(200);
      return r.body as { items: Array<{ id: string; orderNo: string; buyer: { username: string; displayName: string }; antiPackage: unknown }>; next: string | null };
    };
    const first = await list('limit=3');
    expect(first.items.map((o) => o.id)).toEqual([cancelled.id, unpaid.id, paid.id]);
    expect(first.items[0].buyer).toMatchObject({ username: buyer.username, displayName: `买家${buyer.username}` });
    expect(first.items[0].antiPackage).toMatchObject({ capacity: 10, capacityUnit: 'G' });

    const byBuyer = async (query: string) => (await list(`q=${buyer.username}&${query}`)).items.map((o) => o.id);
    expect(await byBuyer('')).toEqual([cancelled.id, unpaid.id, paid.id]);
    expect(await byBuyer('')).not.toContain(other.id);
    expect(await byBuyer('bill=successful')).toEqual([paid.id]);
    expect(await byBuyer('bill=unpaid')).toEqual([unpaid.id]);
    expect(await byBuyer('bill=failed')).toEqual([cancelled.id]);
    expect(await byBuyer('bill=ongoing')).toEqual([]);
    expect((await list(`q=${encodeURIComponent(`买家${buyer.username}`)}`)).items).toHaveLength(3);
    expect((await list(`q=${buyer.username.toUpperCase()}`)).items).toHaveLength(3);
    expect((await list(`q=${paid.order_no}`)).items.map((o) => o.id)).toEqual([paid.id]);
    expect((await list(`q=${other.order_no}`)).items).toEqual([]);
    // Like's wildcards are text, not patterns.
    expect((await list('q=%25')).items).toEqual([]);

    const one = await list(`q=${buyer.username}&limit=1`);
    expect(one.next).toEqual(expect.any(String));
    const two = await list(`q=${buyer.username}&limit=1&after=${one.next}`);
    const three = await list(`q=${buyer.username}&limit=1&after=${two.next}`);
    expect([...one.items, ...two.items, ...three.items].map((o) => o.id)).toEqual([cancelled.id, unpaid.id, paid.id]);
    expect(three.next).toBeNull();
  });

  test('detail: the order as ordered, the buyer and the grant it gave; 404 for another type, an unknown id or no id', async () => {
    const buyer = await newUser('personal');
    const pkg = await packageRow();
    const order = await orderRow(buyer.id, pkg, { amount: 30_000, preferential: 1_000 });
    const before = (await admin.get(`/api/admin/antiOrders/${order.id}`)).body;
    expect(before).toMatchObject({ order: { id: order.id, amount: 30_000, payable: 29_000, buyer: { username: buyer.username } }, grant: null });
    const startsAt = new Date('2026-01-31T04:00:00Z');
    await grantRow(buyer.id, order, pkg, 10 * 1024 * MB, startsAt);
    const after = (await admin.get(`/api/admin/antiOrders/${order.id}`)).body;
    expect(after.grant).toMatchObject({ orderId: order.id, bytes: 10 * 1024 * MB, startsAt: startsAt.toISOString(), capacityUnit: 'G' });

    const other = await orderRow(buyer.id, pkg, { type: 'certification' });
    expect((await admin.get(`/api/admin/antiOrders/${other.id}`)).status).toBe(404);
    expect((await admin.get(`/api/admin/antiOrders/${randomUUID()}`)).status).toBe(404);
    expect((await admin.get('/api/admin/antiOrders/not-an-id')).status).toBe(404);
  });

  test('bad queries are 400 with the field named in the caller language', async () => {
    for (const query of ['bill=paid', 'limit=0', 'limit=101', 'after=xyz', `q=${'x'.repeat(101)}`, 'bill=unpaid&bill=failed']) {
      const r = await admin.get(`/api/admin/antiOrders?${query}`);
      expect([query, r.status]).toEqual([query, 400]);
    }
    const zh = await new Caller('zh-CN').login(...DEMO.admin);
    const r = await zh.get('/api/admin/antiOrders?bill=paid');
    expect(r.body.fields.bill).toMatch(/[\u4e00-\u9fff]/);
  });
});

describe('antiStatistics', () => {
  test('sums each figure per China day: a row at 23:59:59 China time counts on its day, one at 00:00 on the next, one a millisecond before the range not at all', async () => {
    // A range of its own, years back, so nothing else written by the tests falls in it.
    const from = addDays('2001-01-01', randomInt(0, 6000));
    const to = addDays(from, 1);
    const chinaMidnight = (day: string) => new Date(`${day}T00:00:00+08:00`);
    const lastSecondOfFirst = new Date(chinaMidnight(to).getTime() - 1000); // 23:59:59 on `from`
    const midnight = chinaMidnight(to); // 00:00 on `to`, 16:00 UTC the day before
    const beforeRange = new Date(chinaMidnight(from).getTime() - 1);
    const afterRange = chinaMidnight(addDays(to, 1));
    expect(chinaDate(midnight)).toBe(to);
    expect(midnight.toISOString().slice(0, 10)).toBe(from); // UTC still on the first day: the China day decides

    const buyer = await newUser('personal');
    const [small, large] = [await packageRow('小套餐'), await packageRow('大套餐')];
    const sold = async (pkg: typeof small, paidAt: Date, amount: number, o: OrderOver = {}) => orderRow(buyer.id, pkg, { paidAt, amount, ...o });
    const a = await sold(small, lastSecondOfFirst, 10_000);
    await sold(large, midnight, 50_000, { preferential: 5_000 });
    await sold(small, midnight, 10_000);
    await sold(small, beforeRange, 10_000);
    await sold(small, afterRange, 10_000);
    await sold(large, midnight, 50_000, { state: ORDER_STATE.cancelled, paidAt: midnight }); // not paid in the end
    await sold(large, midnight, 50_000, { type: 'certification' });

    await grantRow(buyer.id, a, small, 3 * MB, lastSecondOfFirst);
    const b = await orderRow(buyer.id, small, {});
    await grantRow(buyer.id, b, small, 5 * MB, midnight);
    const c = await orderRow(buyer.id, small, {});
    await grantRow(buyer.id, c, small, 7 * MB, beforeRange);

    await galleryRow(buyer.id, 'original', 100, lastSecondOfFirst);
    await galleryRow(buyer.id, 'watermarked', 40, lastSecondOfFirst);
    await galleryRow(buyer.id, 'original', 1000, midnight);
    await galleryRow(buyer.id, 'watermarked', 400, afterRange);

    await checkRow({ found: true, at: lastSecondOfFirst });
    await checkRow({ found: false, at: lastSecondOfFirst });
    await checkRow({ found: false, at: midnight, media: 'video' });
    await checkRow({ found: true, at: beforeRange });

    const r = await admin.get(`/api/admin/antiStatistics?from=${from}&to=${to}`);
    expect(r.status).toBe(200);
    const s = r.body;
    expect([s.from, s.to]).toEqual([from, to]);
    expect(s.sold.days).toEqual([
      { day: from, count: 1, amount: 10_000 },
      { day: to, count: 2, amount: 55_000 },
    ]);
    expect(s.sold.total).toEqual({ count: 3, amount: 65_000 });
    expect(s.sold.packages).toEqual([
      expect.objectContaining({ packageId: small.id, names: expect.objectContaining({ zh: '小套餐' }), count: 2, amount: 20_000 }),
      expect.objectContaining({ packageId: large.id, count: 1, amount: 45_000 }),
    ]);
    expect(s.recharged.days).toEqual([
      { day: from, count: 1, bytes: 3 * MB },
      { day: to, count: 1, bytes: 5 * MB },
    ]);
    expect(s.recharged.total).toEqual({ count: 2, bytes: 8 * MB });
    expect(s.consumed.days).toEqual([
      { day: from, original: 100, watermarked: 40 },
      { day: to, original: 1000, watermarked: 0 },
    ]);
    expect(s.consumed.total).toEqual({ original: 1100, watermarked: 40 });
    expect(s.checks.days).toEqual([
      { day: from, found: 1, notFound: 1 },
      { day: to, found: 0, notFound: 1 },
    ]);
    expect(s.checks.total).toEqual({ found: 1, notFound: 2 });
  });

  test('without dates the last 30 China days up to today, every day present; one end alone gives 30 days from or to it', async () => {
    const today = chinaDate(new Date());
    const r = await admin.get('/api/admin/antiStatistics');
    expect(r.status).toBe(200);
    expect(r.body.to).toBe(today);
    expect(r.body.from).toBe(addDays(today, -29));
    expect(r.body.sold.days).toHaveLength(30);
    expect(r.body.checks.days.map((d: { day: string }) => d.day)).toEqual(Array.from({ length: 30 }, (_, i) => addDays(today, i - 29)));
    expect((await admin.get('/api/admin/antiStatistics?from=2024-02-15')).body.to).toBe('2024-03-15');
    expect((await admin.get('/api/admin/antiStatistics?to=2024-03-15')).body.from).toBe('2024-02-15');
    expect(statisticsRange({ from: '2024-01-01', to: '2024-12-31' })).toEqual({ from: '2024-01-01', to: '2024-12-31' });
    // A whole leap year is allowed, a day more is not.
    expect((await admin.get('/api/admin/antiStatistics?from=2024-01-01&to=2024-12-31')).body.sold.days).toHaveLength(366);
  });

  test('a bad range is 400 naming the field, in three languages', async () => {
    const bad: Array<[string, string]> = [
      ['from=2024-03-02&to=2024-03-01', 'to'],
      ['from=2024-01-01&to=2025-01-01', 'to'],
      ['from=2024-02-30', 'from'],
      ['to=tomorrow', 'to'],
      ['from=2024-01-01&from=2024-01-02', 'from'],
    ];
    for (const [query, field] of bad) {
      const r = await admin.get(`/api/admin/antiStatistics?${query}`);
      expect([query, r.status, Object.keys(r.body.fields ?? {})]).toEqual([query, 400, [field]]);
    }
    const messages = [];
    for (const lang of ['zh-CN', 'en-US', 'ja-JP']) {
      const caller = await new Caller(lang).login(...DEMO.admin);
      messages.push((await caller.get('/api/admin/antiStatistics?from=2024-01-01&to=2025-06-01')).body.fields.to);
    }
    expect(messages[1]).toBe('At most 366 days at once');
    expect(new Set(messages).size).toBe(3);
    expect(messages.every((m) => m.includes('366'))).toBe(true);
  });
});

describe('watermark and detection views', () => {
  test('image and video watermark: one medium each, newest first, by watermarkState, with the user, the source, size, the IPCI and the error; keyset pages', async () => {
    const owner = await newUser('personal');
    const ipci = await ipciRow(owner.id);
    const done = await itemRow(owner.id, 'image', { at: later(), ipciId: ipci.id, sourceName: '海报.jpg' });
    const failed = await itemRow(owner.id, 'image', { at: later(), state: 'failed', error: 'watermark.tooSmall' });
    const video = await itemRow(owner.id, 'video', { at: later() });

    const list = async (query: string) => {
      const r = await admin.get(`/api/admin/watermarkItems?${query}`);
      expect(r.status).toBe(200);
      return r.body as { items: Array<Record<string, any>>; next: string | null };
    };
    const images = await list('media=image&limit=2');
    expect(images.items.map((i) => i.id)).toEqual([failed, done]);
    expect(images.items[1]).toMatchObject({
      media: 'image',
      user: { id: owner.id, username: owner.username },
      sourceName: '海报.jpg',
      fileSize: 123_456,
      watermarkState: 'done',
      ipciCode: ipci.code,
      ipNames: { zh: '山海图' },
      error: null,
    });
    expect(images.items[0]).toMatchObject({ watermarkState: 'failed', error: 'watermark.tooSmall', ipciCode: null });
    expect((await list('media=video&limit=1')).items.map((i) => i.id)).toEqual([video]);
    expect((await list('media=image&state=failed&limit=1')).items.map((i) => i.id)).toEqual([failed]);
    expect((await list('media=image&state=done&limit=1')).items.map((i) => i.id)).toEqual([done]);

    const page1 = await list('media=image&limit=1');
    const page2 = await list(`media=image&limit=1&after=${page1.next}`);
    expect([...page1.items, ...page2.items].map((i) => i.id)).toEqual([failed, done]);

    for (const query of ['', 'media=audio', 'media=image&state=lost', 'media=image&media=video', 'media=image&limit=-1']) {
      expect([query, (await admin.get(`/api/admin/watermarkItems?${query}`)).status]).toEqual([query, 400]);
    }
  });

  test('detection: by medium, found or not and origin, with checker and owner; detected watermark: found checks of any medium with the item, its copy and the IPCI', async () => {
    const owner = await newUser('personal');
    const checker = await newUser('personal');
    const ipci = await ipciRow(owner.id);
    const copy = await galleryRow(owner.id, 'watermarked', 5000, new Date(), '海报-watermarked.jpg');
    const item = await itemRow(owner.id, 'image', { ipciId: ipci.id, copyFileId: copy, sourceName: '海报.jpg' });
    const videoItem = await itemRow(owner.id, 'video', {});

    const visitorMiss = await checkRow({ found: false, at: later(), fileName: 'random.png' });
    const ownerHit = await checkRow({ found: true, at: later(), origin: 'owner', checkerId: owner.id, itemId: item, ownerId: owner.id });
    const visitorHit = await checkRow({ found: true, at: later(), checkerId: checker.id, itemId: item, ownerId: owner.id });
    const videoHit = await checkRow({ found: true, at: later(), media: 'video', itemId: videoItem, ownerId: owner.id });

    const ids = async (query: string) => {
      const r = await admin.get(`/api/admin/watermarkChecks?${query}`);
      expect(r.status).toBe(200);
      return r.body.items.map((c: { id: string }) => c.id);
    };
    expect(await ids('media=image&limit=3')).toEqual([visitorHit, ownerHit, visitorMiss]);
    expect(await ids('media=image&found=false&limit=1')).toEqual([visitorMiss]);
    expect(await ids('media=image&found=true&origin=owner&limit=1')).toEqual([ownerHit]);
    expect(await ids('media=video&limit=1')).toEqual([videoHit]);
    expect(await ids('found=true&limit=3')).toEqual([videoHit, visitorHit, ownerHit]);

    const detail = (await admin.get('/api/admin/watermarkChecks?found=true&limit=2')).body.items[1];
    expect(detail).toMatchObject({
      id: visitorHit,
      origin: 'public',
      found: true,
      checker: { id: checker.id, username: checker.username },
      owner: { id: owner.id, username: owner.username },
      item: { id: item, sourceName: '海报.jpg', copyName: '海报-watermarked.jpg' },
      ipciCode: ipci.code,
      fileName: 'suspect.jpg',
      fileSize: 2048,
    });
    const miss = (await admin.get('/api/admin/watermarkChecks?media=image&found=false&limit=1')).body.items[0];
    expect(miss).toMatchObject({ checker: null, owner: null, item: null, ipciCode: null, fileName: 'random.png' });

    const p1 = (await admin.get('/api/admin/watermarkChecks?found=true&limit=2')).body;
    const p2 = (await admin.get(`/api/admin/watermarkChecks?found=true&limit=1&after=${p1.next}`)).body;
    expect([...p1.items, ...p2.items].map((c: { id: string }) => c.id)).toEqual([videoHit, visitorHit, ownerHit]);

    for (const query of ['found=maybe', 'origin=robot', 'media=audio', 'found=true&found=false']) {
      expect([query, (await admin.get(`/api/admin/watermarkChecks?${query}`)).status]).toEqual([query, 400]);
    }
  });
});
