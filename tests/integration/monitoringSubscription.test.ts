import { randomUUID } from 'node:crypto';
import { DEFAULT_FEE_TABLE, ORDER_STATE } from '../../domain/orders';
import { insertSubscription, subscriptionWorkflowId } from '../../db/monitoring';
import { DEMO_ORIGINALS, demoOriginal } from '../../demoMarket';
import { monitoringOrder, monitoringStatus, monitoringSubscription, type MonitoringSubscriptionInput } from '../../workflows/monitoringSubscription';
import { CaseId, CaseKind, CaseState, OwnerUserId } from '../../workflows/lib/searchAttributes';
import { messageOf, stepsOf } from '../support/cases';
import { saveHistory } from '../support/histories';
import { eventually, signedIn, taskPath, testDb, type Caller } from '../support/http';
import { ipciRow } from '../support/ipcis';
import { payOrder } from '../support/orders';
import { staffAndTemporal } from '../support/staffAndTemporal';
import sharp from 'sharp';

const { temporal, reviewer } = staffAndTemporal({ signIn: ['reviewer'] });

const HOUR = 3_600_000;

/**
 * A subscription started as the API starts it, with the plan, the payment window and the crawl
 * interval shortened (the API takes them from MONITORING_PLAN_MS, MONITORING_PAYMENT_MS and
 * MONITORING_CRAWL_INTERVAL_MS).
 */
async function subscribed(over: Partial<MonitoringSubscriptionInput> = {}) {
  const { user, caller } = await signedIn('personal');
  const ipci = await ipciRow(user.id);
  const id = randomUUID();
  await insertSubscription(testDb(), { id, userId: user.id, ipciId: ipci.id, plan: 'month' });
  const handle = await temporal.workflow.start(monitoringSubscription, {
    taskQueue: process.env.TEMPORAL_TASK_QUEUE!,
    workflowId: subscriptionWorkflowId(id),
    args: [{ subscriptionId: id, userId: user.id, plan: 'month', crawlIntervalMs: HOUR, ...over }],
    typedSearchAttributes: [
      { key: CaseId, value: id },
      { key: CaseKind, value: 'monitoringSubscription' },
      { key: CaseState, value: 'ordered' },
      { key: OwnerUserId, value: user.id },
    ],
  });
  const { orderId } = await handle.executeUpdate(monitoringOrder, { args: [{ userId: user.id }] });
  return { user, caller, ipci, id, handle, orderId };
}

const subscription = async (caller: Caller, id: string) => (await caller.get(`/api/monitoring/subscriptions/${id}`)).body.subscription;
const inState = (caller: Caller, id: string, state: string, timeoutMs = 30_000) =>
  eventually(async () => {
    const s = await subscription(caller, id);
    return s.state === state && s;
  }, timeoutMs);

test('paid online: active at once from the payment for the plan, told before and at the end, expired, renewable with its content', async () => {
  const planMs = 12_000;
  const { caller, id, handle, orderId } = await subscribed({ planMs });
  const order = (await caller.get(`/api/orders/${orderId}`)).body.order;
  expect(order).toMatchObject({ type: 'monitoring', orderState: ORDER_STATE.unpaid, amount: DEFAULT_FEE_TABLE.monitoringMonth, names: { en: 'Infringement monitoring, 30 days · Mountains and Seas' } });
  expect(await subscription(caller, id)).toMatchObject({ state: 'ordered', orderId, startsAt: null });

  await payOrder(caller, orderId);
  const active = await inState(caller, id, 'active');
  const paid = (await caller.get(`/api/orders/${orderId}`)).body.order;
  expect(paid.orderState).toBe(ORDER_STATE.completed);
  expect(active.startsAt).toBe(paid.paidAt);
  expect(Date.parse(active.expiresAt) - Date.parse(active.startsAt)).toBe(planMs);
  expect(active.validFrom).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  expect(await messageOf(caller, 'monitoringActive')).toMatchObject({ params: { startsOn: active.validFrom, expiresOn: active.validUntil }, actionLink: `usercenter/monitoring/${id}` });
  // The first crawl starts right after activation; the next one is an interval later.
  const crawled = await eventually(async () => {
    const s = await subscription(caller, id);
    return s.lastCrawlAt && s;
  });
  expect(Date.parse(crawled.lastCrawlAt)).toBeGreaterThanOrEqual(Date.parse(active.startsAt));
  expect(crawled.nextCrawlAt).toBeNull(); // an hour from now is past the plan's end

  await caller.put(`/api/monitoring/subscriptions/${id}/content`, { label: '山海', keywords: [{ text: '山海图', category: 'name' }], pictures: [] });
  // Told at the same share of the plan as 7 of 30 days before its end, then at its end.
  const expiring = await messageOf(caller, 'monitoringExpiring');
  expect(Date.parse(expiring.createdAt)).toBeLessThan(Date.parse(active.expiresAt));
  expect(await handle.result()).toBe('expired');
  const expired = await subscription(caller, id);
  expect(expired).toMatchObject({ state: 'expired', nextCrawlAt: null });
  await messageOf(caller, 'monitoringExpired');
  expect(await stepsOf(caller, 'monitoringSubscription', id)).toEqual(['ordered:done', 'payment:current', 'payment:done', 'active:current', 'active:done', 'expired:done']);
  expect((await caller.put(`/api/monitoring/subscriptions/${id}/content`, { label: 'x', keywords: [], pictures: [] })).status).toBe(409);

  // Renewed: a new subscription with the same content, its own order.
  const renewed = await caller.post(`/api/monitoring/subscriptions/${id}/renew`, { plan: 'year', noRefundAccepted: true });
  expect(renewed.status).toBe(201);
  expect(renewed.body.subscription).toMatchObject({ renewalOf: id, plan: 'year', state: 'ordered', label: '山海', keywords: [{ text: '山海图', category: 'name' }] });
  expect((await caller.get(`/api/orders/${renewed.body.orderId}`)).body.order.amount).toBe(DEFAULT_FEE_TABLE.monitoringYear);
  expect((await caller.post(`/api/monitoring/subscriptions/${id}/renew`, { plan: 'year', noRefundAccepted: true })).status).toBe(409);
  await caller.post(`/api/orders/${renewed.body.orderId}/cancel`);
  await saveHistory(temporal, subscriptionWorkflowId(id), 'monitoringSubscription-paid-expired');
});

test('renewed before the end: the new plan starts where the current one ends', async () => {
  const { caller, id, handle, orderId } = await subscribed({ planMs: 60_000 });
  await payOrder(caller, orderId);
  const current = await inState(caller, id, 'active');
  const renewed = await caller.post(`/api/monitoring/subscriptions/${id}/renew`, { plan: 'month', noRefundAccepted: true });
  expect(renewed.status).toBe(201);
  await payOrder(caller, renewed.body.orderId);
  const next = await inState(caller, renewed.body.subscription.id, 'active');
  expect(next.startsAt).toBe(current.expiresAt);
  expect(Date.parse(next.expiresAt) - Date.parse(next.startsAt)).toBe(30 * 86_400_000);
  // Waiting for its start, it does not crawl: the current plan does.
  expect(next.lastCrawlAt).toBeNull();
  await temporal.workflow.getHandle(subscriptionWorkflowId(next.id)).terminate('test over');
  await handle.terminate('test over');
});

test('unpaid: the order is cancelled in time and the subscription with it', async () => {
  const { caller, id, handle, orderId } = await subscribed({ paymentTimeoutMs: 2_000 });
  expect(await handle.result()).toBe('cancelled');
  expect(await subscription(caller, id)).toMatchObject({ state: 'cancelled', orderState: ORDER_STATE.cancelled, startsAt: null });
  expect((await caller.get(`/api/orders/${orderId}`)).body.order.orderState).toBe(ORDER_STATE.cancelled);
  await messageOf(caller, 'monitoringCancelled');
  expect(await stepsOf(caller, 'monitoringSubscription', id)).toEqual(['ordered:done', 'payment:current', 'payment:failed', 'cancelled:done']);
  await saveHistory(temporal, subscriptionWorkflowId(id), 'monitoringSubscription-unpaid-cancelled');
});

test('offline remittance: active once finance confirms the receipt', async () => {
  const { caller, id, handle, orderId } = await subscribed({ planMs: 4_000 });
  const proof = (await caller.upload('remittanceProof', await sharp({ create: { width: 300, height: 200, channels: 3, background: 'white' } }).jpeg().toBuffer(), 'receipt.jpg')).body.id;
  const remitted = await caller.post(`/api/orders/${orderId}/remittance`, {
    method: 'offline',
    payerName: '张三',
    bankName: '中国工商银行',
    payerAccount: '6222020200112233445',
    amount: (DEFAULT_FEE_TABLE.monitoringMonth / 100).toFixed(2),
    remittedOn: '2026-01-05',
    reference: 'IPCI',
    proofs: [proof],
  });
  expect(remitted.status).toBe(200);
  expect((await subscription(caller, id)).state).toBe('ordered');
  const task = await eventually(async () => ((await reviewer.get('/api/tasks?queue=finance&limit=100')).body.items as any[]).find((t) => t.caseId === orderId));
  expect((await reviewer.post(`${taskPath(task.id)}/claim`)).status).toBe(200);
  expect((await reviewer.post(`${taskPath(task.id)}/complete`, { outcome: 'approve' })).status).toBe(200);
  await inState(caller, id, 'active');
  expect(await handle.result()).toBe('expired');
  await saveHistory(temporal, subscriptionWorkflowId(id), 'monitoringSubscription-offline-expired');
});

test('paused while the IPCI is taken down for title or revoked, with the reason, resumed when valid again; the plan runs out paused', async () => {
  const { caller, ipci, id, handle, orderId } = await subscribed({ planMs: 25_000, crawlIntervalMs: 1_500 });
  await payOrder(caller, orderId);
  await inState(caller, id, 'active');
  await testDb()('ipcis').where({ id: ipci.id }).update({ title_taken_down: true });
  expect(await inState(caller, id, 'paused')).toMatchObject({ pausedReason: 'ipciTakenDown', nextCrawlAt: null });
  await messageOf(caller, 'monitoringPaused.ipciTakenDown');
  await testDb()('ipcis').where({ id: ipci.id }).update({ title_taken_down: false });
  expect(await inState(caller, id, 'active')).toMatchObject({ pausedReason: null });
  await messageOf(caller, 'monitoringResumed');
  await testDb()('ipcis').where({ id: ipci.id }).update({ invalid_at: new Date(), invalid_reason: 'revoked' });
  expect(await inState(caller, id, 'paused')).toMatchObject({ pausedReason: 'ipciRevoked' });
  await messageOf(caller, 'monitoringPaused.ipciRevoked');
  expect(await handle.result()).toBe('expired');
  expect(await stepsOf(caller, 'monitoringSubscription', id)).toEqual(['ordered:done', 'payment:current', 'payment:done', 'active:current', 'paused:current', 'paused:done', 'paused:current', 'paused:done', 'expired:done']);
  await saveHistory(temporal, subscriptionWorkflowId(id), 'monitoringSubscription-pause-resume-expired');
});

test('a long plan goes on in a new run (continueAsNew) with its state: paused from the start, resumed in the next run, expired at the same end', async () => {
  const { caller, ipci, id, handle, orderId } = await subscribed({ planMs: 15_000, crawlIntervalMs: 1_500, ticksPerRun: 2 });
  await testDb()('ipcis').where({ id: ipci.id }).update({ title_taken_down: true });
  await payOrder(caller, orderId);
  const paused = await inState(caller, id, 'paused');
  const firstRun = (await handle.describe()).runId;
  await eventually(async () => (await temporal.workflow.getHandle(handle.workflowId).describe()).runId !== firstRun, 20_000);
  expect(await temporal.workflow.getHandle(handle.workflowId).query(monitoringStatus)).toMatchObject({ state: 'paused', expiresAt: paused.expiresAt });
  await testDb()('ipcis').where({ id: ipci.id }).update({ title_taken_down: false });
  await inState(caller, id, 'active');
  expect(await temporal.workflow.getHandle(handle.workflowId).result()).toBe('expired');
  expect(await stepsOf(caller, 'monitoringSubscription', id)).toEqual(['ordered:done', 'payment:current', 'payment:done', 'active:current', 'paused:current', 'paused:done', 'active:done', 'expired:done']);
  // Told once before the end, across runs.
  expect(((await caller.get('/api/messages?limit=50')).body.items as any[]).filter((m) => m.titleKey === 'monitoringExpiring')).toHaveLength(1);
  await saveHistory(temporal, subscriptionWorkflowId(id), 'monitoringSubscription-carried-resume-expired');
});

test('crawls: right after activation the demo marketplace is crawled and matched, new suspects arrive as one digest; a content change crawls again at once on the same run', async () => {
  const { caller, id, handle, orderId } = await subscribed({ planMs: 3 * HOUR });
  const original = (await caller.upload('monitorPicture', await demoOriginal(0), 'qingluan-1.jpg')).body.id as string;
  const content = { label: '青鸾', keywords: DEMO_ORIGINALS[0].keywords, pictures: [{ uploadId: original }] };
  expect((await caller.put(`/api/monitoring/subscriptions/${id}/content`, content)).status).toBe(200);
  await payOrder(caller, orderId);

  const found = await eventually(async () => {
    const s = await subscription(caller, id);
    return s.suspects.total > 0 && s;
  }, 150_000);
  expect(found.suspects.new).toBe(found.suspects.total);
  const digest = await messageOf(caller, 'suspectDigest');
  expect(digest.actionLink).toBe(`usercenter/suspecttort?subscriptionId=${id}`);
  const first = await eventually(async () => {
    const status = await handle.query(monitoringStatus);
    return status.crawls === 1 && !status.crawling && status;
  }, 60_000);
  expect(first.state).toBe('active');
  const { lastCrawlAt } = await subscription(caller, id);
  expect(Date.parse((await subscription(caller, id)).nextCrawlAt)).toBeGreaterThan(Date.parse(lastCrawlAt));

  // The content changes: matched again at once, on the crawl just made (the sites are not crawled twice).
  const runs = Number((await testDb()('crawl_runs').count({ n: '*' }))[0].n);
  const second = (await caller.upload('monitorPicture', await demoOriginal(0, 1), 'qingluan-2.png')).body.id as string;
  expect((await caller.put(`/api/monitoring/subscriptions/${id}/content`, { ...content, pictures: [{ uploadId: original }, { uploadId: second }] })).status).toBe(200);
  await eventually(async () => {
    const status = await handle.query(monitoringStatus);
    return status.crawls === 2 && !status.crawling;
  }, 60_000);
  expect(Date.parse((await subscription(caller, id)).lastCrawlAt)).toBeGreaterThan(Date.parse(lastCrawlAt));
  expect(Number((await testDb()('crawl_runs').count({ n: '*' }))[0].n)).toBe(runs);
  // Crawls take hours on a real site list: long start-to-close, and a heartbeat to notice a dead worker.
  const scheduled = (await handle.fetchHistory()).events!.filter((e) => e.activityTaskScheduledEventAttributes?.activityType?.name === 'crawlSites');
  expect(scheduled.map((e) => [Number(e.activityTaskScheduledEventAttributes!.startToCloseTimeout!.seconds), Number(e.activityTaskScheduledEventAttributes!.heartbeatTimeout!.seconds)])).toEqual([
    [12 * 3600, 120],
    [12 * 3600, 120],
  ]);
  await saveHistory(temporal, subscriptionWorkflowId(id), 'monitoringSubscription-crawl-match-content');
  await handle.terminate('test over');
}, 300_000);
