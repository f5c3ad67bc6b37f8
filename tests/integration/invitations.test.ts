import { randomUUID } from 'node:crypto';
import { Caller, closeTestDb, DEMO, signedIn, testDb } from '../support/http';

afterAll(closeTestDb);

interface Invitee {
  kind: 'personal' | 'enterprise';
  at: string;
  name?: string;
  /** identity certification: state and rounds; enterprise data names the company. */
  cert?: { state: 1 | 2 | 3; round: number; companyNameZh?: string; companyNameEn?: string };
}

/** Invitees are inserted as registration would leave them: a user row with invited_by (and maybe a certification). */
async function invite(inviterId: string, list: Invitee[]): Promise<string[]> {
  const ids: string[] = [];
  for (const i of list) {
    const username = `i${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    const [{ id }] = await testDb()('users')
      .insert({ username, display_name: i.name ?? username, password_hash: 'not-a-login', kind: i.kind, roles: testDb().raw("'{user}'::text[]"), invited_by: inviterId, created_at: i.at })
      .returning('id');
    if (i.cert) {
      const data = i.kind === 'enterprise' ? { companyNameZh: i.cert.companyNameZh, companyNameEn: i.cert.companyNameEn ?? '' } : { name: i.name };
      await testDb()('identity_certifications').insert({ user_id: id, kind: i.kind, state: i.cert.state, round: i.cert.round, data, workflow_id: `identityReview/test-${id}` });
    }
    ids.push(id);
  }
  return ids;
}

async function rename(userId: string, username: string, displayName = username) {
  await testDb()('users').where({ id: userId }).update({ username, display_name: displayName });
}

test('the inviter sees the code, the link in their language and every invitee with type, company and certification count', async () => {
  const { user, caller } = await signedIn('personal');
  const stranger = await signedIn('personal');
  await invite(stranger.user.id, [{ kind: 'personal', at: '2026-03-01T00:00:00Z' }]);
  const [person, company, failedCo] = await invite(user.id, [
    { kind: 'personal', at: '2026-01-10T08:00:00Z', name: '李四', cert: { state: 3, round: 1 } },
    { kind: 'enterprise', at: '2026-02-10T08:00:00Z', name: 'hg', cert: { state: 2, round: 2, companyNameZh: '华光文化传媒有限公司', companyNameEn: 'Huaguang Culture Media Co.' } },
    { kind: 'enterprise', at: '2026-03-10T08:00:00Z', name: 'xy', cert: { state: 1, round: 3, companyNameZh: '星源影业有限公司' } },
  ]);
  const [newest] = await invite(user.id, [{ kind: 'personal', at: '2026-04-10T08:00:00Z', name: '王五' }]);

  const r = await caller.get('/api/invitations');
  expect(r.status).toBe(200);
  const code = (await testDb()('users').where({ id: user.id }).first('invite_code')).invite_code;
  expect(code).toMatch(/^[0-9A-F]{8}$/);
  expect(r.body).toMatchObject({ code, link: `/en-US/ipci/register?invite=${code}`, total: 4, next: null });
  expect(r.body.invitees).toEqual([
    { id: newest, name: '王五', account: expect.any(String), type: 'personal', companyName: null, registeredAt: '2026-04-10T08:00:00.000Z', identityState: null, certificationApplications: 0 },
    { id: failedCo, name: 'xy', account: expect.any(String), type: 'enterprise', companyName: '星源影业有限公司', registeredAt: '2026-03-10T08:00:00.000Z', identityState: 1, certificationApplications: 3 },
    { id: company, name: 'hg', account: expect.any(String), type: 'enterprise', companyName: 'Huaguang Culture Media Co.', registeredAt: '2026-02-10T08:00:00.000Z', identityState: 2, certificationApplications: 2 },
    { id: person, name: '李四', account: expect.any(String), type: 'personal', companyName: null, registeredAt: '2026-01-10T08:00:00.000Z', identityState: 3, certificationApplications: 1 },
  ]);

  // In Chinese: the Chinese company name and a Chinese link.
  const zh = new Caller('zh-CN');
  zh.cookie = caller.cookie;
  const inZh = await zh.get('/api/invitations');
  expect(inZh.body.link).toBe(`/zh-CN/ipci/register?invite=${code}`);
  expect(inZh.body.invitees[2].companyName).toBe('华光文化传媒有限公司');
});

test('invitees come in keyset pages, newest first, with nothing lost or repeated', async () => {
  const { user, caller } = await signedIn('enterprise');
  // Two share one registration time: the id breaks the tie.
  const times = ['2026-01-01T00:00:00Z', '2026-01-02T00:00:00Z', '2026-01-02T00:00:00Z', '2026-01-03T00:00:00Z', '2026-01-04T00:00:00Z'];
  const ids = await invite(user.id, times.map((at) => ({ kind: 'personal' as const, at })));
  const seen: string[] = [];
  let after: string | null = null;
  let pages = 0;
  do {
    const r: { status: number; body: any } = await caller.get(`/api/invitations?limit=2${after ? `&after=${after}` : ''}`);
    expect(r.status).toBe(200);
    expect(r.body.total).toBe(5);
    expect(r.body.invitees.length).toBeLessThanOrEqual(2);
    seen.push(...r.body.invitees.map((i: any) => i.id));
    after = r.body.next;
    pages++;
  } while (after);
  expect(pages).toBe(3);
  expect(new Set(seen).size).toBe(5);
  expect([...seen].sort()).toEqual([...ids].sort());
  expect(seen[0]).toBe(ids[4]);
  expect(seen[4]).toBe(ids[0]);
  const bad = await caller.get('/api/invitations?limit=500&sort=name');
  expect(bad.status).toBe(400);
  expect(Object.keys(bad.body.fields)).toContain('limit');
});

test('a new code replaces the old one at once; the old code no longer names the inviter', async () => {
  const { user, caller } = await signedIn('personal', ['user'], 'ja-JP');
  const old = (await caller.get('/api/invitations')).body.code;
  const r = await caller.post('/api/invitations/code');
  expect(r.status).toBe(200);
  expect(r.body.code).toMatch(/^[0-9A-F]{8}$/);
  expect(r.body.code).not.toBe(old);
  expect(r.body.link).toBe(`/ja-JP/ipci/register?invite=${r.body.code}`);
  expect((await caller.get('/api/invitations')).body.code).toBe(r.body.code);
  expect(await testDb()('users').where({ invite_code: old }).first('id')).toBeUndefined();
  expect((await testDb()('users').where({ id: user.id }).first('invite_code')).invite_code).toBe(r.body.code);
  expect((await new Caller().post('/api/invitations/code')).status).toBe(401);
  expect((await new Caller().get('/api/invitations')).status).toBe(401);
});

describe('admin invitation statistics', () => {
  let admin: Caller;
  beforeAll(async () => {
    admin = await new Caller().login(...DEMO.admin);
  });

  test('only admins: 401 without a session, 403 for users and reviewers', async () => {
    const { user, caller } = await signedIn('personal');
    const reviewer = await new Caller().login(...DEMO.reviewer);
    for (const path of ['/api/admin/invitations/stats', `/api/admin/invitations/${user.id}`]) {
      expect((await new Caller().get(path)).status).toBe(401);
      expect((await caller.get(path)).status).toBe(403);
      expect((await reviewer.get(path)).status).toBe(403);
      expect((await admin.get(path)).status).toBe(200);
    }
  });

  test('per inviter: invitees, personal, enterprise, certified, last invitation; totals; date range; search; pages', async () => {
    const tag = randomUUID().replace(/-/g, '').slice(0, 8);
    const a = await signedIn('personal');
    const b = await signedIn('enterprise');
    const c = await signedIn('personal');
    await rename(a.user.id, `st${tag}a`, `统计甲${tag}`);
    await rename(b.user.id, `st${tag}b`);
    await rename(c.user.id, `st${tag}c`);
    await invite(a.user.id, [
      { kind: 'personal', at: '2026-05-01T02:00:00Z', cert: { state: 3, round: 1 } },
      { kind: 'enterprise', at: '2026-05-02T02:00:00Z', cert: { state: 3, round: 2, companyNameZh: '甲公司' } },
      { kind: 'enterprise', at: '2026-05-20T02:00:00Z', cert: { state: 2, round: 1, companyNameZh: '乙公司' } },
    ]);
    await invite(b.user.id, [
      { kind: 'personal', at: '2026-05-03T02:00:00Z' },
      // 15:30 UTC on 31 May is 23:30 in China: still May there.
      { kind: 'personal', at: '2026-05-31T15:30:00Z' },
    ]);
    await invite(c.user.id, [{ kind: 'enterprise', at: '2026-06-01T01:00:00Z', cert: { state: 3, round: 1, companyNameZh: '丙公司' } }]);

    const all = await admin.get(`/api/admin/invitations/stats?q=ST${tag}`);
    expect(all.status).toBe(200);
    const codes = await testDb()('users').whereIn('id', [a.user.id, b.user.id, c.user.id]).select('id', 'invite_code');
    const codeOf = (id: string) => codes.find((x) => x.id === id).invite_code;
    expect(all.body.items).toEqual([
      {
        inviter: { id: a.user.id, username: `st${tag}a`, displayName: `统计甲${tag}` },
        code: codeOf(a.user.id),
        invitees: 3,
        personal: 1,
        enterprise: 2,
        certified: 2,
        lastInvitedAt: '2026-05-20T02:00:00.000Z',
      },
      expect.objectContaining({ inviter: expect.objectContaining({ id: b.user.id }), invitees: 2, personal: 2, enterprise: 0, certified: 0, lastInvitedAt: '2026-05-31T15:30:00.000Z' }),
      expect.objectContaining({ inviter: expect.objectContaining({ id: c.user.id }), invitees: 1, personal: 0, enterprise: 1, certified: 1 }),
    ]);
    expect(all.body.totals).toEqual({ inviters: 3, invitees: 6, personal: 3, enterprise: 3, certified: 3 });
    expect(all.body.next).toBeNull();

    // Whole days in China time: the 31 May 23:30 registration is in May, the 1 June 09:00 one is not.
    // Equal counts: the latest invitation first.
    const may = await admin.get(`/api/admin/invitations/stats?q=st${tag}&from=2026-05-02&to=2026-05-31`);
    expect(may.body.items.map((i: any) => [i.inviter.id, i.invitees])).toEqual([
      [b.user.id, 2],
      [a.user.id, 2],
    ]);
    expect(may.body.totals).toMatchObject({ inviters: 2, invitees: 4 });

    // Search by display name prefix or by exact invitation code.
    expect((await admin.get(`/api/admin/invitations/stats?q=${encodeURIComponent(`统计甲${tag}`)}`)).body.items.map((i: any) => i.inviter.id)).toEqual([a.user.id]);
    expect((await admin.get(`/api/admin/invitations/stats?q=${codeOf(c.user.id).toLowerCase()}`)).body.items.map((i: any) => i.inviter.id)).toEqual([c.user.id]);
    // A % typed in the search is a literal character, not a wildcard.
    expect((await admin.get(`/api/admin/invitations/stats?q=st${tag.slice(0, 4)}%25`)).body.items).toEqual([]);

    // Pages of one: the same three inviters, in the same order.
    const ids: string[] = [];
    let after: string | null = null;
    do {
      const page: { body: any } = await admin.get(`/api/admin/invitations/stats?q=st${tag}&limit=1${after ? `&after=${after}` : ''}`);
      expect(page.body.totals.inviters).toBe(3);
      ids.push(...page.body.items.map((i: any) => i.inviter.id));
      after = page.body.next;
    } while (after);
    expect(ids).toEqual([a.user.id, b.user.id, c.user.id]);

    const bad = await admin.get('/api/admin/invitations/stats?from=2026-05-10&to=2026-05-01&limit=0');
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields).sort()).toEqual(['limit', 'to']);

    // One inviter's invitees (admin page invitedUser).
    const detail = await admin.get(`/api/admin/invitations/${a.user.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.inviter).toEqual({ id: a.user.id, username: `st${tag}a`, displayName: `统计甲${tag}`, code: codeOf(a.user.id) });
    expect(detail.body.total).toBe(3);
    expect(detail.body.invitees.map((i: any) => i.companyName)).toEqual(['乙公司', '甲公司', null]);
    expect((await admin.get(`/api/admin/invitations/${randomUUID()}`)).status).toBe(404);
    expect((await admin.get('/api/admin/invitations/not-a-uuid')).status).toBe(404);
  });
});
