import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { createOrder } from '../../db/orders';
import { DEFAULT_FEE_TABLE, ORDER_NUMBER_PATTERN } from '../../domain/orders';
import { orderPaymentActivities } from '../../activities/orderPayment';
import { sandboxSecret, signSandbox } from '../../api/payments/sandboxGateway';
import { cancelOrder, orderPayment, paymentReceived } from '../../workflows/orderPayment';
import { apiBase, Caller, eventually, signedIn, taskPath, testDb } from '../support/http';
import { staffAndTemporal } from '../support/staffAndTemporal';

const { temporal, reviewer, admin } = staffAndTemporal();

const AMOUNT = 123_450; // 1234.50 yuan

/** An order made as a buying workflow makes it (db/orders), and its orderPayment started directly. */
async function startOrder(userId: string, timeoutMs = 600_000) {
  const row = await createOrder(testDb(), {
    dedupeKey: `test/${randomUUID()}`,
    userId,
    type: 'certification',
    subjectKind: 'test',
    subjectId: randomUUID(),
    name: '敦煌飞天 <IP>',
    amountFen: AMOUNT,
    timeoutMs,
  });
  const handle = await temporal.workflow.start(orderPayment, {
    taskQueue: process.env.TEMPORAL_TASK_QUEUE!,
    workflowId: row.workflow_id,
    args: [{ orderId: row.id, userId, timeoutMs }],
  });
  // The workflow's first step is writing the deadline; wait for the timeline to start.
  await eventually(async () => Number((await testDb()('case_events').where({ case_kind: 'orderPayment', case_id: row.id }).count({ n: '*' }))[0]?.n) >= 2);
  return { row, handle };
}

const orderOf = async (caller: Caller, id: string) => (await caller.get(`/api/orders/${id}`)).body.order;
const callbacks = (orderNo: string) => testDb()('payment_callbacks').where({ order_no: orderNo }).orderBy('id').select('verdict', 'signature_ok');
const jpg = () => sharp({ create: { width: 300, height: 200, channels: 3, background: { r: 20, g: 90, b: 160 } } }).jpeg().toBuffer();

/** Starts a sandbox payment over the API: the gateway's trade number and hosted page. */
async function startSandboxPayment(caller: Caller, orderId: string) {
  const r = await caller.post(`/api/orders/${orderId}/pay`, { method: 'quickPay', provider: 'sandbox' });
  expect(r.status).toBe(200);
  return r.body as { tradeNo: string; redirectUrl: string };
}

/** The "Pay" button of the hosted page: the browser is sent back to the return URL. */
async function payOnHostedPage(tradeNo: string) {
  const res = await fetch(`${apiBase()}/sandbox-gateway/pay/${tradeNo}?lang=en-US`, { method: 'POST', redirect: 'manual' });
  expect(res.status).toBe(303);
  return res.headers.get('location')!;
}

async function notify(body: unknown) {
  const res = await fetch(`${apiBase()}/api/payments/sandbox/notify`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, body: await res.text() };
}
const signed = (n: { tradeNo: string; orderNo: string; amountFen: number; paidAt: string }) => ({ ...n, signature: signSandbox(sandboxSecret(), n) });

test('sandbox payment through the hosted page: signed asynchronous callback → paid; a repeated callback is harmless', async () => {
  const { user, caller } = await signedIn('personal');
  const { row, handle } = await startOrder(user.id);
  const before = await orderOf(caller, row.id);
  expect(before).toMatchObject({ orderNo: row.order_no, orderState: 0, billState: 'unpaid', amount: AMOUNT, payable: AMOUNT, direction: 'spending' });

  const { tradeNo, redirectUrl } = await startSandboxPayment(caller, row.id);
  expect(redirectUrl).toBe(`/sandbox-gateway/pay/${tradeNo}?lang=en-US`);
  const page = await fetch(apiBase() + redirectUrl);
  const html = await page.text();
  expect(page.headers.get('content-type')).toContain('text/html');
  expect(html).toContain(row.order_no);
  expect(html).toContain('1234.50');
  expect(html).toContain('敦煌飞天 &#60;IP&#62;'); // the item name is escaped
  expect(html).toContain('<svg');
  expect(html).toContain('Pay now');
  expect(await (await fetch(`${apiBase()}/sandbox-gateway/pay/${tradeNo}?lang=zh-CN`)).text()).toContain('确认支付');

  const back = await payOnHostedPage(tradeNo);
  expect(back).toMatch(new RegExp(`/en-US/ipci/usercenter/paysuccess\\?orderId=${row.id}$`));
  expect(await handle.result()).toBe('paid');
  const paid = await eventually(async () => {
    const o = await orderOf(caller, row.id);
    return o.orderState === 1 && o;
  });
  expect(paid).toMatchObject({ billState: 'successful', payMethod: 'quickPay', provider: 'sandbox', tradeNo });
  expect(await eventually(async () => (await callbacks(row.order_no)).length === 1 && callbacks(row.order_no))).toEqual([{ verdict: 'accept', signature_ok: true }]);

  // The provider sends the same notification again: acknowledged, logged, nothing else happens.
  const resent = await caller.post(`/sandbox-gateway/trades/${tradeNo}/resend`);
  expect(resent.body).toEqual({ status: 200, body: 'success' });
  expect((await callbacks(row.order_no)).map((c) => c.verdict)).toEqual(['accept', 'duplicate']);
  expect(await orderOf(caller, row.id)).toMatchObject({ orderState: 1, tradeNo });
  const messages = await eventually(async () => {
    const r = await caller.get('/api/messages');
    return r.body.items.some((m: any) => m.titleKey === 'order.paid') && r.body.items;
  });
  expect(messages.filter((m: any) => m.titleKey === 'order.paid')).toHaveLength(1);

  const timeline = await caller.get(`/api/cases/orderPayment/${row.id}`);
  expect(timeline.body.events.map((e: any) => `${e.step}:${e.status}`)).toEqual(['created:done', 'awaitingPayment:current', 'awaitingPayment:done', 'paid:done']);
  const description = await handle.describe();
  expect(description.searchAttributes).toMatchObject({ CaseId: [row.id], CaseKind: ['orderPayment'], CaseState: ['paid'], OwnerUserId: [user.id] });

  // Paid: the hosted page says so, and the order cannot be paid again.
  expect(await (await fetch(apiBase() + redirectUrl)).text()).toContain('This trade has been paid');
  const again = await caller.post(`/api/orders/${row.id}/pay`, { method: 'quickPay', provider: 'sandbox' });
  expect(again).toMatchObject({ status: 409, body: { message: 'This order has already been paid' } });
});

test('forged callbacks are refused with a 4xx and logged: bad signature, malformed, unknown order, wrong amount', async () => {
  const { user, caller } = await signedIn('personal');
  const { row } = await startOrder(user.id);
  const { tradeNo } = await startSandboxPayment(caller, row.id);
  const genuine = { tradeNo, orderNo: row.order_no, amountFen: AMOUNT, paidAt: new Date().toISOString() };

  expect(await notify({ ...genuine, signature: 'ab'.repeat(32) })).toEqual({ status: 400, body: 'badSignature' });
  expect(await notify({ ...signed(genuine), amountFen: 1 })).toEqual({ status: 400, body: 'badSignature' }); // amount changed after signing
  expect((await notify({ orderNo: row.order_no, amountFen: 'lots' })).status).toBe(400);
  expect((await notify('not json at all')).status).toBe(400);
  expect(await notify(signed({ ...genuine, orderNo: '2026010199999999' }))).toEqual({ status: 404, body: 'unknownOrder' });
  expect(await notify(signed({ ...genuine, tradeNo: 'SBX-NOT-OURS' }))).toEqual({ status: 404, body: 'unknownOrder' });
  expect(await notify(signed({ ...genuine, amountFen: AMOUNT - 1 }))).toEqual({ status: 409, body: 'fail' });

  expect((await callbacks(row.order_no)).map((c) => c.verdict)).toEqual(['badSignature', 'badSignature', 'malformed', 'unknownOrder', 'wrongAmount']);
  expect(await testDb()('payment_callbacks').where({ order_no: '2026010199999999' }).first('verdict')).toEqual({ verdict: 'unknownOrder' });
  expect(await testDb()('payment_callbacks').where({ trade_no: 'SBX-NOT-OURS' }).first('verdict')).toEqual({ verdict: 'unknownOrder' });
  expect(await orderOf(caller, row.id)).toMatchObject({ orderState: 0, paidAt: null });
});

test('Updates arriving while the order is still being read are taken, never dropped as unknown: a cancel, a payment', async () => {
  const { user } = await signedIn('personal');
  const early = async () => {
    const row = await createOrder(testDb(), { dedupeKey: `test/${randomUUID()}`, userId: user.id, type: 'certification', subjectKind: 'test', subjectId: randomUUID(), name: 'early', amountFen: AMOUNT, timeoutMs: 600_000 });
    return temporal.workflow.start(orderPayment, { taskQueue: process.env.TEMPORAL_TASK_QUEUE!, workflowId: row.workflow_id, args: [{ orderId: row.id, userId: user.id }] });
  };
  // At once, in the workflow's first moments: a registration cancelled right after approval, a
  // gateway notification for a payment made at once.
  const cancelled = await early();
  expect((await cancelled.executeUpdate(cancelOrder, { args: [{ userId: user.id }] })).state).toBe('cancelled');
  expect(await cancelled.result()).toBe('cancelled');
  const paid = await early();
  const payment = { provider: 'sandbox', method: 'quickPay' as const, tradeNo: `SBX-${randomUUID()}`, amountFen: AMOUNT, paidAt: new Date().toISOString() };
  expect(await paid.executeUpdate(paymentReceived, { args: [payment] })).toEqual({ state: 'paid', duplicate: false });
  expect(await paid.result()).toBe('paid');
  // A wrong amount is refused even then.
  const wrong = await early();
  await expect(wrong.executeUpdate(paymentReceived, { args: [{ ...payment, tradeNo: `SBX-${randomUUID()}`, amountFen: AMOUNT - 1 }] })).rejects.toThrow();
  await wrong.executeUpdate(cancelOrder, { args: [{ userId: user.id }] });
});

test('a callback after the user cancelled is refused and logged, and the order stays cancelled', async () => {
  const { user, caller } = await signedIn('personal');
  const { row, handle } = await startOrder(user.id);
  const { tradeNo } = await startSandboxPayment(caller, row.id);

  const other = await signedIn('personal');
  expect((await other.caller.post(`/api/orders/${row.id}/cancel`)).status).toBe(404);
  const cancelled = await caller.post(`/api/orders/${row.id}/cancel`);
  expect(cancelled.status).toBe(200);
  expect(cancelled.body.order).toMatchObject({ orderState: 3, billState: 'failed' });
  expect(await handle.result()).toBe('cancelled');

  // The user still pays at the gateway: the notification arrives, is refused, and pays nothing.
  await payOnHostedPage(tradeNo);
  expect(await eventually(async () => (await callbacks(row.order_no)).length > 0 && callbacks(row.order_no))).toEqual([{ verdict: 'notPayable', signature_ok: true }]);
  expect(await orderOf(caller, row.id)).toMatchObject({ orderState: 3, paidAt: null, tradeNo: null });
  const pay = await caller.post(`/api/orders/${row.id}/pay`, { method: 'quickPay', provider: 'sandbox' });
  expect(pay.status).toBe(409);
  expect(pay.body.message).toContain('cancelled');
  const messages = (await caller.get('/api/messages')).body.items.map((m: any) => m.titleKey);
  expect(messages).toContain('order.cancelledByUser');
  expect(messages).not.toContain('order.paid');
});

test('an order not paid in its window is cancelled; paying it then is refused', async () => {
  const { user, caller } = await signedIn('personal', ['user'], 'zh-CN');
  const { row, handle } = await startOrder(user.id, 2_000);
  expect(await handle.result()).toBe('cancelled');
  expect(await orderOf(caller, row.id)).toMatchObject({ orderState: 3, billState: 'failed' });
  const pay = await caller.post(`/api/orders/${row.id}/pay`, { method: 'onlineBanking', provider: 'sandbox' });
  expect(pay.status).toBe(409);
  expect(pay.body.message).toBe('该订单因 24 小时内未支付已取消，请从审核通过的登记重新创建订单');
  const remit = await caller.post(`/api/orders/${row.id}/remittance`, { method: 'overseas', payerName: 'John', bankName: 'HSBC', payerCountry: 'GB', currency: 'GBP', amount: '140', remittedOn: '2026-01-05', proofs: [randomUUID()] });
  expect(remit.status).toBe(400); // not the caller's proof: refused before anything else
  const events = (await caller.get(`/api/cases/orderPayment/${row.id}`)).body.events.map((e: any) => `${e.step}:${e.status}`);
  expect(events).toEqual(['created:done', 'awaitingPayment:current', 'awaitingPayment:failed', 'cancelled:done']);
  expect((await caller.get('/api/messages')).body.items.map((m: any) => m.titleKey)).toContain('order.cancelled');
});

const remittanceBody = (proof: string, over: Record<string, unknown> = {}) => ({
  method: 'offline',
  payerName: '张三',
  bankName: '中国工商银行',
  payerAccount: '6222020200112233445',
  amount: '1234.50',
  remittedOn: '2026-01-05',
  reference: 'IPCI',
  proofs: [proof],
  ...over,
});

async function financeTask(orderId: string, round: number) {
  return eventually(async () => {
    const r = await reviewer.get('/api/tasks?queue=finance&limit=100');
    return r.body.items.find((t: any) => t.caseId === orderId && t.id.endsWith(`/remittanceReview/${round}`));
  });
}

test('offline remittance: bad input refused; finance rejects with reasons (back to awaiting, a fresh window), then confirms → paid', async () => {
  const { user, caller } = await signedIn('personal');
  const { row, handle } = await startOrder(user.id);
  const proof = (await caller.upload('remittanceProof', await jpg(), 'receipt.jpg')).body.id;
  const stranger = await signedIn('personal');
  const notMine = (await stranger.caller.upload('remittanceProof', await jpg(), 'receipt.jpg')).body.id;

  const wrongAmount = await caller.post(`/api/orders/${row.id}/remittance`, remittanceBody(proof, { amount: '1000' }));
  expect(wrongAmount).toMatchObject({ status: 400, body: { fields: { amount: 'The amount remitted must be the amount payable: 1234.50 yuan' } } });
  const missing = await caller.post(`/api/orders/${row.id}/remittance`, remittanceBody(proof, { proofs: [], payerName: '', remittedOn: '2026-02-30' }));
  expect(missing.status).toBe(400);
  expect(Object.keys(missing.body.fields).sort()).toEqual(['payerName', 'proofs', 'remittedOn']);
  const stolen = await caller.post(`/api/orders/${row.id}/remittance`, remittanceBody(notMine));
  expect(stolen).toMatchObject({ status: 400, body: { fields: { proofs: 'Upload the remittance proof yourself as a jpg image' } } });
  expect((await caller.upload('remittanceProof', await sharp({ create: { width: 10, height: 10, channels: 3, background: 'red' } }).png().toBuffer(), 'r.png')).status).toBe(415);
  expect((await stranger.caller.post(`/api/orders/${row.id}/remittance`, remittanceBody(notMine))).status).toBe(404);
  expect(await orderOf(caller, row.id)).toMatchObject({ orderState: 0, remittance: null });

  const submitted = await caller.post(`/api/orders/${row.id}/remittance`, remittanceBody(proof));
  expect(submitted.status).toBe(200);
  expect(submitted.body.order).toMatchObject({ orderState: 4, billState: 'ongoing', payMethod: 'offline', remittance: { payerName: '张三', amount: AMOUNT, proofs: [proof] } });
  expect((await caller.post(`/api/orders/${row.id}/remittance`, remittanceBody(proof))).body.message).toBe('Finance is checking the remittance you submitted for this order; please wait for their answer');
  expect((await caller.post(`/api/orders/${row.id}/pay`, { method: 'quickPay', provider: 'sandbox' })).status).toBe(409);
  const noCancel = await caller.post(`/api/orders/${row.id}/cancel`);
  expect(noCancel).toMatchObject({ status: 409, body: { message: 'Finance is checking your remittance for this order; it cannot be cancelled meanwhile' } });

  const task = await financeTask(row.id, 1);
  expect(task).toMatchObject({ queue: 'finance', status: 'open', slaWorkingDays: 2 });
  expect(task.title).toContain(row.order_no);
  const detail = await reviewer.get(taskPath(task.id));
  expect(detail.body.fields).toEqual(expect.arrayContaining(['payerName', 'amount', 'proofs']));
  expect(detail.body.subject.order).toMatchObject({ id: row.id, orderNo: row.order_no, remittance: { bankName: '中国工商银行' } });
  expect(detail.body.subject.uploads[proof]).toMatchObject({ mime: 'image/jpeg' });
  expect(detail.body.subject.user).toMatchObject({ id: user.id });
  expect((await reviewer.post(`${taskPath(task.id)}/claim`)).status).toBe(200);
  expect((await reviewer.post(`${taskPath(task.id)}/complete`, { outcome: 'fail', reasons: {} })).status).toBe(400);
  const proof2 = (await caller.upload('remittanceProof', await jpg(), 'receipt2.jpg')).body.id;
  expect((await reviewer.post(`${taskPath(task.id)}/complete`, { outcome: 'fail', reasons: { proofs: 'The receipt is unreadable' } })).status).toBe(200);

  const rejected = await eventually(async () => {
    const o = await orderOf(caller, row.id);
    return o.orderState === 0 && o;
  });
  expect(rejected.remittanceFlags).toEqual({ proofs: 'The receipt is unreadable' });
  // A fresh window from the rejection (the order's own window was 10 minutes from its creation).
  expect(Date.parse(rejected.deadlineAt)).toBeGreaterThan(Date.parse(row.deadline_at.toISOString()));
  // A corrected proof sent the moment the order reads unpaid again is taken, even while the
  // workflow is still writing the rejection's timeline and message.
  expect((await caller.post(`/api/orders/${row.id}/remittance`, remittanceBody(proof2))).body.order).toMatchObject({ orderState: 4, remittanceFlags: null });
  const messages = await eventually(async () => {
    const items = (await caller.get('/api/messages')).body.items;
    return items.some((m: any) => m.titleKey === 'order.remittanceRejected') && items;
  });
  expect(messages.find((m: any) => m.titleKey === 'order.remittanceRejected').params).toEqual({ orderNumber: row.order_no, reason: 'The receipt is unreadable' });
  const second = await financeTask(row.id, 2);
  expect((await admin.post(`${taskPath(second.id)}/complete`, { outcome: 'approve', reasons: {} })).status).toBe(200);
  expect(await handle.result()).toBe('paid');
  expect(await orderOf(caller, row.id)).toMatchObject({ orderState: 1, payMethod: 'offline', provider: null });
  const events = (await caller.get(`/api/cases/orderPayment/${row.id}`)).body.events;
  expect(events.map((e: any) => `${e.step}:${e.status}`)).toEqual([
    'created:done',
    'awaitingPayment:current',
    'awaitingPayment:done',
    'remittanceReview:current',
    'remittanceReview:failed',
    'awaitingPayment:current',
    'awaitingPayment:done',
    'remittanceReview:current',
    'remittanceReview:done',
    'paid:done',
  ]);
  expect(events[4]).toMatchObject({ actor: 'staff', reasons: { proofs: 'The receipt is unreadable' } });
});

test('online money arriving while finance has the remittance pays the order and withdraws the finance task', async () => {
  const { user, caller } = await signedIn('personal');
  const { row, handle } = await startOrder(user.id);
  const { tradeNo } = await startSandboxPayment(caller, row.id);
  const proof = (await caller.upload('remittanceProof', await jpg(), 'receipt.jpg')).body.id;
  expect((await caller.post(`/api/orders/${row.id}/remittance`, remittanceBody(proof))).status).toBe(200);
  const task = await financeTask(row.id, 1);

  await payOnHostedPage(tradeNo);
  expect(await handle.result()).toBe('paid');
  expect(await orderOf(caller, row.id)).toMatchObject({ orderState: 1, payMethod: 'quickPay', tradeNo });
  expect((await reviewer.get(taskPath(task.id))).body.task.status).toBe('cancelled');
  expect((await reviewer.post(`${taskPath(task.id)}/claim`)).status).toBe(409);
});

test('the bills list filters by bill type and bill state and pages by keyset; bad filters are refused', async () => {
  const { user, caller } = await signedIn('personal');
  const paid = await startOrder(user.id);
  const cancelled = await startOrder(user.id);
  const unpaid = await startOrder(user.id);
  const { tradeNo } = await startSandboxPayment(caller, paid.row.id);
  await payOnHostedPage(tradeNo);
  await paid.handle.result();
  await caller.post(`/api/orders/${cancelled.row.id}/cancel`);

  const ids = async (query: string) => (await caller.get(`/api/orders${query}`)).body.items.map((o: any) => o.id);
  expect(await ids('')).toEqual([unpaid.row.id, cancelled.row.id, paid.row.id]);
  expect(await ids('?bill=successful')).toEqual([paid.row.id]);
  expect(await ids('?bill=failed&direction=spending')).toEqual([cancelled.row.id]);
  expect(await ids('?bill=unpaid')).toEqual([unpaid.row.id]);
  expect(await ids('?bill=ongoing')).toEqual([]);
  expect(await ids('?direction=income')).toEqual([]);

  const first = (await caller.get('/api/orders?limit=2')).body;
  expect(first.items).toHaveLength(2);
  const rest = (await caller.get(`/api/orders?limit=2&after=${first.next}`)).body;
  expect(rest).toMatchObject({ items: [{ id: paid.row.id }], next: null });

  const bad = await caller.get('/api/orders?bill=maybe&direction=sideways&limit=0');
  expect(bad.status).toBe(400);
  expect(Object.keys(bad.body.fields).sort()).toEqual(['bill', 'direction', 'limit']);
  expect((await new Caller().get('/api/orders')).status).toBe(401);
  const other = await signedIn('personal');
  expect((await other.caller.get(`/api/orders/${paid.row.id}`)).status).toBe(404);
  expect((await reviewer.get(`/api/orders/${paid.row.id}`)).body.workflowUrl).toContain('orderPayment');
  expect((await caller.get('/api/orders/not-a-uuid')).status).toBe(404);
  const admins = (await admin.get('/api/admin/orders?bill=successful&limit=100')).body.items.map((o: any) => o.id);
  expect(admins).toContain(paid.row.id);
  expect(admins).not.toContain(unpaid.row.id);
  expect((await caller.get('/api/admin/orders')).status).toBe(403);
  const pay = await caller.post(`/api/orders/${unpaid.row.id}/pay`, { method: 'offline' });
  expect(pay.status).toBe(400);
  const provider = await caller.post(`/api/orders/${unpaid.row.id}/pay`, { method: 'quickPay', provider: 'paypal' });
  expect(provider).toMatchObject({ status: 400, body: { fields: { provider: 'This payment provider is not available' } } });
  await caller.post(`/api/orders/${unpaid.row.id}/cancel`);
});

test('fee table: public read, admin update in yuan stored in fen, bad amounts refused', async () => {
  expect((await new Caller().get('/api/fees')).body.fees).toEqual(DEFAULT_FEE_TABLE);
  const bad = await admin.put('/api/admin/fees', { first: '12.345', existingIpci: '0' });
  expect(bad.status).toBe(400);
  expect(Object.keys(bad.body.fields).sort()).toEqual(['existingIpci', 'first']);
  const { caller } = await signedIn('personal');
  expect((await caller.put('/api/admin/fees', { first: '1', existingIpci: '1' })).status).toBe(403);
  try {
    const saved = await admin.put('/api/admin/fees', { first: '1200.50', existingIpci: 600 });
    expect(saved).toMatchObject({ status: 200, body: { fees: { first: 120_050, existingIpci: 60_000 } } });
    // The monitoring plan prices, left out, keep theirs.
    expect((await new Caller().get('/api/fees')).body.fees).toEqual({ ...DEFAULT_FEE_TABLE, first: 120_050, existingIpci: 60_000 });
    const plans = await admin.put('/api/admin/fees', { first: '1200.50', existingIpci: 600, monitoringMonth: '99.00', monitoringYear: '999' });
    expect(plans.body.fees).toMatchObject({ monitoringMonth: 9_900, monitoringYear: 99_900 });
  } finally {
    // Other test files in the same run expect the default fees.
    await testDb()('fee_table').delete();
  }
});

test('order activities are idempotent: one order per dedupe key, a paid order is never cancelled, completion once', async () => {
  const acts = orderPaymentActivities(testDb());
  const { user } = await signedIn('personal');
  const input = { dedupeKey: `test/${randomUUID()}`, userId: user.id, type: 'certification' as const, subjectKind: 'test', subjectId: randomUUID(), name: 'IP', amountFen: await acts.certificationFee({ mode: 'existingIpci' }) };
  expect(input.amountFen).toBe(DEFAULT_FEE_TABLE.existingIpci);
  const first = await acts.createOrder(input);
  expect(await acts.createOrder(input)).toEqual(first);
  expect(first.orderNo).toMatch(ORDER_NUMBER_PATTERN);
  expect(await testDb()('orders').where({ dedupe_key: input.dedupeKey }).count({ n: '*' })).toEqual([{ n: '1' }]);

  const paid = { orderId: first.orderId, method: 'quickPay' as const, provider: 'sandbox', tradeNo: 'T1', paidAt: new Date().toISOString() };
  await acts.markOrderPaid(paid);
  await acts.markOrderPaid({ ...paid, tradeNo: 'T2' });
  await acts.markOrderCancelled({ orderId: first.orderId });
  expect(await testDb()('orders').where({ id: first.orderId }).first('order_state', 'provider_trade_no')).toEqual({ order_state: 1, provider_trade_no: 'T1' });
  await acts.completeOrder({ orderId: first.orderId });
  await acts.completeOrder({ orderId: first.orderId });
  expect((await testDb()('orders').where({ id: first.orderId }).first('order_state')).order_state).toBe(2);
  expect(await testDb()('case_events').where({ case_kind: 'orderPayment', case_id: first.orderId, step: 'done' }).count({ n: '*' })).toEqual([{ n: '1' }]);
});

test('the sandbox resends its notification with back-off until the merchant answers success; a 4xx refusal is final', async () => {
  // A merchant that is down once (500), then acknowledges; another that refuses (409).
  const calls: Record<string, any[]> = { flaky: [], refusing: [] };
  const merchant = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const which = req.url!.includes('flaky') ? 'flaky' : 'refusing';
      calls[which].push(JSON.parse(body));
      if (which === 'refusing') res.writeHead(409).end('fail');
      else if (calls.flaky.length === 1) res.writeHead(500).end('down');
      else res.writeHead(200).end('success');
    });
  });
  await new Promise<void>((r) => merchant.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(merchant.address() as AddressInfo).port}`;
  try {
    const trade = async (which: string) => {
      const tradeNo = `SBX-TEST-${which}-${randomUUID().slice(0, 8)}`;
      await testDb()('sandbox_trades').insert({ trade_no: tradeNo, order_no: '2026010100000001', subject: 'x', amount: 100, notify_url: `${url}/${which}`, return_url: `${url}/back` });
      expect((await fetch(`${apiBase()}/sandbox-gateway/pay/${tradeNo}`, { method: 'POST', redirect: 'manual' })).headers.get('location')).toBe(`${url}/back`);
      return tradeNo;
    };
    const flaky = await trade('flaky');
    const refused = await trade('refusing');
    const row = await eventually(async () => {
      const r = await testDb()('sandbox_trades').where({ trade_no: flaky }).first();
      return r.notified_at && r;
    });
    expect(row.notify_attempts).toBe(2);
    expect(calls.flaky).toHaveLength(2);
    const [n] = calls.flaky;
    expect(n).toMatchObject({ tradeNo: flaky, orderNo: '2026010100000001', amountFen: 100 });
    expect(n.signature).toBe(signSandbox(sandboxSecret(), { tradeNo: n.tradeNo, orderNo: n.orderNo, amountFen: n.amountFen, paidAt: n.paidAt }));
    await new Promise((r) => setTimeout(r, 2500)); // past the first back-off delays
    expect(calls.refusing).toHaveLength(1);
    expect(await testDb()('sandbox_trades').where({ trade_no: refused }).first('notified_at', 'notify_attempts')).toEqual({ notified_at: null, notify_attempts: 1 });
  } finally {
    merchant.close();
  }
});

test('the back office lists orders of one type (ipAuthOrder: the self-service trades\' service fees); an unknown type is refused', async () => {
  const { user } = await signedIn('personal');
  const order = (type: 'certification' | 'selfServiceTrade') =>
    createOrder(testDb(), { dedupeKey: `test/${randomUUID()}`, userId: user.id, type, subjectKind: 'test', subjectId: randomUUID(), name: '敦煌飞天', amountFen: AMOUNT, timeoutMs: 600_000 });
  const fee = await order('selfServiceTrade');
  const certification = await order('certification');
  const ids = (await admin.get('/api/admin/orders?type=selfServiceTrade&limit=100')).body.items.map((o: any) => o.id);
  expect(ids).toContain(fee.id);
  expect(ids).not.toContain(certification.id);
  const all = (await admin.get('/api/admin/orders?limit=100')).body.items.map((o: any) => o.id);
  expect(all).toEqual(expect.arrayContaining([fee.id, certification.id]));
  const bad = await admin.get('/api/admin/orders?type=lottery');
  expect(bad.status).toBe(400);
  expect(Object.keys(bad.body.fields)).toEqual(['type']);
  // Served by an index, however many orders of other types there are.
  const plan = await testDb().transaction(async (trx) => {
    await trx.raw('set local enable_seqscan = off');
    return trx.raw<{ rows: Array<{ 'QUERY PLAN': string }> }>("explain select * from orders where type = 'selfServiceTrade' order by created_at desc, id desc limit 21");
  });
  expect(plan!.rows.map((r) => r['QUERY PLAN']).join('\n')).toContain('orders_type');
});
