import { randomUUID } from 'node:crypto';
import { formatIpciCode } from '../../domain/ipci';
import { Caller, eventually, signedIn, taskPath, testDb } from '../support/http';
import { IP_NAMES, ipciRow, issuedIpci, titleRegistrationRow } from '../support/ipcis';
import { staffAndTemporal } from '../support/staffAndTemporal';

const { temporal, reviewer } = staffAndTemporal({ signIn: ['reviewer'] });

const issued = (userId: string, over: Record<string, unknown> = {}, operationsPerRun?: number) => issuedIpci(temporal, userId, over, operationsPerRun);

const listing = (ipciId: string) => testDb()('ip_listings').where({ ipci_id: ipciId }).first();
const states = async (caller: Caller, ids: string[]) => {
  const r = await caller.get('/api/ipcis');
  return ids.map((id) => r.body.items.find((i: any) => i.id === id)?.state);
};

test('issue publishes the listing; take down and relist both kinds in a batch; the listing follows', async () => {
  const { user, caller } = await signedIn('personal');
  const a = await issued(user.id);
  const b = await issued(user.id);
  const pendingOrder = randomUUID();
  const pending = await titleRegistrationRow(user.id, 'pendingPayment', { current_order_id: pendingOrder });

  const published = await eventually(() => listing(a.id));
  expect(published).toMatchObject({ user_id: user.id, name_zh: IP_NAMES.zh, name_en: IP_NAMES.en, category: 'painting', country: 'CN', listed: true });
  await eventually(() => listing(b.id));

  const list = await caller.get('/api/ipcis');
  expect(list.status).toBe(200);
  expect(list.body.items.map((i: any) => i.id)).toEqual([pending, b.id, a.id]);
  expect(list.body.items[0]).toMatchObject({ state: 'pendingPayment', operations: ['pay'], orderId: pendingOrder, code: null, holder: '张三' });
  expect(list.body.items[2]).toMatchObject({
    code: a.code,
    ipNames: IP_NAMES,
    holder: '张三',
    state: 'completed',
    operations: ['takeDownTrade', 'takeDownTitle'],
    certificateGenerated: false,
    registrationId: a.registrationId,
  });
  expect((await caller.get('/api/ipcis?state=pendingPayment')).body.items.map((i: any) => i.id)).toEqual([pending]);
  const firstPage = await caller.get('/api/ipcis?state=completed');
  expect(firstPage.body.items.map((i: any) => i.id)).toEqual([b.id, a.id]);

  // Trade take-down: off the licensing section, still verifiable.
  const down = await caller.post('/api/ipcis/takedown', { ids: [a.id, b.id], kind: 'trade' });
  expect(down.status).toBe(200);
  expect(down.body.results).toEqual([
    { id: a.id, ok: true, state: 'takenDown', operations: ['relistTrade', 'takeDownTitle'] },
    { id: b.id, ok: true, state: 'takenDown', operations: ['relistTrade', 'takeDownTitle'] },
  ]);
  expect(await states(caller, [a.id, b.id])).toEqual(['takenDown', 'takenDown']);
  expect((await listing(a.id)).listed).toBe(false);
  expect((await testDb()('ipcis').where({ id: a.id }).first()).trade_taken_down).toBe(true);

  // The same again is refused per id, in the caller's language.
  const again = await caller.post('/api/ipcis/takedown', { ids: [a.id], kind: 'trade' });
  expect(again.body.results).toEqual([{ id: a.id, ok: false, message: 'This operation is not available for this IPCI certificate in its current state' }]);
  const zh = new Caller('zh-CN');
  zh.cookie = caller.cookie;
  expect((await zh.post('/api/ipcis/relist', { ids: [a.id], kind: 'title' })).body.results[0]).toMatchObject({ ok: false, message: '该IPCI证书当前状态下不能进行此操作' });

  // A trade take-down leaves the certificate verifiable; a title take-down stops third parties verifying it.
  const verify = async () => (await new Caller().get(`/api/public/ipci/${a.code}`)).body.ipci;
  expect(await verify()).toMatchObject({ verifiable: true, tradeTakenDown: true });
  expect((await caller.post('/api/ipcis/takedown', { ids: [a.id], kind: 'title' })).body.results[0]).toMatchObject({ ok: true, operations: ['relistTrade', 'relistTitle'] });
  expect(await verify()).toMatchObject({ verifiable: false, state: 'takenDown' });
  expect((await verify()).holder).toBeUndefined();
  // Relist trade: still not listed (the title is down).
  expect((await caller.post('/api/ipcis/relist', { ids: [a.id, b.id], kind: 'trade' })).body.results.map((r: any) => r.ok)).toEqual([true, true]);
  expect((await listing(a.id)).listed).toBe(false);
  expect((await listing(b.id)).listed).toBe(true);
  expect(await states(caller, [a.id, b.id])).toEqual(['takenDown', 'completed']);
  // The traceability list follows: off shelf while taken down, completed again once relisted.
  const registrationState = async (id: string) => (await testDb()('title_registrations').where({ id }).first('state')).state;
  expect([await registrationState(a.registrationId), await registrationState(b.registrationId)]).toEqual(['offShelf', 'completed']);
  expect((await caller.post('/api/ipcis/relist', { ids: [a.id], kind: 'title' })).body.results[0]).toMatchObject({ ok: true, state: 'completed' });
  expect(await verify()).toMatchObject({ verifiable: true, holder: '张三' });
  expect((await listing(a.id)).listed).toBe(true);

  // The lifecycle is visible to the operator by IPCI code and on the owner's timeline.
  const description = await a.handle.describe();
  expect(description.searchAttributes).toMatchObject({ CaseKind: ['ipciLifecycle'], CaseState: ['completed'], IpciCode: [a.code], OwnerUserId: [user.id] });
  const timeline = await eventually(async () => {
    const r = await caller.get(`/api/cases/ipciLifecycle/${a.id}`);
    return r.body.events?.length >= 6 && r;
  });
  expect(timeline.body.events.map((e: any) => `${e.step}:${e.status}`)).toEqual([
    'issued:done',
    'published:done',
    'tradeTakeDown:current',
    'titleTakeDown:current',
    'tradeTakeDown:done',
    'titleTakeDown:done',
  ]);
  expect((await caller.get(`/api/ipcis/${a.id}`)).body.ipci).toMatchObject({ id: a.id, state: 'completed' });
});

test('the list pages through issued and pending rows together, newest first, without gaps or repeats', async () => {
  const { user, caller } = await signedIn('personal');
  const base = Date.parse('2026-01-01T00:00:00Z');
  const expected: string[] = [];
  // 13 pending registrations and 12 issued certificates, interleaved in time (rows only: listing needs no workflow).
  for (let i = 0; i < 25; i += 1) {
    const at = new Date(base + i * 60_000 + 123);
    if (i % 2 === 0) expected.push(await titleRegistrationRow(user.id, 'pendingPayment', { submitted_at: at }));
    else expected.push((await ipciRow(user.id, { issued_at: at })).id);
  }
  const first = await caller.get('/api/ipcis');
  expect(first.body.items).toHaveLength(20);
  expect(first.body.next).toEqual(expect.any(String));
  const second = await caller.get(`/api/ipcis?after=${encodeURIComponent(first.body.next)}`);
  expect(second.body.next).toBeNull();
  expect([...first.body.items, ...second.body.items].map((i: any) => i.id)).toEqual(expected.reverse());
  const pending = await caller.get('/api/ipcis?state=pendingPayment');
  expect(pending.body.items).toHaveLength(13);
  expect(pending.body.items.every((i: any) => i.state === 'pendingPayment')).toBe(true);
});

test("someone else's certificates and bad batches are refused", async () => {
  const { user } = await signedIn('personal');
  const mine = await issued(user.id);
  const { caller: other } = await signedIn('personal');
  const r = await other.post('/api/ipcis/takedown', { ids: [mine.id], kind: 'trade' });
  expect(r.body.results).toEqual([{ id: mine.id, ok: false, message: 'You have no IPCI certificate with this id' }]);
  expect((await other.get(`/api/ipcis/${mine.id}`)).status).toBe(404);
  expect((await other.get(`/api/ipcis/not-a-uuid`)).status).toBe(404);
  expect((await other.get('/api/ipcis')).body.items).toEqual([]);
  expect((await other.post(`/api/ipcis/${mine.id}/paper`, { address: mainland() })).status).toBe(404);
  expect((await other.get(`/api/cases/ipciLifecycle/${mine.id}`)).status).toBe(403);

  const bad = await other.post('/api/ipcis/takedown', { ids: [], kind: 'sideways' });
  expect(bad.status).toBe(400);
  expect(Object.keys(bad.body.fields).sort()).toEqual(['ids', 'kind']);
  expect((await other.post('/api/ipcis/relist', { ids: Array.from({ length: 51 }, () => randomUUID()), kind: 'trade' })).status).toBe(400);
  expect((await other.get('/api/ipcis?state=lost')).status).toBe(400);
  // Nothing changed on the owner's certificate.
  expect((await testDb()('ipcis').where({ id: mine.id }).first()).trade_taken_down).toBe(false);
});

test('a certificate past its rights term becomes invalid: delisted, the owner told, no operations left', async () => {
  const { user, caller } = await signedIn('personal');
  const yesterday = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
  const expired = await issued(user.id, { valid_until: yesterday });
  expect(await expired.handle.result()).toBe('invalid');
  const row = await testDb()('ipcis').where({ id: expired.id }).first();
  expect(row.invalid_reason).toBe('expired');
  expect((await testDb()('title_registrations').where({ id: row.registration_id }).first()).state).toBe('invalid');
  expect(row.invalid_at).not.toBeNull();
  expect((await listing(expired.id)).listed).toBe(false);
  const item = (await caller.get('/api/ipcis?state=invalid')).body.items[0];
  expect(item).toMatchObject({ id: expired.id, state: 'invalid', operations: [], invalidReason: 'expired' });
  const messages = await eventually(async () => {
    const r = await caller.get('/api/messages');
    return r.body.items.length > 0 && r;
  });
  expect(messages.body.items[0]).toMatchObject({ titleKey: 'ipciExpired', params: { code: expired.code } });
  expect((await caller.post('/api/ipcis/takedown', { ids: [expired.id], kind: 'trade' })).body.results[0].ok).toBe(false);
  expect((await caller.post(`/api/ipcis/${expired.id}/paper`, { address: mainland() })).status).toBe(409);

  // A certificate valid for years keeps running; revocation (objections) ends it too.
  const running = await issued(user.id, { valid_until: '2090-12-31' });
  await eventually(() => listing(running.id));
  const revoked = await running.handle.executeUpdate('revokeIpci', { args: [{ reason: 'Objection upheld' }] });
  expect(revoked).toEqual({ state: 'invalid', operations: [] });
  expect(await running.handle.result()).toBe('invalid');
  expect((await testDb()('ipcis').where({ id: running.id }).first()).invalid_reason).toBe('revoked');
});

test('a long-lived lifecycle continues as new after many operations, keeping its state', async () => {
  const { user, caller } = await signedIn('personal');
  const ipci = await issued(user.id, {}, 2);
  await eventually(() => listing(ipci.id));
  const firstRun = (await ipci.handle.describe()).runId;
  expect((await caller.post('/api/ipcis/takedown', { ids: [ipci.id], kind: 'title' })).body.results[0].ok).toBe(true);
  expect((await caller.post('/api/ipcis/takedown', { ids: [ipci.id], kind: 'trade' })).body.results[0].ok).toBe(true);
  const next = await eventually(async () => {
    const d = await temporal.workflow.getHandle(ipci.handle.workflowId).describe();
    return d.runId !== firstRun && d.status.name === 'RUNNING' && d;
  });
  expect(next.searchAttributes).toMatchObject({ CaseState: ['takenDown'], IpciCode: [ipci.code] });
  // The new run knows both take-downs (read back from the certificate) and goes on taking Updates.
  const relisted = await caller.post('/api/ipcis/relist', { ids: [ipci.id], kind: 'title' });
  expect(relisted.body.results[0]).toMatchObject({ ok: true, state: 'takenDown', operations: ['relistTrade', 'takeDownTitle'] });
  const events = (await caller.get(`/api/cases/ipciLifecycle/${ipci.id}`)).body.events.map((e: any) => e.step);
  expect(events.filter((s: string) => s === 'published')).toHaveLength(1);
});

function mainland(over: Record<string, unknown> = {}) {
  return { recipient: '张三', phone: '13800138000', country: 'CN', province: '11', city: '北京市', district: '朝阳区', addressLine: '建国路 1 号', postalCode: '100020', ...over };
}

async function paperTask(paperId: string, round: number) {
  return eventually(async () => {
    const r = await reviewer.get('/api/tasks?queue=finance&limit=100');
    return r.body.items.find((t: any) => t.caseId === paperId && t.id.endsWith(`/fulfilment/${round}`));
  });
}

test('paper certificate: mainland only; finance mails it with a tracking number; a flagged address is corrected', async () => {
  const { user, caller } = await signedIn('personal');
  const ipci = await issued(user.id);

  for (const [over, field] of [
    [{ province: '81' }, 'address.province'],
    [{ province: '71' }, 'address.province'],
    [{ country: 'JP' }, 'address.country'],
  ] as const) {
    const refused = await caller.post(`/api/ipcis/${ipci.id}/paper`, { address: mainland(over) });
    expect(refused.status).toBe(400);
    expect(refused.body.fields[field]).toBe('Paper certificates are mailed to addresses in mainland China only (not Hong Kong, Macao, Taiwan or other countries)');
  }
  const badPostal = await caller.post(`/api/ipcis/${ipci.id}/paper`, { address: mainland({ postalCode: '1000', phone: '12345' }) });
  expect(badPostal.body.fields).toEqual({ 'address.postalCode': 'Please enter the 6-digit postal code', 'address.phone': expect.any(String) });
  expect(await testDb()('paper_certificates').where({ ipci_id: ipci.id })).toEqual([]);

  const requested = await caller.post(`/api/ipcis/${ipci.id}/paper`, { address: mainland() });
  expect(requested.status).toBe(201);
  const paperId = requested.body.paper.id;
  expect(requested.body.paper).toMatchObject({ state: 'requested', address: mainland(), trackingNo: null });
  expect((await caller.post(`/api/ipcis/${ipci.id}/paper`, { address: mainland() })).status).toBe(409);

  // Finance cannot mail it: the district is flagged.
  const task = await paperTask(paperId, 1);
  expect(task).toMatchObject({ queue: 'finance', status: 'open' });
  const detail = await reviewer.get(taskPath(task.id));
  expect(detail.body).toMatchObject({ values: ['carrier', 'trackingNo'], subject: { ipci: { code: ipci.code, holder: '张三' }, paper: { address: mainland() } } });
  expect(detail.body.fields).toContain('district');
  expect(task.title).toContain(formatIpciCode(ipci.code));
  await reviewer.post(`${taskPath(task.id)}/claim`);
  const noTracking = await reviewer.post(`${taskPath(task.id)}/complete`, { outcome: 'approve', reasons: {} });
  expect(noTracking.status).toBe(400);
  expect((await reviewer.post(`${taskPath(task.id)}/complete`, { outcome: 'fail', reasons: { district: 'No such district in Beijing' } })).status).toBe(200);

  const flagged = await eventually(async () => {
    const r = await caller.get(`/api/ipcis/${ipci.id}/paper`);
    return r.body.items[0].state === 'flagged' && r.body.items[0];
  });
  expect(flagged.flags).toEqual({ district: 'No such district in Beijing' });
  expect((await caller.put(`/api/ipcis/${ipci.id}/paper/${paperId}`, { address: mainland({ province: '82' }) })).status).toBe(400);
  const corrected = await caller.put(`/api/ipcis/${ipci.id}/paper/${paperId}`, { address: mainland({ district: '东城区' }) });
  expect(corrected.status).toBe(200);
  expect(corrected.body.paper).toMatchObject({ state: 'requested', round: 2, address: { district: '东城区' } });
  expect((await caller.put(`/api/ipcis/${ipci.id}/paper/${paperId}`, { address: mainland() })).status).toBe(409);

  const second = await paperTask(paperId, 2);
  await reviewer.post(`${taskPath(second.id)}/claim`);
  const mailed = await reviewer.post(`${taskPath(second.id)}/complete`, { outcome: 'approve', reasons: {}, values: { carrier: 'EMS', trackingNo: 'EA123456789CN' } });
  expect(mailed.status).toBe(200);

  const done = await eventually(async () => {
    const r = await caller.get(`/api/ipcis/${ipci.id}/paper`);
    return r.body.items[0].state === 'mailed' && r.body.items[0];
  });
  expect(done).toMatchObject({ carrier: 'EMS', trackingNo: 'EA123456789CN', flags: null });
  const messages = await eventually(async () => {
    const r = await caller.get('/api/messages');
    return r.body.items.some((m: any) => m.titleKey === 'paperMailed') && r;
  });
  expect(messages.body.items[0]).toMatchObject({ titleKey: 'paperMailed', params: { code: ipci.code, carrier: 'EMS', trackingNo: 'EA123456789CN' } });
  expect(messages.body.items.map((m: any) => m.titleKey)).toContain('paperAddressFlagged');
  const timeline = await caller.get(`/api/cases/paperCertificate/${paperId}`);
  expect(timeline.body.events.map((e: any) => `${e.step}:${e.status}`)).toEqual([
    'request:done',
    'fulfilment:current',
    'fulfilment:failed',
    'correction:current',
    'correction:done',
    'fulfilment:current',
    'fulfilment:done',
    'mailed:done',
  ]);
  // Mailed: another copy may be asked for.
  expect((await caller.post(`/api/ipcis/${ipci.id}/paper`, { address: mainland() })).status).toBe(201);
});
