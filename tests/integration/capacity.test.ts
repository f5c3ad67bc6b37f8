import { randomUUID } from 'node:crypto';
import { capacityBytes } from '../../domain/capacity';
import { ORDER_STATE } from '../../domain/orders';
import { capacityPurchase, capacityPurchaseOrder, type CapacityPurchaseInput } from '../../workflows/capacityPurchase';
import { CaseId, CaseKind, OwnerUserId } from '../../workflows/lib/searchAttributes';
import { messageOf } from '../support/cases';
import { saveHistory } from '../support/histories';
import { Caller, eventually, png, signedIn, testDb } from '../support/http';
import { certifiedUser } from '../support/identity';
import { payOrder } from '../support/orders';
import { staffAndTemporal } from '../support/staffAndTemporal';

const { temporal, admin } = staffAndTemporal({ signIn: ['admin'] });
const GiB = 1024 ** 3;

const packageInput = (over: Record<string, unknown> = {}) => ({
  nameZh: `防伪套餐${randomUUID().slice(0, 6)}`,
  nameEn: 'Anti-counterfeit 10 G',
  nameJa: '偽造防止 10 G',
  capacity: 10,
  capacityUnit: 'G',
  validityMonths: 12,
  price: '199.00',
  onSale: true,
  ...over,
});

async function newPackage(over: Record<string, unknown> = {}) {
  const r = await admin.post('/api/admin/capacity/packages', packageInput(over));
  expect(r.status).toBe(201);
  return r.body.package as { id: string; price: number; bytes: number };
}

const capacity = async (caller: Caller) => (await caller.get('/api/capacity')).body;
const records = async (caller: Caller, query = '') => (await caller.get(`/api/capacity/records${query}`)).body;
const order = async (caller: Caller, id: string) => (await caller.get(`/api/orders/${id}`)).body.order;

/** A file in the user's gallery consuming `size` bytes (the gallery's own routes are another module's). */
async function galleryFile(caller: Caller, userId: string, size: number) {
  const upload = (await caller.upload('idPhoto', await png(), 'poster.png')).body.id as string;
  const [row] = await testDb()('gallery_files').insert({ user_id: userId, upload_id: upload, kind: 'original', size }).returning('id');
  return row.id as string;
}

test('package admin: staff create, edit and take off sale with field messages for bad input; only admins; an ordered package is never deleted', async () => {
  const created = await newPackage();
  expect(created).toMatchObject({ capacity: 10, capacityUnit: 'G', bytes: 10 * GiB, validityMonths: 12, price: 19_900, onSale: true, sold: 0 });

  const bad: Array<[Record<string, unknown>, string[]]> = [
    [{ nameZh: ['a'] }, ['nameZh']],
    // The edge check refuses unstorable text before any schema: no field of its own.
    [{ nameZh: 'a\0b' }, ['_']],
    [{ nameZh: '   ' }, ['nameZh']],
    [{ nameEn: 'x'.repeat(101) }, ['nameEn']],
    [{ capacity: -1 }, ['capacity']],
    [{ capacity: 0 }, ['capacity']],
    [{ capacity: 1.5 }, ['capacity']],
    [{ capacity: 1e12 }, ['capacity']],
    [{ capacity: 'ten' }, ['capacity']],
    [{ capacity: [1] }, ['capacity']],
    [{ capacity: true }, ['capacity']],
    [{ capacity: '' }, ['capacity']],
    [{ validityMonths: [12] }, ['validityMonths']],
    [{ capacityUnit: 'P' }, ['capacityUnit']],
    [{ capacityUnit: ['G'] }, ['capacityUnit']],
    [{ validityMonths: 0 }, ['validityMonths']],
    [{ validityMonths: 121 }, ['validityMonths']],
    [{ price: '-5' }, ['price']],
    [{ price: '1e30' }, ['price']],
    [{ price: '0.001' }, ['price']],
    [{ price: { yuan: 1 } }, ['price']],
  ];
  for (const [over, fields] of bad) {
    const r = await admin.post('/api/admin/capacity/packages', packageInput(over));
    expect([r.status, Object.keys(r.body.fields ?? {})]).toEqual([400, fields]);
    expect(Object.values(r.body.fields)[0]).toEqual(expect.any(String));
  }
  expect((await admin.post('/api/admin/capacity/packages', '[1,2]')).status).toBe(400);
  const zh = (await new Caller('zh-CN').login('admin', 'Admin#2026').then((c) => c.post('/api/admin/capacity/packages', packageInput({ capacityUnit: 'P' })))).body.fields;
  expect(zh.capacityUnit).toEqual(expect.any(String));

  const { caller: user } = await signedIn('enterprise');
  expect((await user.get('/api/admin/capacity/packages')).status).toBe(403);
  expect((await user.post('/api/admin/capacity/packages', packageInput())).status).toBe(403);
  expect((await new Caller().get('/api/admin/capacity/packages')).status).toBe(401);

  const edited = await admin.put(`/api/admin/capacity/packages/${created.id}`, packageInput({ nameZh: '改名套餐', capacity: 2, capacityUnit: 'T', price: '1999' }));
  expect(edited.status).toBe(200);
  expect(edited.body.package).toMatchObject({ names: { zh: '改名套餐' }, bytes: capacityBytes(2, 'T'), price: 199_900 });
  expect((await admin.put(`/api/admin/capacity/packages/${randomUUID()}`, packageInput())).status).toBe(404);
  expect((await admin.get('/api/admin/capacity/packages/not-a-uuid')).status).toBe(404);

  const shop = async () => ((await new Caller().get('/api/public/capacity/packages')).body.items as Array<{ id: string }>).map((p) => p.id);
  expect(await shop()).toContain(created.id);
  await admin.put(`/api/admin/capacity/packages/${created.id}`, packageInput({ onSale: false }));
  expect(await shop()).not.toContain(created.id);

  // Paged newest first.
  await newPackage();
  const page = (await admin.get('/api/admin/capacity/packages?limit=1')).body;
  expect(page.items).toHaveLength(1);
  expect(page.next).toEqual(expect.any(String));
  expect((await admin.get(`/api/admin/capacity/packages?limit=1&after=${page.next}`)).body.items[0].id).not.toBe(page.items[0].id);
  expect((await admin.get('/api/admin/capacity/packages?after=bogus')).status).toBe(400);

  // Unsold: deleted. Ordered: kept, taken off sale instead.
  expect((await admin.request('DELETE', `/api/admin/capacity/packages/${created.id}`)).status).toBe(204);
  expect((await admin.get(`/api/admin/capacity/packages/${created.id}`)).status).toBe(404);
  const ordered = await newPackage();
  const { caller: buyer } = await certifiedUser();
  expect((await buyer.post('/api/capacity/purchases', { packageId: ordered.id })).status).toBe(201);
  const refused = await admin.request('DELETE', `/api/admin/capacity/packages/${ordered.id}`);
  expect(refused.status).toBe(409);
  expect(refused.body.message).toMatch(/off sale/);
});

test('buying a package: a certified user orders it, pays at the sandbox, and the capacity grows until it expires; their records are theirs alone', async () => {
  const pkg = await newPackage({ capacity: 500, capacityUnit: 'M', price: '9.90', validityMonths: 1 });
  const { caller: uncertified } = await signedIn('enterprise');
  expect((await uncertified.post('/api/capacity/purchases', { packageId: pkg.id })).status).toBe(403);

  const { user, caller } = await certifiedUser();
  for (const body of [{}, { packageId: 'x' }, { packageId: [pkg.id] }, { packageId: { id: pkg.id } }]) expect((await caller.post('/api/capacity/purchases', body)).status).toBe(400);
  expect((await caller.post('/api/capacity/purchases', { packageId: randomUUID() })).status).toBe(404);
  expect(await capacity(caller)).toEqual({ totalBytes: 0, usedBytes: 0, remainingBytes: 0, grants: [] });

  const bought = await caller.post('/api/capacity/purchases', { packageId: pkg.id });
  expect(bought.status).toBe(201);
  const orderId = bought.body.orderId as string;
  // A second click opens the same unpaid order.
  expect((await caller.post('/api/capacity/purchases', { packageId: pkg.id })).body).toEqual({ orderId });
  expect(await order(caller, orderId)).toMatchObject({
    type: 'antiCounterfeit',
    orderState: ORDER_STATE.unpaid,
    payable: 990,
    names: { en: 'Anti-counterfeit 10 G' },
    antiPackage: { packageId: pkg.id, capacity: 500, capacityUnit: 'M', validityMonths: 1, priceFen: 990 },
  });
  // Staff editing the package meanwhile changes neither the order nor what it grants.
  await admin.put(`/api/admin/capacity/packages/${pkg.id}`, packageInput({ capacity: 1, capacityUnit: 'M', price: '1000' }));

  await payOrder(caller, orderId);
  const paid = await eventually(async () => {
    const o = await order(caller, orderId);
    return o.orderState === ORDER_STATE.completed && o;
  }, 30_000);
  const mine = await capacity(caller);
  expect(mine).toMatchObject({ totalBytes: 500 * 1024 ** 2, usedBytes: 0, remainingBytes: 500 * 1024 ** 2 });
  expect(mine.grants).toHaveLength(1);
  expect(mine.grants[0]).toMatchObject({ orderId, capacity: 500, capacityUnit: 'M', startsAt: paid.paidAt });
  // One China calendar month from the payment.
  const months = (Date.parse(mine.grants[0].expiresAt) - Date.parse(paid.paidAt)) / 86_400_000;
  expect(months).toBeGreaterThanOrEqual(28);
  expect(months).toBeLessThanOrEqual(31);
  await messageOf(caller, 'capacityGranted');
  expect((await admin.get(`/api/admin/capacity/packages/${pkg.id}`)).body.package.sold).toBe(1);

  // Consumption: gallery files count against it; the detail lists both kinds, newest first, by type.
  await galleryFile(caller, user.id, 200 * 1024 ** 2);
  expect(await capacity(caller)).toMatchObject({ usedBytes: 200 * 1024 ** 2, remainingBytes: 300 * 1024 ** 2 });
  const all = await records(caller);
  expect(all.items.map((r: { type: number }) => r.type)).toEqual([2, 1]);
  expect(all.items[0]).toMatchObject({ bytes: 200 * 1024 ** 2, fileName: 'poster.png', kind: 'original' });
  expect(all.items[1]).toMatchObject({ bytes: 500 * 1024 ** 2, orderId, names: { en: 'Anti-counterfeit 10 G' } });
  expect((await records(caller, '?type=1')).items.map((r: { type: number }) => r.type)).toEqual([1]);
  const first = await records(caller, '?limit=1');
  expect(first.items).toHaveLength(1);
  expect((await records(caller, `?limit=1&after=${first.next}`)).items[0].type).toBe(1);
  for (const q of ['?type=3', '?type=x', '?type=1&type=2', '?after=x', '?limit=0']) expect((await caller.get(`/api/capacity/records${q}`)).status).toBe(400);

  // Nobody else sees any of it.
  const { caller: other } = await certifiedUser();
  expect(await capacity(other)).toMatchObject({ totalBytes: 0, usedBytes: 0, grants: [] });
  expect((await records(other)).items).toEqual([]);
  expect((await other.get(`/api/orders/${orderId}`)).status).toBe(404);
  expect((await new Caller().get('/api/capacity')).status).toBe(401);

  // Expired: out of the total (the record stays), the files still count as used.
  await testDb()('capacity_grants').where({ order_id: orderId }).update({ expires_at: new Date(Date.now() - 1000) });
  expect(await capacity(caller)).toEqual({ totalBytes: 0, usedBytes: 200 * 1024 ** 2, remainingBytes: 0, grants: [] });
  expect((await records(caller, '?type=1')).items).toHaveLength(1);

  // Off sale: not bought any more.
  await admin.put(`/api/admin/capacity/packages/${pkg.id}`, packageInput({ onSale: false }));
  const off = await caller.post('/api/capacity/purchases', { packageId: pkg.id });
  expect(off.status).toBe(409);
  expect(off.body.message).toMatch(/no longer on sale/);
  await saveHistory(temporal, `capacityPurchase/${paid.subjectId}`, 'capacityPurchase-paid-granted');
});

/** Started directly with a short payment window (the API takes it from CAPACITY_PAYMENT_MS). */
async function startedWith(over: Partial<CapacityPurchaseInput>) {
  const pkg = await newPackage();
  const { user, caller } = await certifiedUser();
  const purchaseId = randomUUID();
  const handle = await temporal.workflow.start(capacityPurchase, {
    taskQueue: process.env.TEMPORAL_TASK_QUEUE!,
    workflowId: `capacityPurchase/${purchaseId}`,
    args: [{ purchaseId, userId: user.id, packageId: pkg.id, ...over }],
    typedSearchAttributes: [
      { key: CaseId, value: purchaseId },
      { key: CaseKind, value: 'capacityPurchase' },
      { key: OwnerUserId, value: user.id },
    ],
  });
  return { user, caller, handle, pkg };
}

test('workflow: an order left unpaid is cancelled and grants nothing; only the buyer may ask for the order', async () => {
  const { user, caller, handle } = await startedWith({ paymentTimeoutMs: 3000 });
  await expect(handle.executeUpdate(capacityPurchaseOrder, { args: [{ userId: randomUUID() }] })).rejects.toThrow();
  const { orderId } = await handle.executeUpdate(capacityPurchaseOrder, { args: [{ userId: user.id }] });
  expect(await handle.result()).toBe('cancelled');
  expect((await order(caller, orderId)).orderState).toBe(ORDER_STATE.cancelled);
  expect(await testDb()('capacity_grants').where({ order_id: orderId }).first()).toBeUndefined();
  expect(await capacity(caller)).toMatchObject({ totalBytes: 0, grants: [] });
  await saveHistory(temporal, handle.workflowId, 'capacityPurchase-unpaid-cancelled');
});

test('workflow: a package removed before the order is made ends the purchase without an order', async () => {
  const { user, handle } = await startedWith({ packageId: randomUUID() });
  await expect(handle.executeUpdate(capacityPurchaseOrder, { args: [{ userId: user.id }] })).rejects.toMatchObject({ cause: { message: 'capacity.packageUnavailable' } });
  expect(await handle.result()).toBe('unavailable');
});
