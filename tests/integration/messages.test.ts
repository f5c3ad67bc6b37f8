import { randomUUID } from 'node:crypto';
import { insertMessage, sendStaffMessage } from '../../db/messages';
import { apiBase, Caller, closeTestDb, DEMO, newUser, signedIn, testDb } from '../support/http';

let admin: Caller;
beforeAll(async () => {
  admin = await new Caller().login(...DEMO.admin);
});
afterAll(closeTestDb);

const send = (body: Record<string, unknown>) => admin.post('/api/admin/messages', body);
/** A process message, as activities/messages.ts writes it (from another process than the API). */
const processMessage = (userId: string, titleKey = 'identityVerified') =>
  insertMessage(testDb(), { dedupeKey: `test/${randomUUID()}`, userId, titleKey, actionLink: 'usercenter/identity' });

/** Reads server-sent events of one stream: each call to next() answers the following `event`. */
async function openStream(caller: Caller, path: string) {
  const abort = new AbortController();
  const res = await fetch(apiBase() + path, { headers: { cookie: caller.cookie }, signal: abort.signal });
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  return {
    async next(): Promise<{ event: string; data: any }> {
      for (;;) {
        const end = buffer.indexOf('\n\n');
        if (end >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.*)$/m.exec(frame)?.[1];
          const data = /^data: (.*)$/m.exec(frame)?.[1];
          if (event && data) return { event, data: JSON.parse(data) };
          continue;
        }
        const { value, done } = await reader.read();
        if (done) throw new Error('stream ended');
        buffer += decoder.decode(value, { stream: true });
      }
    },
    close: () => abort.abort(),
  };
}

test('list, detail, read, read-all, delete, and the unread count', async () => {
  const { user, caller } = await signedIn('personal');
  await processMessage(user.id);
  const sent = await send({ recUserId: user.id, title: 'Maintenance tonight', content: 'The platform is down 22:00–23:00.', actionLink: '/zh-CN/ipci', remark: 'ops' });
  expect(sent).toMatchObject({ status: 201, body: { sent: 1 } });

  const list = await caller.get('/api/messages');
  expect(list.body).toMatchObject({ unread: 2, unreadByKind: { system: 1, message: 1 }, next: null });
  const [staff, system] = list.body.items;
  expect(staff).toMatchObject({ kind: 'message', title: 'Maintenance tonight', content: 'The platform is down 22:00–23:00.', actionLink: '/zh-CN/ipci', remark: 'ops', sender: 'staff', senderName: '王管', titleKey: null, readAt: null });
  expect(system).toMatchObject({ kind: 'system', titleKey: 'identityVerified', sender: 'system', actionLink: 'usercenter/identity' });
  expect((await caller.get('/api/messages?kind=system')).body.items.map((m: any) => m.id)).toEqual([system.id]);
  expect((await caller.get('/api/messages?kind=message')).body.items.map((m: any) => m.id)).toEqual([staff.id]);

  expect((await caller.get(`/api/messages/${staff.id}`)).body.message).toMatchObject({ id: staff.id, readAt: null });
  const read = await caller.post(`/api/messages/${staff.id}/read`);
  expect(read.body.message.readAt).not.toBeNull();
  expect((await caller.post(`/api/messages/${staff.id}/read`)).body.message.readAt).toBe(read.body.message.readAt);
  expect((await caller.get('/api/messages/unread')).body).toEqual({ unread: 1, unreadByKind: { system: 1, message: 0 } });
  expect((await caller.get('/api/messages?unread=1')).body.items.map((m: any) => m.id)).toEqual([system.id]);
  expect((await caller.get('/api/auth/me')).body.user.unread).toBe(1);

  const all = await caller.post('/api/messages/read-all');
  expect(all.body).toMatchObject({ updated: 1, unread: 0 });

  await processMessage(user.id, 'identityFailed');
  const unreadOne = (await caller.get('/api/messages?unread=1')).body.items[0];
  expect((await caller.request('DELETE', `/api/messages/${unreadOne.id}`)).status).toBe(204);
  expect((await caller.get('/api/messages/unread')).body.unread).toBe(0);
  expect((await caller.get(`/api/messages/${unreadOne.id}`)).status).toBe(404);
  expect((await caller.request('DELETE', `/api/messages/${unreadOne.id}`)).status).toBe(404);
  expect((await caller.post(`/api/messages/${unreadOne.id}/read`)).status).toBe(404);
  expect((await caller.get('/api/messages')).body.items.map((m: any) => m.id)).toEqual([staff.id, system.id]);
  // soft delete: the row stays
  expect((await testDb()('messages').where({ id: unreadOne.id }).first()).deleted_at).not.toBeNull();
});

test("another user's message is 404 for every call; a malformed id too", async () => {
  const owner = await newUser('personal');
  await processMessage(owner.id);
  const id = (await testDb()('messages').where({ user_id: owner.id }).first()).id;
  const { caller } = await signedIn('personal');
  expect((await caller.get(`/api/messages/${id}`)).status).toBe(404);
  expect((await caller.post(`/api/messages/${id}/read`)).status).toBe(404);
  expect((await caller.request('DELETE', `/api/messages/${id}`)).status).toBe(404);
  expect((await caller.get('/api/messages/abc')).status).toBe(404);
  expect((await testDb()('messages').where({ id }).first()).read_at).toBeNull();
});

test('pages by keyset (before = last id), newest first', async () => {
  const { user, caller } = await signedIn('personal');
  for (let i = 0; i < 5; i++) await processMessage(user.id);
  const ids: string[] = [];
  let before: string | null = null;
  do {
    const r: any = await caller.get(`/api/messages?limit=2${before ? `&before=${before}` : ''}`);
    ids.push(...r.body.items.map((m: any) => m.id));
    before = r.body.next;
  } while (before);
  expect(ids).toHaveLength(5);
  expect([...ids].sort((a, b) => Number(b) - Number(a))).toEqual(ids);
  expect((await caller.get('/api/messages?limit=500&kind=mail&before=x')).body.fields).toEqual({
    limit: 'Must be at most 100',
    kind: 'Please choose one of the options',
    before: 'This value is not valid',
  });
});

test('admin send: validated in the caller language; nothing written on 400', async () => {
  const u = await newUser('personal');
  const zh = new Caller('zh-CN');
  zh.cookie = admin.cookie;
  const r = await zh.post('/api/admin/messages', { recUserId: u.id, title: 'x'.repeat(101), content: '', actionLink: 'https://evil.example/' });
  expect(r.status).toBe(400);
  expect(r.body.fields).toEqual({ title: '最多 100 个字符', content: '此项为必填项', actionLink: '请输入平台内的路径，例如 /zh-CN/ipci/usercenter/identity' });
  expect((await send({ title: 't', content: 'c' })).body.fields).toEqual({ recUserId: 'Choose a recipient, or send to all users' });
  expect((await send({ recUserId: randomUUID(), title: 't', content: 'c' })).body.fields).toEqual({ recUserId: 'This user does not exist or is not active' });
  expect((await send({ recUserId: u.id, title: 't', content: 'c', actionLink: '//evil.example' })).status).toBe(400);
  expect(await testDb()('messages').where({ user_id: u.id }).count({ n: '*' })).toEqual([{ n: '0' }]);
});

// Sends to all go to the reviewers only: other test files count their users' unread messages.
test('admin send to all (of a role): every active user once, frozen ones not; a repeated send id is a no-op', async () => {
  const frozen = await newUser(null, ['reviewer']);
  await testDb()('users').where({ id: frozen.id }).update({ status: 'frozen' });
  const active = await newUser(null, ['reviewer']);
  const sendId = randomUUID();
  const body = { notifyAll: true, role: 'reviewer', kind: 'system', title: 'New fee schedule', content: 'See the introduction page.', sendId };
  const r = await send(body);
  expect(r.status).toBe(201);
  const delivered = await testDb()('messages').where('dedupe_key', 'like', `staff/${sendId}/%`).pluck('user_id');
  expect(r.body.sent).toBe(delivered.length);
  const reviewers = await testDb()('users').where({ status: 'active' }).whereRaw("roles @> '{reviewer}'").pluck('id');
  expect(delivered.sort()).toEqual(reviewers.filter((id: string) => delivered.includes(id)).sort());
  expect(delivered).toContain(active.id);
  expect(delivered).not.toContain(frozen.id);
  expect(new Set(delivered).size).toBe(delivered.length);
  expect((await send(body)).body.sent).toBe(0);
});

test('a send to every active user reaches each of 10 000+ users in one insert-select (rolled back: other files count messages)', async () => {
  const senderId = (await admin.get('/api/auth/me')).body.user.id;
  // One snapshot for the send and the count: other files create users meanwhile.
  const trx = await testDb().transaction({ isolationLevel: 'repeatable read' });
  try {
    const marker = randomUUID().slice(0, 8);
    await trx.raw(
      // invite codes starting with Z: never a generated (hex) one, so 10 000 of them cannot clash
      "insert into users (username, display_name, password_hash, kind, roles, invite_code) select 'bulk' || ? || '_' || g, 'Bulk ' || g, 'x', 'personal', '{user}', 'Z' || ? || lpad(g::text, 5, '0') from generate_series(1, 10000) g",
      [marker, marker.slice(0, 6).toUpperCase()],
    );
    const sent = await sendStaffMessage(trx, { sendId: randomUUID(), senderId, kind: 'message', title: 't', content: 'c', actionLink: null, remark: null }, {});
    const [{ n }] = await trx('users').where({ status: 'active' }).count({ n: '*' });
    expect(sent).toBe(Number(n));
    expect(sent).toBeGreaterThan(10_000);
  } finally {
    await trx.rollback();
  }
});

test('the unread count is pushed live on insert (by another process), read and delete; and after a send to all', async () => {
  const { user, caller } = await signedIn(null, ['reviewer']);
  const stream = await openStream(caller, '/api/messages/stream');
  try {
    expect(await stream.next()).toEqual({ event: 'unread', data: { unread: 0 } });
    await processMessage(user.id);
    expect(await stream.next()).toEqual({ event: 'unread', data: { unread: 1 } });
    await send({ recUserId: user.id, title: 'Hello', content: 'Welcome' });
    expect(await stream.next()).toEqual({ event: 'unread', data: { unread: 2 } });
    const [first, second] = (await caller.get('/api/messages')).body.items;
    await caller.post(`/api/messages/${first.id}/read`);
    expect(await stream.next()).toEqual({ event: 'unread', data: { unread: 1 } });
    await caller.request('DELETE', `/api/messages/${second.id}`);
    expect(await stream.next()).toEqual({ event: 'unread', data: { unread: 0 } });
    await send({ notifyAll: true, role: 'reviewer', title: 'To every reviewer', content: 'Broadcast' });
    expect(await stream.next()).toEqual({ event: 'unread', data: { unread: 1 } });
  } finally {
    stream.close();
  }
});
