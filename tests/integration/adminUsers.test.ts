import { randomUUID } from 'node:crypto';
import { isValidPassword } from '../../domain/password';
import { Caller, closeTestDb, DEMO, newUser, signedIn, testDb } from '../support/http';

let admin: Caller;
let adminId: string;
beforeAll(async () => {
  admin = await new Caller().login(...DEMO.admin);
  adminId = (await admin.get('/api/auth/me')).body.user.id;
});
afterAll(closeTestDb);

const userPath = (id: string, rest = '') => `/api/admin/users/${id}${rest}`;

describe('user list', () => {
  test('searches by user name, display name, part of the e-mail and the whole phone; filters role, kind, status', async () => {
    const marker = randomUUID().slice(0, 8);
    const a = await newUser('personal');
    const b = await newUser('enterprise');
    const phone = `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    await testDb()('users').where({ id: a.id }).update({ email: `Mail.${marker}@Example.com`, display_name: `Alpha ${marker}` });
    await testDb()('users').where({ id: b.id }).update({ phone, status: 'frozen' });

    const ids = async (query: string) => {
      const r = await admin.get(`/api/admin/users?${query}`);
      expect(r.status).toBe(200);
      return r.body.items.map((u: { id: string }) => u.id);
    };
    expect(await ids(`q=${a.username}`)).toEqual([a.id]);
    expect(await ids(`q=${a.username.toUpperCase()}`)).toEqual([a.id]);
    expect(await ids(`q=mail.${marker}@example`)).toEqual([a.id]);
    expect(await ids(`q=alpha%20${marker}`)).toEqual([a.id]);
    expect(await ids(`q=${phone}`)).toEqual([b.id]);
    expect(await ids(`q=${phone.slice(0, 6)}`)).not.toContain(b.id); // a phone only matches whole
    expect(await ids(`q=${b.username}&status=frozen`)).toEqual([b.id]);
    expect(await ids(`q=${b.username}&status=active`)).toEqual([]);
    expect(await ids(`q=${b.username}&kind=enterprise`)).toEqual([b.id]);
    expect(await ids(`q=${b.username}&kind=personal`)).toEqual([]);
    expect(await ids('q=admin&role=admin&kind=staff')).toContain(adminId);
    expect(await ids(`q=${a.username}&role=reviewer`)).toEqual([]);
    // `%` and `_` are searched as themselves, not as patterns
    expect(await ids('q=%25')).toEqual([]);

    const row = (await admin.get(`/api/admin/users?q=${b.username}`)).body.items[0];
    expect(row).toMatchObject({ id: b.id, username: b.username, kind: 'enterprise', roles: ['user'], status: 'frozen', phone });
  });

  test('pages by keyset: every match once, in creation order, newest first', async () => {
    const marker = `pg${randomUUID().slice(0, 8)}`;
    const made: string[] = [];
    for (let i = 0; i < 5; i++) {
      const u = await newUser('personal');
      await testDb()('users').where({ id: u.id }).update({ display_name: `${marker} ${i}` });
      made.push(u.id);
    }
    const seen: string[] = [];
    let after: string | null = null;
    let pages = 0;
    do {
      const r: { status: number; body: { items: { id: string }[]; next: string | null } } = await admin.get(
        `/api/admin/users?q=${marker}&limit=2${after ? `&after=${after}` : ''}`,
      );
      expect(r.status).toBe(200);
      seen.push(...r.body.items.map((u) => u.id));
      after = r.body.next;
      pages++;
    } while (after);
    expect(pages).toBe(3);
    expect(seen).toEqual([...made].reverse());
  });

  test('bad filters are 400 with field messages', async () => {
    const r = await admin.get('/api/admin/users?status=gone&limit=1000');
    expect(r.status).toBe(400);
    expect(Object.keys(r.body.fields).sort()).toEqual(['limit', 'status']);
  });

  test('the search is served by an index', async () => {
    const plan = await testDb().raw(
      "explain select * from users where (lower(username) || ' ' || lower(display_name) || ' ' || coalesce(lower(email), '')) like '%zzqq%'",
    );
    await testDb().raw('set enable_seqscan = off');
    const forced = await testDb().raw(
      "explain select * from users where (lower(username) || ' ' || lower(display_name) || ' ' || coalesce(lower(email), '')) like '%zzqq%'",
    );
    await testDb().raw('set enable_seqscan = on');
    expect(plan.rows.length).toBeGreaterThan(0);
    expect(forced.rows.map((r: { 'QUERY PLAN': string }) => r['QUERY PLAN']).join('\n')).toContain('users_search_trgm');
  });
});

describe('user detail and edit', () => {
  test('detail: profile, contacts, roles, status, last login, inviter, identity state, live sessions', async () => {
    const inviter = await newUser('personal');
    const { user } = await signedIn('personal');
    await testDb()('users').where({ id: user.id }).update({ invited_by: inviter.id, email: `d${randomUUID().slice(0, 6)}@example.com` });
    const r = await admin.get(userPath(user.id));
    expect(r.status).toBe(200);
    expect(r.body.user).toMatchObject({
      id: user.id,
      username: user.username,
      displayName: user.displayName,
      kind: 'personal',
      roles: ['user'],
      status: 'active',
      invitedBy: { id: inviter.id, username: inviter.username },
      identityState: null,
      activeSessions: 1,
    });
    expect(r.body.user.email).toMatch(/@example\.com$/);
    expect(r.body.user).not.toHaveProperty('password_hash');
    expect((await admin.get(userPath(randomUUID()))).status).toBe(404);
    expect((await admin.get(userPath('not-a-uuid'))).status).toBe(404);
  });

  test('edit: display name, kind and roles; the new roles reach the live session', async () => {
    const { user, caller } = await signedIn('personal');
    const r = await admin.put(userPath(user.id), { displayName: '新名字', kind: null, roles: ['reviewer'] });
    expect(r.status).toBe(200);
    expect(r.body.user).toMatchObject({ displayName: '新名字', kind: null, roles: ['reviewer'] });
    const me = (await caller.get('/api/auth/me')).body.user;
    expect(me).toMatchObject({ roles: ['reviewer'], roleinfo: [{ roleid: 'reviewer' }], displayName: '新名字' });
    expect(me.permission).toContain('inbox.view');
    expect((await caller.get('/api/tasks')).status).toBe(200);
  });

  test('edit: roles among the domain roles, no duplicates, at least one; nothing written on 400', async () => {
    const u = await newUser('personal');
    for (const roles of [['boss'], [], ['user', 'user']]) {
      const r = await admin.put(userPath(u.id), { displayName: 'x', kind: 'personal', roles });
      expect(r.status).toBe(400);
      expect(Object.keys(r.body.fields).join()).toMatch(/^roles/);
    }
    const bad = await admin.put(userPath(u.id), { displayName: '', kind: 'alien', roles: ['user'] });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields).sort()).toEqual(['displayName', 'kind']);
    expect((await testDb()('users').where({ id: u.id }).first()).display_name).toBe(u.displayName);
  });

  test('an admin cannot take the admin role from themselves', async () => {
    const me = (await admin.get(userPath(adminId))).body.user;
    const r = await admin.put(userPath(adminId), { displayName: me.displayName, kind: null, roles: ['reviewer'] });
    expect(r.status).toBe(400);
    expect(r.body.fields.roles).toBe('You cannot remove the admin role from your own account');
    expect((await admin.get('/api/auth/me')).body.user.roles).toContain('admin');
  });
});

describe('freeze, activate, reset password', () => {
  test('freeze: the live session stops at once, login is refused, the user gets a message; activate undoes it', async () => {
    const { user, caller } = await signedIn('personal');
    expect((await caller.get('/api/auth/me')).status).toBe(200);
    const r = await admin.post(userPath(user.id, '/freeze'), { reason: 'Suspicious activity' });
    expect(r.status).toBe(200);
    expect(r.body.user).toMatchObject({ status: 'frozen', frozenReason: 'Suspicious activity', activeSessions: 0 });
    expect((await caller.get('/api/auth/me')).body).toEqual({ user: null });
    expect((await new Caller().post('/api/auth/login', { login: user.username, password: user.password })).status).toBe(403);
    const note = await testDb()('messages').where({ user_id: user.id, title_key: 'admin.frozen' }).first();
    expect(note.params).toEqual({ reason: 'Suspicious activity' });

    const back = await admin.post(userPath(user.id, '/activate'));
    expect(back.body.user).toMatchObject({ status: 'active', frozenReason: null });
    const again = await new Caller().login(user.username, user.password);
    expect((await again.get('/api/messages')).body.items.map((m: { titleKey: string }) => m.titleKey)).toEqual(['admin.activated', 'admin.frozen']);
  });

  test('freeze needs a reason, and an admin cannot freeze themselves', async () => {
    const u = await newUser('personal');
    const r = await admin.post(userPath(u.id, '/freeze'), {});
    expect(r.status).toBe(400);
    expect(r.body.fields.reason).toBe('This field is required');
    expect((await testDb()('users').where({ id: u.id }).first()).status).toBe('active');
    expect((await admin.post(userPath(adminId, '/freeze'), { reason: 'x' })).status).toBe(409);
  });

  test('reset password: a strong temporary password, shown once; the old one fails; sessions revoked', async () => {
    const { user, caller } = await signedIn('personal');
    const r = await admin.post(userPath(user.id, '/reset-password'));
    expect(r.status).toBe(200);
    const temp: string = r.body.password;
    expect(isValidPassword(temp)).toBe(true);
    expect(temp.length).toBeGreaterThanOrEqual(12);
    expect((await testDb()('users').where({ id: user.id }).first()).password_hash).not.toContain(temp);
    expect((await caller.get('/api/auth/me')).body).toEqual({ user: null });
    expect((await new Caller().post('/api/auth/login', { login: user.username, password: user.password })).status).toBe(401);
    await new Caller().login(user.username, temp);
    expect((await admin.post(userPath(user.id, '/reset-password'))).body.password).not.toBe(temp);
  });

  test('a cancelled account can be read but not edited, frozen, activated or reset (409)', async () => {
    const u = await newUser('personal');
    await testDb()('users').where({ id: u.id }).update({ status: 'cancelled', cancelled_at: new Date() });
    expect((await admin.get(userPath(u.id))).body.user.status).toBe('cancelled');
    const answers = [
      await admin.put(userPath(u.id), { displayName: 'x', kind: 'personal', roles: ['user'] }),
      await admin.post(userPath(u.id, '/freeze'), { reason: 'x' }),
      await admin.post(userPath(u.id, '/activate')),
      await admin.post(userPath(u.id, '/reset-password')),
    ];
    for (const r of answers) expect({ status: r.status, message: r.body.message }).toEqual({ status: 409, message: 'This account is cancelled; it can no longer be changed or activated' });
    expect((await testDb()('users').where({ id: u.id }).first()).status).toBe('cancelled');
  });
});

describe('roles editor', () => {
  test('reads every role; edits are checked against the catalogue and reach the sessions', async () => {
    const before = (await admin.get('/api/admin/roles')).body.roles;
    expect(before.admin).toContain('admin.roles.edit');
    expect(before.user).toContain('usercenter.identity');

    expect((await admin.put('/api/admin/roles', { roles: { ...before, user: ['nope.element'] } })).body.fields).toHaveProperty(['roles.user[0]']);
    const locked = await admin.put('/api/admin/roles', { roles: { ...before, admin: before.admin.filter((e: string) => e !== 'admin.roles.edit') } });
    expect(locked.status).toBe(400);
    expect(Object.values(locked.body.fields)).toContain('The admin role must keep the roles editor, or nobody could change roles again');
    expect((await admin.put('/api/admin/roles', { roles: { user: before.user } })).status).toBe(400);
    expect((await admin.get('/api/admin/roles')).body.roles).toEqual(before);

    // The reviewer role gains an element: a reviewer's session lists it at once.
    const { caller: reviewer } = await signedIn(null, ['reviewer']);
    expect((await reviewer.get('/api/auth/me')).body.user.permission).not.toContain('admin.outbox.view');
    try {
      const r = await admin.put('/api/admin/roles', { roles: { ...before, reviewer: [...before.reviewer, 'admin.outbox.view'] } });
      expect(r.status).toBe(200);
      expect((await reviewer.get('/api/auth/me')).body.user.permission).toContain('admin.outbox.view');
    } finally {
      await admin.put('/api/admin/roles', { roles: before });
    }
    expect((await admin.get('/api/admin/roles')).body.roles).toEqual(before);
  });
});
