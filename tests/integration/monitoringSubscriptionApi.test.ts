import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { MAX_KEYWORDS, MAX_PICTURES } from '../../domain/monitoring';
import { DEFAULT_FEE_TABLE } from '../../domain/orders';
import { Caller, png, signedIn, testDb } from '../support/http';
import { ipciRow } from '../support/ipcis';
import { staffAndTemporal } from '../support/staffAndTemporal';

staffAndTemporal({ signIn: [] });

/** A flat square picture; jpg or png. */
const square = (side: number, format: 'jpeg' | 'png' = 'jpeg') =>
  sharp({ create: { width: side, height: side, channels: 3, background: { r: 200, g: 120, b: 30 } } })[format]().toBuffer();

/** A logo: a disc on a transparent ground (no background), or the same disc on white. */
async function logo(transparent: boolean): Promise<Buffer> {
  const svg = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600"><circle cx="300" cy="300" r="240" fill="#c03020"/></svg>`);
  const ground = transparent ? { r: 0, g: 0, b: 0, alpha: 0 } : { r: 255, g: 255, b: 255, alpha: 1 };
  return sharp({ create: { width: 600, height: 600, channels: 4, background: ground } })
    .composite([{ input: svg }])
    .png()
    .toBuffer();
}

const orderBody = (ipciId: string, over: Record<string, unknown> = {}) => ({ ipciId, plan: 'month', noRefundAccepted: true, ...over });

test('plans with the fee table prices for anyone; a user picks among their own IPCIs, each valid or with its reason', async () => {
  expect((await new Caller().get('/api/monitoring/plans')).body).toEqual({
    plans: [
      { plan: 'month', days: 30, priceFen: DEFAULT_FEE_TABLE.monitoringMonth },
      { plan: 'year', days: 365, priceFen: DEFAULT_FEE_TABLE.monitoringYear },
    ],
  });
  const { user, caller } = await signedIn('personal');
  const valid = await ipciRow(user.id);
  const revoked = await ipciRow(user.id, { invalid_at: new Date(), invalid_reason: 'revoked' });
  const lapsed = await ipciRow(user.id, { valid_until: '2020-01-01' });
  const down = await ipciRow(user.id, { title_taken_down: true });
  const tradeDown = await ipciRow(user.id, { trade_taken_down: true });
  const { user: other } = await signedIn('personal');
  const theirs = await ipciRow(other.id);
  const items = (await caller.get('/api/monitoring/ipcis')).body.items as Array<{ id: string; valid: boolean; reason: string | null }>;
  const byId = new Map(items.map((i) => [i.id, i]));
  expect(byId.get(valid.id)).toMatchObject({ code: valid.code, valid: true, reason: null, names: { en: 'Mountains and Seas' } });
  expect(byId.get(revoked.id)).toMatchObject({ valid: false, reason: 'ipciRevoked' });
  expect(byId.get(lapsed.id)).toMatchObject({ valid: false, reason: 'ipciExpired' });
  expect(byId.get(down.id)).toMatchObject({ valid: false, reason: 'ipciTakenDown' });
  // A trade take-down only ends the listing: the rights stand.
  expect(byId.get(tradeDown.id)).toMatchObject({ valid: true });
  expect(byId.has(theirs.id)).toBe(false);
  expect((await new Caller().get('/api/monitoring/ipcis')).status).toBe(401);
});

test("ordering: only for the caller's own valid IPCI (422 on the field), bad input 400, a second click opens the same order, nobody else sees it", async () => {
  const { user, caller } = await signedIn('personal');
  const mine = await ipciRow(user.id);
  const revoked = await ipciRow(user.id, { invalid_at: new Date(), invalid_reason: 'revoked' });
  const { user: otherUser, caller: other } = await signedIn('personal');
  const theirs = await ipciRow(otherUser.id);

  for (const body of [{}, orderBody('x'), orderBody(mine.id, { plan: 'week' }), orderBody(mine.id, { noRefundAccepted: false }), orderBody(mine.id, { noRefundAccepted: 'true' }), orderBody(mine.id, { noRefundAccepted: undefined }), orderBody([mine.id] as unknown as string), orderBody(mine.id, { plan: ['month'] })]) {
    const r = await caller.post('/api/monitoring/subscriptions', body);
    expect(r.status).toBe(400);
  }
  const noRefund = await caller.post('/api/monitoring/subscriptions', orderBody(mine.id, { noRefundAccepted: false }));
  expect(noRefund.body.fields.noRefundAccepted).toMatch(/refund/);
  const notMine = await caller.post('/api/monitoring/subscriptions', orderBody(theirs.id));
  expect(notMine).toMatchObject({ status: 422, body: { fields: { ipciId: 'This is not one of your IPCIs' } } });
  expect((await caller.post('/api/monitoring/subscriptions', orderBody(randomUUID()))).status).toBe(422);
  const invalid = await caller.post('/api/monitoring/subscriptions', orderBody(revoked.id));
  expect(invalid).toMatchObject({ status: 422, body: { fields: { ipciId: expect.stringMatching(/revoked/) } } });
  const zh = await new Caller('zh-CN').login(user.username, user.password);
  expect((await zh.post('/api/monitoring/subscriptions', orderBody(revoked.id))).body.fields.ipciId).toMatch(/撤销/);
  expect(await testDb()('monitoring_subscriptions').where({ user_id: user.id }).count({ n: '*' })).toEqual([{ n: '0' }]);

  const ordered = await caller.post('/api/monitoring/subscriptions', orderBody(mine.id));
  expect(ordered.status).toBe(201);
  const { subscription, orderId } = ordered.body;
  expect(subscription).toMatchObject({ ipciId: mine.id, ipciCode: mine.code, ipName: '山海图', plan: 'month', state: 'ordered', orderId, orderState: 0, renewalOf: null, suspects: { new: 0, total: 0 }, keywords: [], label: '' });
  expect((await caller.post('/api/monitoring/subscriptions', orderBody(mine.id))).body).toMatchObject({ orderId, subscription: { id: subscription.id } });
  expect((await caller.post('/api/monitoring/subscriptions', orderBody(mine.id, { plan: 'year' }))).status).toBe(409);
  expect((await caller.get(`/api/orders/${orderId}`)).body.order).toMatchObject({ type: 'monitoring', amount: DEFAULT_FEE_TABLE.monitoringMonth });

  const list = (await caller.get('/api/monitoring/subscriptions')).body;
  expect(list.items.map((s: { id: string }) => s.id)).toEqual([subscription.id]);
  expect((await caller.get('/api/monitoring/subscriptions?limit=0')).status).toBe(400);
  expect((await caller.get('/api/monitoring/subscriptions?after=bogus')).status).toBe(400);
  // Not an ordered plan's renewal: nothing paid yet.
  expect((await caller.post(`/api/monitoring/subscriptions/${subscription.id}/renew`, { plan: 'month', noRefundAccepted: true })).status).toBe(409);

  // Nobody else reads, edits or renews it.
  expect((await other.get('/api/monitoring/subscriptions')).body.items).toEqual([]);
  expect((await other.get(`/api/monitoring/subscriptions/${subscription.id}`)).status).toBe(404);
  expect((await other.put(`/api/monitoring/subscriptions/${subscription.id}/content`, { keywords: [] })).status).toBe(404);
  expect((await other.post(`/api/monitoring/subscriptions/${subscription.id}/renew`, { plan: 'month', noRefundAccepted: true })).status).toBe(404);
  expect((await caller.get(`/api/monitoring/subscriptions/${randomUUID()}`)).status).toBe(404);
  expect((await caller.get('/api/monitoring/subscriptions/not-an-id')).status).toBe(404);
  expect((await new Caller().get(`/api/monitoring/subscriptions/${subscription.id}`)).status).toBe(401);
  await caller.post(`/api/orders/${orderId}/cancel`);
});

test('comparison pictures are checked by content on upload: jpg or png, square, 500 px a side (3 MB: unit test, as the test services take 1 MB at most)', async () => {
  const { caller } = await signedIn('personal');
  expect((await caller.upload('monitorPicture', await square(600), 'a.jpg')).status).toBe(201);
  expect((await caller.upload('monitorPicture', await square(600, 'png'), 'a.png')).status).toBe(201);
  // 1 % off square is square to the eye.
  expect((await caller.upload('monitorPicture', await sharp({ create: { width: 1000, height: 990, channels: 3, background: 'red' } }).png().toBuffer(), 'b.png')).status).toBe(201);
  const wide = await caller.upload('monitorPicture', await png(800, 600), 'wide.png');
  expect(wide).toMatchObject({ status: 422, body: { fields: { file: 'A comparison picture must be square (1:1)' } } });
  const small = await caller.upload('monitorPicture', await square(300), 'small.jpg');
  expect(small).toMatchObject({ status: 422, body: { fields: { file: 'A comparison picture must be at least 500 × 500 pixels' } } });
  // A GIF named .png is refused by its content.
  expect((await caller.upload('monitorPicture', await sharp({ create: { width: 600, height: 600, channels: 3, background: 'red' } }).gif().toBuffer(), 'c.png')).status).toBe(415);
  expect((await caller.upload('monitorPicture', Buffer.from('not a picture'), 'd.jpg')).status).toBe(415);
});

test("monitored content: bounded keywords without duplicates, at most 9 of the caller's own comparison pictures, a logo without background; the owner reads the pictures", async () => {
  const { user, caller } = await signedIn('personal');
  const ipci = await ipciRow(user.id);
  const { subscription, orderId } = (await caller.post('/api/monitoring/subscriptions', orderBody(ipci.id))).body;
  const path = `/api/monitoring/subscriptions/${subscription.id}/content`;
  const picture = (await caller.upload('monitorPicture', await square(600), 'p.jpg')).body.id as string;
  const clear = (await caller.upload('monitorPicture', await logo(true), 'logo.png')).body.id as string;
  const white = (await caller.upload('monitorPicture', await logo(false), 'logo-white.png')).body.id as string;
  const photo = (await caller.upload('idPhoto', await png(), 'id.png')).body.id as string;
  const { caller: other } = await signedIn('personal');
  const theirs = (await other.upload('monitorPicture', await square(600), 'x.jpg')).body.id as string;

  const keyword = (text: string) => ({ text, category: 'name' });
  const bad: Array<[unknown, string]> = [
    [{ keywords: Array.from({ length: MAX_KEYWORDS + 1 }, (_, i) => keyword(`词${i}`)) }, 'keywords'],
    [{ keywords: [keyword('山海图'), keyword('山海图')] }, 'keywords'],
    [{ keywords: [keyword('Shan'), keyword('shan')] }, 'keywords'],
    [{ keywords: [keyword('x'.repeat(41))] }, 'keywords[0].text'],
    [{ keywords: [{ text: '山海', category: 'singer' }] }, 'keywords[0].category'],
    [{ keywords: [keyword('')] }, 'keywords[0].text'],
    [{ keywords: '山海图' }, 'keywords'],
    [{ label: 'x'.repeat(51) }, 'label'],
    [{ pictures: Array.from({ length: MAX_PICTURES + 1 }, () => ({ uploadId: randomUUID() })) }, 'pictures'],
    [{ pictures: [{ uploadId: picture }, { uploadId: picture }] }, 'pictures'],
    [{ pictures: [{ uploadId: 'x' }] }, 'pictures[0].uploadId'],
    [{ pictures: [{ uploadId: picture, kind: 'banner' }] }, 'pictures[0].kind'],
    [{ pictures: [{ uploadId: theirs }] }, 'pictures[0].uploadId'],
    [{ pictures: [{ uploadId: photo }] }, 'pictures[0].uploadId'],
  ];
  for (const [body, field] of bad) {
    const r = await caller.put(path, body);
    expect([r.status, Object.keys(r.body.fields ?? {})]).toEqual([400, [field]]);
  }
  expect((await caller.put(path, { keywords: Array.from({ length: MAX_KEYWORDS + 1 }, (_, i) => keyword(`词${i}`)) })).body.fields.keywords).toBe(`At most ${MAX_KEYWORDS} keywords`);
  const withBackground = await caller.put(path, { pictures: [{ uploadId: white, kind: 'logo' }] });
  expect(withBackground).toMatchObject({ status: 422, body: { fields: { 'pictures[0].uploadId': 'A logo must have no background: a PNG whose edges are transparent' } } });
  // A JPEG has no transparency at all.
  expect((await caller.put(path, { pictures: [{ uploadId: picture, kind: 'logo' }] })).status).toBe(422);

  const saved = await caller.put(path, { label: '山海', keywords: [keyword('山海图'), { text: 'Mountains and Seas' }], pictures: [{ uploadId: picture }, { uploadId: clear, kind: 'logo' }] });
  expect(saved.status).toBe(200);
  expect(saved.body.subscription).toMatchObject({ label: '山海', keywords: [keyword('山海图'), { text: 'Mountains and Seas', category: 'other' }] });
  expect(saved.body.pictures).toMatchObject([
    { uploadId: picture, kind: 'picture', width: 600, height: 600 },
    { uploadId: clear, kind: 'logo', width: 600, height: 600 },
  ]);
  // Each picture's signature is computed on saving, for the matcher.
  const signed = await testDb()('monitoring_pictures').where({ subscription_id: subscription.id }).select('pdq', 'features');
  expect(signed.map((r) => [r.pdq?.length, r.features?.length > 0])).toEqual([
    [32, true],
    [32, true],
  ]);
  const detail = (await caller.get(`/api/monitoring/subscriptions/${subscription.id}`)).body;
  expect(detail.pictures).toEqual(saved.body.pictures);
  expect(detail.uploads.map((u: { id: string }) => u.id).sort()).toEqual([picture, clear].sort());
  const bytes = await caller.request('GET', detail.pictures[0].url);
  expect(bytes.status).toBe(200);
  expect((await other.request('GET', detail.pictures[0].url)).status).toBe(404);
  expect((await caller.get(`/api/monitoring/pictures/${randomUUID()}`)).status).toBe(404);

  // Saving again drops what is left out and keeps the rest.
  const again = await caller.put(path, { pictures: [{ uploadId: clear, kind: 'logo' }] });
  expect(again.body.pictures.map((p: { uploadId: string }) => p.uploadId)).toEqual([clear]);
  expect(again.body.subscription).toMatchObject({ label: '', keywords: [] });
  await caller.post(`/api/orders/${orderId}/cancel`);
});
