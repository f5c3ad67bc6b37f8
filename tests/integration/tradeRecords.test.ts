import { randomUUID } from 'node:crypto';
import { creditScore } from '../../domain/credit';
import { formatIpciCode } from '../../domain/ipci';
import { insertTrade } from '../../db/trades';
import { listedIp } from '../support/catalogue';
import { Caller, closeTestDb, DEMO, png, signedIn, testDb } from '../support/http';

afterAll(closeTestDb);

const record = (ipciId: string, over: Record<string, unknown> = {}) => ({
  ipciId,
  licensee: '星光玩具有限公司',
  scope: ['toys', 'stationery'],
  sublicensing: 'N',
  exclusive: false,
  region: 'CN',
  termPermanent: false,
  termFrom: '2026-01-01',
  termTo: '2028-12-31',
  enteredOn: '2026-01-05',
  ...over,
});
const { ipciId: _omit, ...editable } = record(randomUUID());
void _omit;

const listing = (ipciId: string) => testDb()('ip_listings').where({ ipci_id: ipciId }).first();

describe('trade records (user centre)', () => {
  test('a holder adds, lists, reads, edits and hides their own records; each is a licence in force', async () => {
    const { user, caller } = await signedIn('enterprise');
    const ip = await listedIp(user.id);
    const voucher = (await caller.upload('licence', await png(), 'voucher.png')).body.id;
    const created = await caller.post('/api/trade-records', record(ip.id, { voucher }));
    expect(created.status).toBe(201);
    const r = created.body.record;
    expect(r).toMatchObject({ licensee: '星光玩具有限公司', scope: ['toys', 'stationery'], termFrom: '2026-01-01', termTo: '2028-12-31', voucher, visible: true, readOnly: false, tradeId: null });
    expect(created.body.uploads[voucher]).toMatchObject({ kind: 'licence' });
    expect(await testDb()('licences').where({ record_id: r.id }).first()).toMatchObject({ exclusive: false, channels: ['toys', 'stationery'], region: 'CN' });
    expect((await listing(ip.id)).trade_status).toBe('licensed');

    // Edit: exclusive and permanent; the licence follows, so the catalogue's status does.
    const edited = await caller.put(`/api/trade-records/${r.id}`, { ...editable, exclusive: true, termPermanent: true, termFrom: '', termTo: '', voucher });
    expect(edited.status).toBe(200);
    expect(edited.body.record).toMatchObject({ exclusive: true, termFrom: null, termTo: null });
    expect(await testDb()('licences').where({ record_id: r.id }).first()).toMatchObject({ exclusive: true, term_from: null, term_to: null });
    expect((await listing(ip.id)).trade_status).toBe('exclusive');

    expect((await caller.put(`/api/trade-records/${r.id}/visibility`, { visible: false })).body.record.visible).toBe(false);
    // The exclusive permanent licence now blocks an overlapping record (db/licences writeLicence); another region does not overlap.
    expect((await caller.post('/api/trade-records', record(ip.id, { licensee: 'B' }))).body).toMatchObject({ code: 'conflict', fields: { scope: expect.any(String) } });
    const second = (await caller.post('/api/trade-records', record(ip.id, { licensee: 'B', region: 'JP' }))).body.record;
    const page1 = await caller.get('/api/trade-records?limit=1');
    expect(page1.body.items.map((i: any) => i.id)).toEqual([second.id]);
    const page2 = await caller.get(`/api/trade-records?limit=1&after=${page1.body.next}`);
    expect(page2.body.items.map((i: any) => i.id)).toEqual([r.id]);
    expect(page2.body.next).toBeNull();
  });

  test("another user's record is 404; another's IP cannot get a record", async () => {
    const { user, caller } = await signedIn('enterprise');
    const ip = await listedIp(user.id);
    const id = (await caller.post('/api/trade-records', record(ip.id))).body.record.id;
    const { caller: other } = await signedIn('personal');
    expect((await other.get(`/api/trade-records/${id}`)).status).toBe(404);
    expect((await other.put(`/api/trade-records/${id}`, editable)).status).toBe(404);
    expect((await other.put(`/api/trade-records/${id}/visibility`, { visible: false })).status).toBe(404);
    const foreign = await other.post('/api/trade-records', record(ip.id));
    expect(foreign.status).toBe(400);
    expect(Object.keys(foreign.body.fields)).toEqual(['ipciId']);
    expect((await other.get('/api/trade-records')).body.items).toEqual([]);
  });

  test('bad input: term order, dates of a permanent term, unknown scope, a voucher of the wrong kind', async () => {
    const { user, caller } = await signedIn('enterprise');
    const ip = await listedIp(user.id);
    const order = await caller.post('/api/trade-records', record(ip.id, { termFrom: '2028-01-01', termTo: '2027-01-01' }));
    expect(order.status).toBe(400);
    expect(order.body.fields).toEqual({ termTo: 'The end date cannot be before the start date' });
    expect(Object.keys((await caller.post('/api/trade-records', record(ip.id, { termPermanent: true }))).body.fields).sort()).toEqual(['termFrom', 'termTo']);
    expect(Object.keys((await caller.post('/api/trade-records', record(ip.id, { scope: ['spaceships'] }))).body.fields)).toEqual(['scope']);
    expect(Object.keys((await caller.post('/api/trade-records', record(ip.id, { scope: [], sublicensing: 'X' }))).body.fields).sort()).toEqual(['scope', 'sublicensing']);
    const photo = (await caller.upload('idPhoto', await png(), 'id.png')).body.id;
    const wrongKind = await caller.post('/api/trade-records', record(ip.id, { voucher: photo }));
    expect(Object.keys(wrongKind.body.fields)).toEqual(['voucher']);
    // The voucher's content is checked on upload: a text file is no document or image.
    expect((await caller.upload('licence', Buffer.from('just text'), 'voucher.pdf')).status).toBe(415);
    expect(await testDb()('trade_records').where({ user_id: user.id }).first()).toBeUndefined();
  });
});

/** A completed trade between a fresh buyer and seller, with the record and licence its completion writes. */
async function completedTrade() {
  const { user: seller, caller: sellerCaller } = await signedIn('enterprise');
  const { user: buyer, caller: buyerCaller } = await signedIn('personal');
  const ip = await listedIp(seller.id);
  const row = await insertTrade(testDb(), { mode: 'entrusted', ipciId: ip.id, buyerId: buyer.id, sellerId: seller.id, step: 'platformContact', application: { manual: false } });
  if (row === 'alreadyOpen') throw new Error('unexpected');
  return { seller, sellerCaller, buyer, buyerCaller, ip, trade: row };
}
const complete = (id: string) => testDb()('trades').where({ id }).update({ state: 'completed', step: 'done', completed_at: new Date() });

describe('evaluations and credit', () => {
  test('both sides evaluate a completed trade once; the buyer rates the listing; credit follows the stars received', async () => {
    const { seller, sellerCaller, buyer, buyerCaller, ip, trade } = await completedTrade();
    const path = `/api/trades/${trade.id}/evaluation`;
    expect((await buyerCaller.post(path, { stars: 5, comment: 'Smooth' })).body).toMatchObject({ code: 'conflict', message: 'A trade can be evaluated once it is completed' });
    await complete(trade.id);
    const { caller: stranger } = await signedIn('personal');
    expect((await stranger.post(path, { stars: 1 })).status).toBe(404);
    expect((await buyerCaller.post(path, { stars: 6 })).status).toBe(400);

    const byBuyer = await buyerCaller.post(path, { stars: 4, comment: 'Good partner', anonymous: true });
    expect(byBuyer.status).toBe(201);
    expect(byBuyer.body.evaluation).toMatchObject({ side: 'buyer', stars: 4, anonymous: true, to: { id: seller.id } });
    expect((await buyerCaller.post(path, { stars: 5 })).body).toMatchObject({ code: 'conflict', message: 'You have already evaluated this trade' });
    expect((await sellerCaller.post(path, { stars: 2, comment: 'Paid late' })).status).toBe(201);

    // The listing's rating counts the buyer's stars only; each side's credit their received stars.
    expect(await listing(ip.id)).toMatchObject({ rating_count: 1, rating_sum: 4 });
    const received = await sellerCaller.get('/api/evaluations/received');
    expect(received.body.items).toHaveLength(1);
    // Anonymous: the evaluated seller does not learn who wrote it.
    expect(received.body.items[0]).toMatchObject({ stars: 4, from: null, comment: 'Good partner' });
    expect(received.body.credit).toEqual(creditScore(4, 1));
    expect(received.body.credit).toEqual({ score: 80, count: 1, averageStars: 4 });
    expect((await buyerCaller.get('/api/evaluations/received')).body.credit).toEqual({ score: 73, count: 1, averageStars: 2 });

    // Staff see the evaluator; filters by stars and side.
    const admin = await new Caller().login(...DEMO.admin);
    const detail = await admin.get(`/api/admin/evaluations/${byBuyer.body.evaluation.id}`);
    expect(detail.body.evaluation.from).toEqual({ id: buyer.id, name: expect.any(String) });
    const byCode = await admin.get(`/api/admin/evaluations?q=${ip.code}`);
    expect(byCode.body.items.map((e: any) => e.side).sort()).toEqual(['buyer', 'seller']);
    expect((await admin.get(`/api/admin/evaluations?q=${ip.code}&stars=2`)).body.items.map((e: any) => e.side)).toEqual(['seller']);
    expect((await admin.get(`/api/admin/evaluations?q=${ip.code}&side=buyer`)).body.items.map((e: any) => e.stars)).toEqual([4]);
    expect((await sellerCaller.get('/api/admin/evaluations')).status).toBe(403);
  });

  test('a record written by a completed trade may only be shown or hidden', async () => {
    const { seller, sellerCaller, ip, trade } = await completedTrade();
    const [rec] = await testDb()('trade_records')
      .insert({ ipci_id: ip.id, user_id: seller.id, trade_id: trade.id, licensee: 'x', scope: ['toys'], sublicensing: 'N', entered_on: '2026-01-01' })
      .returning('id');
    expect((await sellerCaller.get(`/api/trade-records/${rec.id}`)).body.record).toMatchObject({ readOnly: true, tradeId: trade.id });
    expect((await sellerCaller.put(`/api/trade-records/${rec.id}`, editable)).body).toMatchObject({ code: 'conflict' });
    expect((await sellerCaller.put(`/api/trade-records/${rec.id}/visibility`, { visible: false })).body.record.visible).toBe(false);
  });
});

describe('back office trade records', () => {
  test('admins add a record for any IP in its holder\'s name, search, read and edit it; users may not', async () => {
    const { user: holder, caller: holderCaller } = await signedIn('enterprise');
    const ip = await listedIp(holder.id);
    const admin = await new Caller().login(...DEMO.admin);
    // The add form names the IP by its code, as printed (dashes) or not.
    const lookup = await admin.get(`/api/admin/trade-records/ipci?code=${encodeURIComponent(formatIpciCode(ip.code).toLowerCase())}`);
    expect(lookup.body.ipci).toMatchObject({ id: ip.id, code: ip.code, owner: { id: holder.id } });
    expect((await admin.get('/api/admin/trade-records/ipci?code=IPCI0000')).status).toBe(404);
    expect((await holderCaller.get(`/api/admin/trade-records/ipci?code=${ip.code}`)).status).toBe(403);
    const created = await admin.post('/api/admin/trade-records', record(ip.id, { licensee: 'Admin Added Ltd' }));
    expect(created.status).toBe(201);
    expect(created.body.record.userId).toBe(holder.id);
    expect((await holderCaller.get(`/api/trade-records/${created.body.record.id}`)).status).toBe(200);
    const found = await admin.get(`/api/admin/trade-records?q=${encodeURIComponent('admin added ltd')}`);
    expect(found.body.items.map((r: any) => r.id)).toContain(created.body.record.id);
    expect((await admin.get(`/api/admin/trade-records?ipciId=${ip.id}&source=manual`)).body.items).toHaveLength(1);
    const edited = await admin.put(`/api/admin/trade-records/${created.body.record.id}`, { ...editable, licensee: 'Renamed' });
    expect(edited.body.record.licensee).toBe('Renamed');
    expect((await holderCaller.get('/api/admin/trade-records')).status).toBe(403);
    expect((await admin.post('/api/admin/trade-records', record(randomUUID()))).status).toBe(400);
  });
});

describe('dictionaries', () => {
  test('public reads; admin-only writes; ipCategory codes are fixed, rightScope is open', async () => {
    const scopes = await new Caller().get('/api/dictionaries/rightScope');
    expect(scopes.status).toBe(200);
    expect(scopes.body.items.map((e: any) => e.code)).toEqual(expect.arrayContaining(['toys', 'apparel', 'offlineRetail']));
    const categories = (await new Caller().get('/api/dictionaries/ipCategory')).body.items;
    expect(categories.find((e: any) => e.code === 'animation')).toEqual({ code: 'animation', labels: { 'zh-CN': '动画', 'en-US': 'Animation', 'ja-JP': 'アニメーション' }, sort: 10, active: true });
    expect((await new Caller().get('/api/dictionaries/nope')).status).toBe(404);

    const { caller: user } = await signedIn('personal');
    const entry = { code: `scope${Date.now()}`, labels: { 'zh-CN': '主题公园', 'en-US': 'Theme parks', 'ja-JP': 'テーマパーク' }, sort: 200 };
    expect((await user.post('/api/admin/dictionaries/rightScope', entry)).status).toBe(403);
    const admin = await new Caller().login(...DEMO.admin);
    expect((await admin.post('/api/admin/dictionaries/rightScope', entry)).status).toBe(201);
    expect((await admin.post('/api/admin/dictionaries/rightScope', entry)).status).toBe(409);
    expect((await admin.post('/api/admin/dictionaries/ipCategory', { ...entry, code: 'newCategory' })).body).toMatchObject({ code: 'conflict' });
    const bad = await admin.post('/api/admin/dictionaries/rightScope', { code: 'has space', labels: { 'zh-CN': '', 'en-US': 'x', 'ja-JP': 'x' } });
    expect(Object.keys(bad.body.fields).sort()).toEqual(['code', 'labels.zh-CN']);

    // Deactivating keeps the entry readable (stored data) but it leaves forms: new records refuse it.
    const off = await admin.put(`/api/admin/dictionaries/rightScope/${entry.code}`, { labels: entry.labels, sort: 200, active: false });
    expect(off.body.entry).toMatchObject({ code: entry.code, active: false });
    expect((await admin.put('/api/admin/dictionaries/ipCategory/animation', { labels: { 'zh-CN': '动画片', 'en-US': 'Animation', 'ja-JP': 'アニメーション' }, sort: 10, active: true })).body.entry.labels['zh-CN']).toBe('动画片');
    expect((await admin.put('/api/admin/dictionaries/ipCategory/unknown', { labels: entry.labels })).status).toBe(404);
    await admin.put('/api/admin/dictionaries/ipCategory/animation', { labels: { 'zh-CN': '动画', 'en-US': 'Animation', 'ja-JP': 'アニメーション' }, sort: 10, active: true });
    const { user: holder, caller } = await signedIn('enterprise');
    const ip = await listedIp(holder.id);
    expect(Object.keys((await caller.post('/api/trade-records', record(ip.id, { scope: [entry.code] }))).body.fields)).toEqual(['scope']);
    const admins = (await admin.get('/api/admin/dictionaries/rightScope')).body;
    expect(admins).toMatchObject({ open: true });
    expect(admins.items.find((e: any) => e.code === entry.code).active).toBe(false);
  });
});
