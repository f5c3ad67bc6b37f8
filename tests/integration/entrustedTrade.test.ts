import { WorkflowUpdateFailedError } from '@temporalio/client';
import { randomUUID } from 'node:crypto';
import { insertTrade } from '../../db/trades';
import { cancelEntrustedTrade, entrustedTrade } from '../../workflows/entrustedTrade';
import { completeTask } from '../../workflows/lib/humanTask';
import { listedIp } from '../support/catalogue';
import { saveHistory } from '../support/histories';
import { Caller, DEMO, eventually, signedIn, taskPath, testDb } from '../support/http';
import { certifiedUser } from '../support/identity';
import { staffAndTemporal } from '../support/staffAndTemporal';
import { openTask } from '../support/cases';

const { temporal, reviewer } = staffAndTemporal({ signIn: ['reviewer'] });

const request = (ipciId: string, over: Record<string, unknown> = {}) => ({
  ipciId,
  exclusive: false,
  channels: ['toys'],
  region: '',
  description: 'Plush toys of the main characters for the Chinese market',
  contactPerson: '李四',
  phone: '13800138000',
  email: 'buyer@example.com',
  ...over,
});

const trade = (id: string) => testDb()('trades').where({ id }).first();
const decide = (taskId: string, body: Record<string, unknown>) => reviewer.post(`${taskPath(taskId)}/complete`, body);

/** A certified buyer, a seller with a listed IP, and the buyer's entrusted trade on it. */
async function entrusted() {
  const { user: seller, caller: sellerCaller } = await signedIn('enterprise');
  const ip = await listedIp(seller.id);
  const { user: buyer, caller } = await certifiedUser();
  const r = await caller.post('/api/trades/entrusted', request(ip.id));
  expect(r.status).toBe(201);
  return { seller, sellerCaller, buyer, caller, ip, trade: r.body.trade };
}

const TERMS = { licencePrice: '5000', licenceExclusive: 'yes', licenceChannels: 'toys, apparel', licenceRegion: 'CN', licenceTerm: '2026-01-01/2099-12-31' };

test('entrusted: staff record the contact, then the negotiated terms → completed with a trade record and a licence', async () => {
  const { seller, sellerCaller, buyer, caller, ip, trade: t } = await entrusted();
  expect(t).toMatchObject({ mode: 'entrusted', state: 'pendingConfirmation', step: 'platformContact', side: 'buyer', actions: ['view', 'cancel'] });
  expect(t.application).toMatchObject({ manual: false, channels: ['toys'] });

  // One open entrusted trade per buyer and IP.
  expect((await caller.post('/api/trades/entrusted', request(ip.id))).body).toMatchObject({ code: 'conflict' });

  const contact = await openTask('entrustedTrade', t.id, 'platformContact');
  expect(contact).toMatchObject({ queue: 'trade', candidate_role: 'reviewer' });
  const detail = await reviewer.get(taskPath(contact.id));
  expect(detail.body).toMatchObject({ values: ['contactSummary'], fields: ['contact'], subject: { trade: { id: t.id, side: null } } });
  expect(detail.body.subject.rightScopes.map((s: any) => s.code)).toContain('toys');
  expect((await decide(contact.id, { outcome: 'approve', reasons: {}, values: { contactSummary: 'Phoned the buyer; wants plush toys' } })).status).toBe(200);

  const negotiation = await openTask('entrustedTrade', t.id, 'negotiation');
  expect(await trade(t.id)).toMatchObject({ state: 'ongoing', step: 'negotiation', outcome: { contact: { summary: 'Phoned the buyer; wants plush toys' } } });
  // Terms are checked before the workflow sees them: term order, known channels, region, yes/no.
  const bad = await decide(negotiation.id, { outcome: 'approve', reasons: {}, values: { ...TERMS, licenceTerm: '2030-01-01/2029-01-01', licenceChannels: 'toys,spaceships', licenceRegion: 'XX' } });
  expect(bad.status).toBe(400);
  expect(Object.keys(bad.body.fields).sort()).toEqual(['values.licenceChannels', 'values.licenceRegion', 'values.licenceTerm']);
  expect((await decide(negotiation.id, { outcome: 'approve', reasons: {}, values: { ...TERMS, licenceExclusive: 'maybe' } })).status).toBe(400);
  expect((await decide(negotiation.id, { outcome: 'approve', reasons: {}, values: TERMS, comment: 'Agreed by phone' })).status).toBe(200);

  expect(await temporal.workflow.getHandle(`entrustedTrade/${t.id}`).result()).toBe('completed');
  expect(await trade(t.id)).toMatchObject({ state: 'completed', step: 'done', price_fen: '500000', exclusive: true, channels: ['toys', 'apparel'], region: 'CN' });
  const record = await testDb()('trade_records').where({ trade_id: t.id }).first();
  expect(record).toMatchObject({ ipci_id: ip.id, user_id: seller.id, scope: ['toys', 'apparel'], exclusive: true, region: 'CN', visible: true });
  expect(await testDb()('licences').where({ trade_id: t.id }).first()).toMatchObject({ exclusive: true, channels: ['toys', 'apparel'], region: 'CN' });
  expect((await testDb()('ip_listings').where({ ipci_id: ip.id }).first()).trade_status).toBe('exclusive');

  // Both parties read the timeline; nobody else does.
  const timeline = await caller.get(`/api/cases/entrustedTrade/${t.id}`);
  expect(timeline.status).toBe(200);
  expect(timeline.body.events.map((e: any) => `${e.step}:${e.status}`)).toEqual(
    expect.arrayContaining(['submit:done', 'platformContact:done', 'negotiation:done', 'completed:done']),
  );
  expect((await sellerCaller.get(`/api/cases/entrustedTrade/${t.id}`)).status).toBe(200);
  const { caller: stranger } = await signedIn('personal');
  expect((await stranger.get(`/api/cases/entrustedTrade/${t.id}`)).status).toBe(403);
  const messages = await testDb()('messages').where({ user_id: buyer.id }).orderBy('id').pluck('title_key');
  expect(messages).toEqual(['entrustedTrade.received', 'entrustedTrade.contacted', 'entrustedTrade.completed']);
  await saveHistory(temporal, `entrustedTrade/${t.id}`, 'entrustedTrade-contact-complete');
});

test('entrusted: negotiated terms that conflict with a licence in force are refused; a conflict arising meanwhile asks again', async () => {
  const { seller, sellerCaller, ip, trade: t } = await entrusted();
  const contact = await openTask('entrustedTrade', t.id, 'platformContact');
  expect((await decide(contact.id, { outcome: 'approve', reasons: {}, values: { contactSummary: 'Called' } })).status).toBe(200);
  const first = await openTask('entrustedTrade', t.id, 'negotiation');
  // The seller licensed toys in China exclusively in the meantime.
  const record = { ipciId: ip.id, licensee: 'Exclusive Toys Ltd', scope: ['toys'], sublicensing: 'N', exclusive: true, region: 'CN', termPermanent: true, enteredOn: '2026-01-01' };
  expect((await sellerCaller.post('/api/trade-records', record)).status).toBe(201);
  const refused = await decide(first.id, { outcome: 'approve', reasons: {}, values: TERMS });
  expect(refused.status).toBe(400);
  expect(refused.body.fields['values.licenceChannels']).toContain('Exclusive Toys Ltd');

  // A decision that reaches the workflow anyway (the licence written after the check): nothing is written, staff negotiate again.
  const handle = temporal.workflow.getHandle(`entrustedTrade/${t.id}`);
  const actor = { userId: seller.id, name: 'Rita', roles: ['admin' as const] };
  await handle.executeUpdate(completeTask, { args: [{ taskId: first.id, actor, decision: { outcome: 'approve', reasons: {}, comment: '', values: TERMS } }] });
  const second = await eventually(() => testDb()('tasks').where({ case_id: t.id, step: 'negotiation', status: 'open' }).whereNot({ id: first.id }).first());
  expect(second.id).toBe(`entrustedTrade/${t.id}/negotiation/2`);
  expect(await trade(t.id)).toMatchObject({ state: 'ongoing', step: 'negotiation', price_fen: null });
  expect(await testDb()('licences').where({ trade_id: t.id }).first()).toBeUndefined();
  expect((await decide(second.id, { outcome: 'approve', reasons: {}, values: { ...TERMS, licenceExclusive: 'no', licenceChannels: 'apparel' } })).status).toBe(200);
  expect(await handle.result()).toBe('completed');
  expect(await trade(t.id)).toMatchObject({ state: 'completed', channels: ['apparel'], exclusive: false });
  await saveHistory(temporal, `entrustedTrade/${t.id}`, 'entrustedTrade-conflict-renegotiate');
});

test('entrusted: staff close the negotiation with a reason → closed', async () => {
  const { buyer, trade: t } = await entrusted();
  const contact = await openTask('entrustedTrade', t.id, 'platformContact');
  expect((await decide(contact.id, { outcome: 'approve', reasons: {}, values: { contactSummary: 'Emailed the buyer' } })).status).toBe(200);
  const negotiation = await openTask('entrustedTrade', t.id, 'negotiation');
  expect((await decide(negotiation.id, { outcome: 'fail', reasons: { negotiation: 'The holder declined the price' } })).status).toBe(200);
  expect(await temporal.workflow.getHandle(`entrustedTrade/${t.id}`).result()).toBe('closed');
  expect(await trade(t.id)).toMatchObject({ state: 'closed', step: 'done', close_reason: 'staffClosed', outcome: { result: 'closed', reason: 'The holder declined the price' } });
  expect(await testDb()('trade_records').where({ trade_id: t.id }).first()).toBeUndefined();
  const closed = await testDb()('messages').where({ user_id: buyer.id, title_key: 'entrustedTrade.closed' }).first();
  expect(closed.params).toMatchObject({ reason: 'The holder declined the price' });
  await saveHistory(temporal, `entrustedTrade/${t.id}`, 'entrustedTrade-contact-close');
});

test('entrusted: the buyer cancels while staff have not contacted them; only the buyer may', async () => {
  const { buyer, seller, sellerCaller, caller, trade: t } = await entrusted();
  const contact = await openTask('entrustedTrade', t.id, 'platformContact');
  expect(contact.title).toContain(buyer.username);
  const handle = temporal.workflow.getHandle(`entrustedTrade/${t.id}`);
  await expect(handle.executeUpdate(cancelEntrustedTrade, { args: [{ userId: seller.id }] })).rejects.toBeInstanceOf(WorkflowUpdateFailedError);
  // The trade routes' cancel action reaches this workflow for entrusted trades; only the buyer may use it.
  expect((await sellerCaller.post(`/api/trades/${t.id}/cancel`)).status).toBe(403);
  const cancelled = await caller.post(`/api/trades/${t.id}/cancel`);
  expect(cancelled.status).toBe(200);
  expect(cancelled.body.trade).toMatchObject({ state: 'closed', closeReason: 'cancelledByBuyer', actions: ['view', 'delete'] });
  expect(await handle.result()).toBe('closed');
  expect((await caller.post(`/api/trades/${t.id}/cancel`)).body).toMatchObject({ code: 'conflict' });
  expect(await trade(t.id)).toMatchObject({ state: 'closed', close_reason: 'cancelledByBuyer' });
  expect((await testDb()('tasks').where({ id: contact.id }).first()).status).toBe('cancelled');
  // The withdrawn task refuses decisions.
  expect((await decide(contact.id, { outcome: 'approve', reasons: {}, values: { contactSummary: 'late' } })).status).toBe(409);
  await saveHistory(temporal, `entrustedTrade/${t.id}`, 'entrustedTrade-cancel');
});

test('entrusted: a contact missed past its SLA is marked overdue and escalated', async () => {
  const { user: seller } = await signedIn('enterprise');
  const ip = await listedIp(seller.id);
  const { user: buyer } = await certifiedUser();
  const row = await insertTrade(testDb(), { mode: 'entrusted', ipciId: ip.id, buyerId: buyer.id, sellerId: seller.id, step: 'platformContact', application: { ...request(ip.id), manual: true } });
  if (row === 'alreadyOpen') throw new Error('unexpected');
  const handle = await temporal.workflow.start(entrustedTrade, {
    taskQueue: process.env.TEMPORAL_TASK_QUEUE!,
    workflowId: row.workflow_id,
    args: [{ tradeId: row.id, buyerId: buyer.id, sellerId: seller.id, manual: true, slaOverrideMs: 1500 }],
  });
  const task = await eventually(() => testDb()('tasks').where({ case_id: row.id }).whereNotNull('escalated_at').first(), 20_000);
  expect(task).toMatchObject({ status: 'open', queue: 'trade', step: 'platformContact' });
  const admin = await new Caller().login(...DEMO.admin);
  const overdue = await admin.get('/api/tasks?overdue=true&queue=trade&limit=100');
  expect(overdue.body.items.find((t: any) => t.id === task.id)).toMatchObject({ overdue: true });
  // A manual trade's messages have their own wording.
  expect(await testDb()('messages').where({ user_id: buyer.id }).pluck('title_key')).toEqual(['manualTrade.received']);
  await handle.executeUpdate(cancelEntrustedTrade, { args: [{ userId: buyer.id }] });
  expect(await handle.result()).toBe('closed');
});

test('POST /api/trades/entrusted: listed IPs only, never one\'s own, channels from the dictionary', async () => {
  const { user: holder, caller: holderCaller } = await certifiedUser();
  const ip = await listedIp(holder.id);
  expect((await holderCaller.post('/api/trades/entrusted', request(ip.id))).body).toMatchObject({ code: 'conflict' });
  const { caller } = await certifiedUser();
  expect((await caller.post('/api/trades/entrusted', request(randomUUID()))).status).toBe(404);
  const unknown = await caller.post('/api/trades/entrusted', request(ip.id, { channels: ['spaceships'] }));
  expect(unknown.status).toBe(400);
  expect(Object.keys(unknown.body.fields)).toEqual(['channels']);
  // Not certified: the identity guard.
  const { caller: plain } = await signedIn('personal');
  expect((await plain.post('/api/trades/entrusted', request(ip.id))).body).toMatchObject({ code: 'identityRequired' });
});
