import { insertTrade } from '../../db/trades';
import { serviceFeeFen } from '../../domain/trade';
import { agreeTrade, tradeOrder } from '../../workflows/tradeOrder';
import { CaseId, CaseKind, OwnerUserId } from '../../workflows/lib/searchAttributes';
import { Caller, eventually, PDF, signedIn, taskPath, testDb } from '../support/http';
import { saveHistory } from '../support/histories';
import { certifiedUser } from '../support/identity';
import { listedIp } from '../support/catalogue';
import { selfServiceApplication } from '../support/tradeData';
import { staffAndTemporal } from '../support/staffAndTemporal';
import { stepsOf } from '../support/cases';
import { payOrder } from '../support/orders';

const { temporal, reviewer, admin } = staffAndTemporal();

/** A seller with a listed IP and a certified buyer with a proposal document of their own. */
async function parties() {
  const seller = await certifiedUser();
  const buyer = await certifiedUser();
  const ip = await listedIp(seller.user.id);
  const proposal = (await buyer.caller.upload('proof', PDF, 'plan.pdf')).body.id as string;
  return { seller, buyer, ip, proposal };
}

const detailOf = async (caller: Caller, id: string) => (await caller.get(`/api/trades/${id}`)).body;
const atStep = (caller: Caller, id: string, step: string, timeoutMs = 30_000) =>
  eventually(async () => {
    const d = await detailOf(caller, id);
    return d.trade?.step === step && d;
  }, timeoutMs);
const keysOf = async (caller: Caller) => (await caller.get('/api/messages?limit=50')).body.items.map((m: any) => m.titleKey as string);

/** Staff decide the platform check of round `round`. */
async function check(tradeId: string, round: number, decision: Record<string, unknown>) {
  const taskId = `tradeOrder/${tradeId}/platformCheck/${round}`;
  await eventually(async () => (await reviewer.get(taskPath(taskId))).status === 200);
  expect((await reviewer.post(`${taskPath(taskId)}/claim`)).status).toBe(200);
  const r = await reviewer.post(`${taskPath(taskId)}/complete`, decision);
  expect(r.status).toBe(200);
}
const approve = (tradeId: string, round = 1) => check(tradeId, round, { outcome: 'approve', reasons: {}, comment: '' });

async function apply(buyer: Caller, ipciId: string, proposal: string, over: Record<string, unknown> = {}) {
  const r = await buyer.post('/api/trades/selfservice', selfServiceApplication(ipciId, proposal, over));
  expect(r.status).toBe(201);
  return r.body.trade.id as string;
}

/** A self-service trade started directly (no platform check), with the workflow input and application a test needs. */
async function startDirect(p: Awaited<ReturnType<typeof parties>>, input: { responseTimeoutMs?: number; paymentTimeoutMs?: number }, over: Record<string, unknown> = {}) {
  const row = await insertTrade(testDb(), {
    mode: 'selfService',
    ipciId: p.ip.id,
    buyerId: p.buyer.user.id,
    sellerId: p.seller.user.id,
    step: 'sellerDecision',
    application: selfServiceApplication(p.ip.id, p.proposal, over),
    priceFen: 100_000,
  });
  if (row === 'alreadyOpen') throw new Error('already open');
  await temporal.workflow.start(tradeOrder, {
    taskQueue: process.env.TEMPORAL_TASK_QUEUE!,
    workflowId: row.workflow_id,
    args: [{ tradeId: row.id, mode: 'selfService', buyerId: row.buyer_id, sellerId: row.seller_id, platformCheck: false, ...input }],
    typedSearchAttributes: [
      { key: CaseId, value: row.id },
      { key: CaseKind, value: 'tradeOrder' },
      { key: OwnerUserId, value: row.buyer_id },
    ],
  });
  return row.id;
}

test('self-service: check fails → the buyer corrects only the flagged fields → recheck → counter-offer declined, then accepted → fee paid at the sandbox → completed with a trade record and a licence', async () => {
  const p = await parties();
  const { buyer, seller, ip, proposal } = p;
  const id = await apply(buyer.caller, ip.id, proposal);
  const first = await detailOf(buyer.caller, id);
  expect(first.trade).toMatchObject({ mode: 'selfService', state: 'pendingConfirmation', step: 'platformCheck', side: 'buyer', priceFen: 100_000, channels: ['merch'], termFrom: '2027-01-01' });
  expect(first.trade.actions).toEqual(expect.arrayContaining(['view', 'reply', 'cancel']));

  // The inbox shows the application; a failure flags the price.
  await check(id, 1, { outcome: 'fail', reasons: { price: 'Too low for a licence of this kind' }, comment: '' });
  const correcting = await atStep(buyer.caller, id, 'correction');
  expect(correcting.trade.checkFlags).toEqual({ price: 'Too low for a licence of this kind' });
  expect(correcting.trade.actions).toContain('resubmit');
  // Only the flagged fields may change.
  const wrong = await buyer.caller.put(`/api/trades/${id}/application`, selfServiceApplication(ip.id, proposal, { price: '2000.00', description: 'Something else' }));
  expect(wrong.status).toBe(400);
  expect(Object.keys(wrong.body.fields)).toEqual(['description']);
  expect((await seller.caller.put(`/api/trades/${id}/application`, selfServiceApplication(ip.id, proposal, { price: '2000.00' }))).status).toBe(403);
  const fixed = await buyer.caller.put(`/api/trades/${id}/application`, selfServiceApplication(ip.id, proposal, { price: '2000.00' }));
  expect(fixed.status).toBe(200);
  expect(fixed.body.trade).toMatchObject({ step: 'platformCheck', priceFen: 200_000, checkFlags: null });
  await approve(id, 2);

  // The seller decides: no licence in force, so no conflicts; a counter-offer goes to the buyer.
  const deciding = await atStep(seller.caller, id, 'sellerDecision');
  expect(deciding.conflicts).toEqual([]);
  expect(deciding.trade.actions).toEqual(expect.arrayContaining(['agree', 'reject', 'counterOffer']));
  const offer = { price: '3000.00', channels: ['merch', 'online'], termPermanent: false, termFrom: '2027-01-01', termTo: '2028-12-31', note: 'Two years, two channels' };
  const countered = await seller.caller.post(`/api/trades/${id}/counter-offer`, offer);
  expect(countered.status).toBe(200);
  expect(countered.body.trade).toMatchObject({ step: 'counterOffer', counterOffer: { priceFen: 300_000, channels: ['merch', 'online'] } });
  expect((await seller.caller.post(`/api/trades/${id}/counter-answer`, { accept: true })).status).toBe(403);
  const declined = await buyer.caller.post(`/api/trades/${id}/counter-answer`, { accept: false });
  expect(declined.body.trade).toMatchObject({ step: 'sellerDecision', counterOffer: null, priceFen: 200_000 });
  await seller.caller.post(`/api/trades/${id}/counter-offer`, offer);
  const accepted = await buyer.caller.post(`/api/trades/${id}/counter-answer`, { accept: true });
  expect(accepted.status).toBe(200);
  // Accepting is agreement: the terms are replaced and the fee's order exists at once.
  expect(accepted.body.trade).toMatchObject({ step: 'awaitingFee', state: 'pendingConfirmation', priceFen: 300_000, channels: ['merch', 'online'], termTo: '2028-12-31', serviceFeeFen: serviceFeeFen(300_000) });
  const orderId = accepted.body.trade.orderId as string;
  expect(accepted.body.trade.actions).toContain('payFee');
  expect(accepted.body.messages.map((m: any) => `${m.authorSide}:${m.kind}`)).toEqual(['seller:counterOffer', 'buyer:counterDeclined', 'seller:counterOffer', 'buyer:counterAccepted']);
  const order = (await buyer.caller.get(`/api/orders/${orderId}`)).body.order;
  expect(order).toMatchObject({ type: 'selfServiceTrade', amount: serviceFeeFen(300_000), payable: serviceFeeFen(300_000) });

  // Agreeing twice is a clear refusal, from the API and from the workflow's own validator.
  expect((await seller.caller.post(`/api/trades/${id}/decision`, { outcome: 'agree', reason: '' })).status).toBe(409);
  await expect(temporal.workflow.getHandle(`tradeOrder/${id}`).executeUpdate(agreeTrade, { args: [{ userId: seller.user.id }] })).rejects.toMatchObject({ cause: { message: 'trade.notAwaitingDecision' } });

  await payOrder(buyer.caller, orderId);
  const ongoing = await atStep(buyer.caller, id, 'inProgress');
  expect(ongoing.trade.state).toBe('ongoing');
  expect(ongoing.trade.actions).toContain('confirmCompletion');
  expect((await buyer.caller.post(`/api/trades/${id}/cancel`)).status).toBe(409);
  expect((await seller.caller.post(`/api/trades/${id}/complete`)).status).toBe(403);
  const done = await buyer.caller.post(`/api/trades/${id}/complete`);
  expect(done.status).toBe(200);
  expect(done.body.trade).toMatchObject({ state: 'completed', step: 'done', actions: expect.arrayContaining(['evaluate', 'delete']) });

  const record = await testDb()('trade_records').where({ trade_id: id }).first();
  expect(record).toMatchObject({ ipci_id: ip.id, user_id: seller.user.id, scope: ['merch', 'online'], exclusive: false, visible: true, sublicensing: 'N' });
  expect(await testDb()('licences').where({ trade_id: id }).first()).toMatchObject({ ipci_id: ip.id, exclusive: false, channels: ['merch', 'online'] });
  expect((await testDb()('ip_listings').where({ ipci_id: ip.id }).first()).trade_status).toBe('open'); // the term starts in 2027
  expect((await testDb()('orders').where({ id: orderId }).first()).order_state).toBe(2);

  // Both parties read the timeline; the seller got a message at each of the buyer's steps.
  expect(await stepsOf(seller.caller, 'tradeOrder', id)).toEqual(expect.arrayContaining(['platformCheck:failed', 'correction:done', 'counterOffer:done', 'awaitingFee:done', 'completed:done']));
  expect(await keysOf(seller.caller)).toEqual(expect.arrayContaining(['trade.received', 'trade.counterDeclined', 'trade.counterAccepted', 'trade.paid', 'trade.completed']));
  expect(await keysOf(buyer.caller)).toEqual(expect.arrayContaining(['trade.submittedForCheck', 'trade.checkFailed', 'trade.counterOffer', 'trade.awaitingFee', 'trade.completed']));
  await saveHistory(temporal, `tradeOrder/${id}`, 'tradeOrder-check-fail-counter-pay-complete');
});

test('agree → pay → complete; the seller rejects another with a reason; deleting hides a finished trade from one side only', async () => {
  const p = await parties();
  const { buyer, seller, ip, proposal } = p;
  const id = await apply(buyer.caller, ip.id, proposal, { exclusive: true, termPermanent: true, termFrom: '', termTo: '' });
  await approve(id);
  await atStep(seller.caller, id, 'sellerDecision');
  const agreed = await seller.caller.post(`/api/trades/${id}/decision`, { outcome: 'agree', reason: '' });
  expect(agreed.status).toBe(200);
  expect(agreed.body.trade.step).toBe('awaitingFee');
  await payOrder(buyer.caller, agreed.body.trade.orderId);
  await atStep(buyer.caller, id, 'inProgress');
  expect((await buyer.caller.post(`/api/trades/${id}/complete`)).body.trade.state).toBe('completed');
  // A permanent exclusive licence: the listing is exclusive from today.
  expect((await testDb()('ip_listings').where({ ipci_id: ip.id }).first()).trade_status).toBe('exclusive');
  // The timeline names the party that acted, not just "the user".
  const events: Array<{ step: string; status: string; actor: string }> = (await buyer.caller.get(`/api/cases/tradeOrder/${id}`)).body.events;
  const actorOf = (step: string, status: string) => events.find((e) => e.step === step && e.status === status)?.actor;
  expect([actorOf('submit', 'done'), actorOf('sellerDecision', 'done'), actorOf('awaitingFee', 'done'), actorOf('completed', 'done')]).toEqual(['buyer', 'seller', 'buyer', 'buyer']);
  await saveHistory(temporal, `tradeOrder/${id}`, 'tradeOrder-agree-pay-complete');

  // Another buyer: the seller rejects; a second decision is refused.
  const other = await certifiedUser();
  const otherProposal = (await other.caller.upload('proof', PDF, 'plan.pdf')).body.id;
  const second = await apply(other.caller, ip.id, otherProposal, { channels: ['games'] });
  await approve(second);
  await atStep(seller.caller, second, 'sellerDecision');
  expect((await seller.caller.post(`/api/trades/${second}/decision`, { outcome: 'reject' })).body.fields).toEqual({ reason: expect.any(String) });
  const rejected = await seller.caller.post(`/api/trades/${second}/decision`, { outcome: 'reject', reason: 'Not this year' });
  expect(rejected.body.trade).toMatchObject({ state: 'refused', step: 'done', rejectReason: 'Not this year', orderId: null });
  expect((await seller.caller.post(`/api/trades/${second}/decision`, { outcome: 'agree', reason: '' })).status).toBe(409);
  expect(await keysOf(other.caller)).toContain('trade.refused');
  await saveHistory(temporal, `tradeOrder/${second}`, 'tradeOrder-reject');

  // Delete: only finished trades, and only from the deleting side's list.
  expect((await other.caller.request('DELETE', `/api/trades/${second}`)).status).toBe(204);
  expect((await other.caller.get('/api/trades?side=buyer')).body.items).toEqual([]);
  expect((await seller.caller.get('/api/trades?side=seller&state=refused')).body.items.map((t: any) => t.id)).toEqual([second]);
  const sellerList = await seller.caller.get('/api/trades?side=seller&limit=1');
  expect(sellerList.body.items).toHaveLength(1);
  expect((await seller.caller.get(`/api/trades?side=seller&limit=1&after=${sellerList.body.next}`)).body.items).toHaveLength(1);
});

test('licence conflicts: an exclusive licence in force blocks any overlapping request, and an exclusive request is blocked by any overlapping licence; the seller sees why', async () => {
  const p = await parties();
  const { buyer, seller, ip, proposal } = p;
  await testDb()('licences').insert({ ipci_id: ip.id, licensee: 'Earlier licensee', exclusive: true, channels: ['merch'], region: '', term_from: '2027-06-01', term_to: '2027-06-30' });
  const id = await apply(buyer.caller, ip.id, proposal);
  await approve(id);
  const deciding = await atStep(seller.caller, id, 'sellerDecision');
  expect(deciding.conflicts).toEqual([expect.objectContaining({ licensee: 'Earlier licensee', because: 'existingExclusive', channels: ['merch'] })]);
  expect((await detailOf(buyer.caller, id)).conflicts).toEqual([]);
  const refused = await seller.caller.post(`/api/trades/${id}/decision`, { outcome: 'agree', reason: '' });
  expect(refused.status).toBe(409);
  expect(refused.body).toMatchObject({ code: 'conflict', message: 'This licence conflicts with a licence of the IP that is in force or reserved for a trade under way', conflicts: [expect.objectContaining({ because: 'existingExclusive' })] });
  // The workflow checks again on its own.
  await expect(temporal.workflow.getHandle(`tradeOrder/${id}`).executeUpdate(agreeTrade, { args: [{ userId: seller.user.id }] })).rejects.toMatchObject({ cause: { message: 'trade.licenceConflict' } });
  expect((await detailOf(seller.caller, id)).trade.step).toBe('sellerDecision');

  // Any licence vs an exclusive request, on another IP.
  const ip2 = await listedIp(seller.user.id);
  await testDb()('licences').insert({ ipci_id: ip2.id, licensee: 'Open licensee', exclusive: false, channels: [], region: 'CN', term_from: null, term_to: null });
  const id2 = await apply(buyer.caller, ip2.id, proposal, { exclusive: true, region: 'CN' });
  await approve(id2);
  await atStep(seller.caller, id2, 'sellerDecision');
  const refused2 = await seller.caller.post(`/api/trades/${id2}/decision`, { outcome: 'agree', reason: '' });
  expect(refused2.status).toBe(409);
  expect(refused2.body.conflicts).toEqual([expect.objectContaining({ licensee: 'Open licensee', because: 'requestExclusive' })]);
  // Elsewhere (another region) the same exclusive request has no conflict.
  await testDb()('trades').where({ id: id2 }).update({ region: 'JP' });
  expect((await seller.caller.post(`/api/trades/${id2}/decision`, { outcome: 'agree', reason: '' })).body.trade.step).toBe('awaitingFee');
});

test('guards: certified users only, not one’s own IP, only listed IPs, one open trade per buyer, IP and mode; nobody else reads or acts on a trade', async () => {
  const p = await parties();
  const { buyer, seller, ip, proposal } = p;
  const { caller: uncertified } = await signedIn('personal');
  expect((await uncertified.post('/api/trades/selfservice', selfServiceApplication(ip.id, proposal))).body.code).toBe('identityRequired');
  const own = await seller.caller.post('/api/trades/contact', { ipciId: ip.id, message: 'Hello', contactPerson: 'Me', phone: '13800138000', email: 'me@example.com' });
  expect(own.status).toBe(409);
  expect(own.body.message).toBe('You cannot trade with your own IP');
  await testDb()('ip_listings').where({ ipci_id: ip.id }).update({ listed: false });
  expect((await buyer.caller.post('/api/trades/selfservice', selfServiceApplication(ip.id, proposal))).status).toBe(404);
  await testDb()('ip_listings').where({ ipci_id: ip.id }).update({ listed: true });
  // Someone else's upload is not a proposal of the buyer's.
  const foreign = (await seller.caller.upload('proof', PDF, 'x.pdf')).body.id;
  expect((await buyer.caller.post('/api/trades/selfservice', selfServiceApplication(ip.id, foreign))).body.fields).toEqual({ proposal: expect.any(String) });
  const over = await buyer.caller.post('/api/trades/selfservice', selfServiceApplication(ip.id, proposal, { price: '100000.01', termFrom: '2028-01-01', termTo: '2027-01-01', channels: [] }));
  expect(over.status).toBe(400);
  expect(Object.keys(over.body.fields).sort()).toEqual(['channels', 'price', 'termTo']);

  const id = await apply(buyer.caller, ip.id, proposal);
  const again = await buyer.caller.post('/api/trades/selfservice', selfServiceApplication(ip.id, proposal));
  expect(again.status).toBe(409);
  expect(again.body.message).toBe('You already have an open trade of this kind for this IP');
  expect(await testDb()('trades').where({ buyer_id: buyer.user.id }).count({ n: '*' })).toEqual([{ n: '1' }]);

  const stranger = await certifiedUser();
  for (const [method, path, body] of [
    ['GET', `/api/trades/${id}`, undefined],
    ['POST', `/api/trades/${id}/decision`, { outcome: 'agree', reason: '' }],
    ['POST', `/api/trades/${id}/cancel`, {}],
    ['POST', `/api/trades/${id}/replies`, { body: 'hi' }],
    ['POST', `/api/trades/${id}/complete`, {}],
    ['DELETE', `/api/trades/${id}`, undefined],
    ['GET', `/api/cases/tradeOrder/${id}`, undefined],
  ] as const) {
    const r = await stranger.caller.request(method, path, body);
    expect([path, r.status]).toEqual([path, path.startsWith('/api/cases') ? 403 : 404]);
  }
  expect((await stranger.caller.get('/api/trades?side=seller')).body.items).toEqual([]);
  // The wrong party: 403; the wrong moment: 409.
  await approve(id);
  await atStep(seller.caller, id, 'sellerDecision');
  expect((await buyer.caller.post(`/api/trades/${id}/decision`, { outcome: 'agree', reason: '' })).status).toBe(403);
  expect((await seller.caller.post(`/api/trades/${id}/cancel`)).status).toBe(403);
  expect((await buyer.caller.post(`/api/trades/${id}/complete`)).status).toBe(409);
  expect((await buyer.caller.request('DELETE', `/api/trades/${id}`)).status).toBe(409);

  // Replies: either party, in the thread, with a message to the other.
  expect((await seller.caller.post(`/api/trades/${id}/replies`, { body: 'Which products exactly?' })).status).toBe(200);
  const replied = await buyer.caller.post(`/api/trades/${id}/replies`, { body: 'Mugs first' });
  expect(replied.body.messages.map((m: any) => `${m.authorSide}:${m.body}`)).toEqual(['seller:Which products exactly?', 'buyer:Mugs first']);
  expect(await keysOf(buyer.caller)).toContain('trade.replied');

  // Staff: the admin list finds it by IPCI code and by the buyer's user name; reviewers read it.
  for (const q of [ip.code, buyer.user.username.toUpperCase()]) {
    const r = await admin.get(`/api/admin/trades?q=${encodeURIComponent(q)}`);
    expect(r.body.items.map((t: any) => t.id)).toEqual([id]);
  }
  expect((await admin.get(`/api/admin/trades?mode=selfService&state=pendingConfirmation&limit=100`)).body.items.map((t: any) => t.id)).toContain(id);
  expect((await admin.get(`/api/admin/trades/${id}`)).body.trade).toMatchObject({ id, side: null, actions: ['view'] });
  expect((await reviewer.get(`/api/trades/${id}`)).body.trade.side).toBeNull();
  expect((await buyer.caller.get('/api/admin/trades')).status).toBe(403);

  // The buyer cancels before paying: closed, the seller told.
  const cancelled = await buyer.caller.post(`/api/trades/${id}/cancel`);
  expect(cancelled.body.trade).toMatchObject({ state: 'closed', closeReason: 'cancelledByBuyer' });
  // The workflow tells the seller after it answered the cancel: wait for the message.
  await eventually(async () => (await keysOf(seller.caller)).includes('trade.cancelled'));
  expect((await buyer.caller.post(`/api/trades/${id}/replies`, { body: 'late' })).status).toBe(409);
  await saveHistory(temporal, `tradeOrder/${id}`, 'tradeOrder-reply-cancel');
});

test('a trade nobody acts on closes by itself; an unpaid fee closes it and its lapsed order cannot be paid', async () => {
  const p = await parties();
  const silent = await startDirect(p, { responseTimeoutMs: 1500 });
  const closed = await eventually(async () => {
    const d = await detailOf(p.buyer.caller, silent);
    return d.trade.state === 'closed' && d;
  });
  expect(closed.trade.closeReason).toBe('timeout');
  expect(await eventually(async () => (await keysOf(p.seller.caller)).includes('trade.timeout'))).toBe(true);
  await saveHistory(temporal, `tradeOrder/${silent}`, 'tradeOrder-timeout');

  const unpaid = await startDirect(p, { paymentTimeoutMs: 2000 });
  const agreed = await p.seller.caller.post(`/api/trades/${unpaid}/decision`, { outcome: 'agree', reason: '' });
  expect(agreed.body.trade.step).toBe('awaitingFee');
  const lapsed = await eventually(async () => {
    const d = await detailOf(p.buyer.caller, unpaid);
    return d.trade.state === 'closed' && d;
  });
  expect(lapsed.trade).toMatchObject({ closeReason: 'feeUnpaid', actions: ['view', 'delete'] });
  expect((await p.buyer.caller.post(`/api/orders/${agreed.body.trade.orderId}/pay`, { method: 'quickPay', provider: 'sandbox' })).status).toBe(409);
  await saveHistory(temporal, `tradeOrder/${unpaid}`, 'tradeOrder-fee-unpaid');
});

test('contact seller: the request reaches the seller; the reply opens the conversation; the buyer continues as a self-service application or a manual trade', async () => {
  const p = await parties();
  const { buyer, seller, ip, proposal } = p;
  const contact = { ipciId: ip.id, message: 'Could we license the pattern for mugs?', contactPerson: 'Li Lei', phone: '13800138000', email: 'li@example.com' };
  const created = await buyer.caller.post('/api/trades/contact', contact);
  expect(created.status).toBe(201);
  const caseId = created.body.trade.id;
  expect(created.body.trade).toMatchObject({ mode: 'contactSeller', step: 'sellerReply', state: 'pendingConfirmation' });
  expect(await eventually(async () => (await keysOf(seller.caller)).includes('trade.contactReceived'))).toBe(true);
  expect((await buyer.caller.post(`/api/trades/${caseId}/continue`, { as: 'selfService' })).status).toBe(409);
  const replied = await seller.caller.post(`/api/trades/${caseId}/replies`, { body: 'Yes, send an application' });
  expect(replied.body.trade.step).toBe('conversation');
  expect(replied.body.messages.map((m: any) => m.authorSide)).toEqual(['buyer', 'seller']);
  expect((await seller.caller.post(`/api/trades/${caseId}/continue`, { as: 'selfService' })).status).toBe(403);
  const continued = await buyer.caller.post(`/api/trades/${caseId}/continue`, { as: 'selfService' });
  expect(continued.body.trade).toMatchObject({ id: caseId, state: 'closed', closeReason: 'continued' });
  const follow = await buyer.caller.post('/api/trades/selfservice', { ...selfServiceApplication(ip.id, proposal), fromTradeId: caseId });
  expect(follow.body.trade).toMatchObject({ mode: 'selfService', parentTradeId: caseId });
  await saveHistory(temporal, `tradeOrder/${caseId}`, 'tradeOrder-contact-continue-selfservice');

  // A manual continuation: an entrusted trade with application.manual, its workflow started by name.
  const second = (await buyer.caller.post('/api/trades/contact', contact)).body.trade.id;
  await seller.caller.post(`/api/trades/${second}/replies`, { body: 'Let the platform handle it' });
  const manual = await buyer.caller.post(`/api/trades/${second}/continue`, { as: 'manual' });
  expect(manual.status).toBe(200);
  expect(manual.body.trade).toMatchObject({ mode: 'entrusted', parentTradeId: second, application: { manual: true, description: contact.message } });
  const description = await temporal.workflow.getHandle(`entrustedTrade/${manual.body.trade.id}`).describe();
  expect(description.type).toBe('entrustedTrade');
  expect((await detailOf(buyer.caller, second)).trade).toMatchObject({ state: 'closed', closeReason: 'continued' });
  await saveHistory(temporal, `tradeOrder/${second}`, 'tradeOrder-contact-continue-manual');
});

describe('licence reservations: an agreement reserves its licence under the IP lock', () => {
  const EXCLUSIVE = { exclusive: true, channels: ['toys'], region: 'CN', termFrom: '2027-01-01', termTo: '2027-12-31' };
  const licenceOf = (tradeId: string) => testDb()('licences').where({ trade_id: tradeId }).first();
  /** Another certified buyer of the same IP, with a proposal of their own. */
  async function anotherBuyer(p: Awaited<ReturnType<typeof parties>>) {
    const buyer = await certifiedUser();
    return { ...p, buyer, proposal: (await buyer.caller.upload('proof', PDF, 'plan.pdf')).body.id as string };
  }
  const agree = (p: Awaited<ReturnType<typeof parties>>, id: string) => p.seller.caller.post(`/api/trades/${id}/decision`, { outcome: 'agree', reason: '' });

  test('two exclusive requests on the same channel, region and term agreed at once: exactly one is reserved, the other refused; the winner cancelling frees the IP; a counter-offer and a trade record that conflict with the reservation are refused', async () => {
    const p = await parties();
    const q = await anotherBuyer(p);
    const [a, b] = await Promise.all([startDirect(p, {}, EXCLUSIVE), startDirect(q, {}, EXCLUSIVE)]);
    await Promise.all([atStep(p.seller.caller, a, 'sellerDecision'), atStep(p.seller.caller, b, 'sellerDecision')]);

    const answers = await Promise.all([agree(p, a), agree(p, b)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const [winner, loser] = answers[0].status === 200 ? [a, b] : [b, a];
    const refused = answers.find((r) => r.status === 409)!;
    expect(refused.body).toMatchObject({ code: 'conflict', message: 'This licence conflicts with a licence of the IP that is in force or reserved for a trade under way', conflicts: [expect.objectContaining({ because: 'existingExclusive', channels: ['toys'], reserved: true })] });
    expect(await licenceOf(winner)).toMatchObject({ state: 'reserved', active: true, exclusive: true });
    expect(await licenceOf(loser)).toBeUndefined();
    expect((await detailOf(p.seller.caller, loser)).trade.step).toBe('sellerDecision');
    // A reservation holds the IP but is not a licence the catalogue shows.
    expect((await testDb()('ip_listings').where({ ipci_id: p.ip.id }).first()).trade_status).toBe('open');

    // The winner's buyer cancels before paying: the reservation is released and the other agreement goes through.
    const winnerBuyer = winner === a ? p.buyer : q.buyer;
    // (The fee's order is cancelled first; whichever end reaches the trade first closes it, both release.)
    const cancelled = (await winnerBuyer.caller.post(`/api/trades/${winner}/cancel`)).body.trade;
    expect([cancelled.state, ['cancelledByBuyer', 'feeUnpaid'].includes(cancelled.closeReason)]).toEqual(['closed', true]);
    expect(await licenceOf(winner)).toMatchObject({ state: 'released', active: false });
    const second = await agree(p, loser);
    expect(second.status).toBe(200);
    expect(second.body.trade.step).toBe('awaitingFee');
    expect(await licenceOf(loser)).toMatchObject({ state: 'reserved' });
    await saveHistory(temporal, `tradeOrder/${winner}`, 'tradeOrder-reserve-cancel-release');

    // A counter-offer whose channels now conflict with the reservation cannot be accepted; it may still be declined.
    const r = await anotherBuyer(p);
    const c = await startDirect(r, {}, { ...EXCLUSIVE, exclusive: false, channels: ['games'] });
    await atStep(p.seller.caller, c, 'sellerDecision');
    const offer = { price: '2000.00', channels: ['games', 'toys'], termPermanent: false, termFrom: '2027-06-01', termTo: '2027-06-30', note: 'Toys as well' };
    expect((await p.seller.caller.post(`/api/trades/${c}/counter-offer`, offer)).status).toBe(200);
    const accepted = await r.buyer.caller.post(`/api/trades/${c}/counter-answer`, { accept: true });
    expect(accepted.status).toBe(409);
    expect(accepted.body).toMatchObject({ code: 'conflict', conflicts: [expect.objectContaining({ because: 'existingExclusive', channels: ['toys'], reserved: true })] });
    expect(await licenceOf(c)).toBeUndefined();
    expect((await detailOf(r.buyer.caller, c)).trade).toMatchObject({ step: 'counterOffer', channels: ['games'] });
    const declined = await r.buyer.caller.post(`/api/trades/${c}/counter-answer`, { accept: false });
    expect(declined.body.trade.step).toBe('sellerDecision');
    await saveHistory(temporal, `tradeOrder/${c}`, 'tradeOrder-counter-accept-conflict');

    // The holder's own trade record overlapping the reservation is refused, with the message on its scope; another region is not.
    const recordOf = (region: string) => ({ ipciId: p.ip.id, licensee: 'Toy maker', scope: ['toys'], sublicensing: 'N', exclusive: false, region, termPermanent: true, enteredOn: '2026-01-05' });
    const record = await p.seller.caller.post('/api/trade-records', recordOf('CN'));
    expect(record.status).toBe(409);
    expect(record.body).toMatchObject({ code: 'conflict', fields: { scope: 'This licence conflicts with a licence of the IP that is in force or reserved for a trade under way' }, conflicts: [expect.objectContaining({ reserved: true })] });
    expect(await testDb()('trade_records').where({ ipci_id: p.ip.id, trade_id: null }).first()).toBeUndefined();
    expect((await p.seller.caller.post('/api/trade-records', recordOf('JP'))).status).toBe(201);
  });

  test('an unpaid fee releases the reservation, so a conflicting agreement then succeeds', async () => {
    const p = await parties();
    const q = await anotherBuyer(p);
    const unpaid = await startDirect(p, { paymentTimeoutMs: 3000 }, EXCLUSIVE);
    const later = await startDirect(q, {}, { ...EXCLUSIVE, exclusive: false, region: '' });
    await atStep(p.seller.caller, unpaid, 'sellerDecision');
    expect((await agree(p, unpaid)).status).toBe(200);
    await atStep(p.seller.caller, later, 'sellerDecision');
    expect((await agree(p, later)).status).toBe(409);
    await eventually(async () => (await detailOf(p.buyer.caller, unpaid)).trade.closeReason === 'feeUnpaid');
    expect(await licenceOf(unpaid)).toMatchObject({ state: 'released' });
    expect((await agree(p, later)).body.trade.step).toBe('awaitingFee');
    await saveHistory(temporal, `tradeOrder/${unpaid}`, 'tradeOrder-reserve-unpaid-release');
  });
});
