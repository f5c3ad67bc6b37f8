import { ipCaller } from '../support/accounts';
import { Caller, closeTestDb, newUser, testDb } from '../support/http';

afterAll(closeTestDb);

async function twoDevices() {
  const user = await newUser('personal');
  const phone = await new Caller('en-US', { ...ipCaller().headers, 'user-agent': 'PhoneBrowser/1.0' }).login(user.username, user.password);
  const laptop = await new Caller('en-US', { ...ipCaller().headers, 'user-agent': 'LaptopBrowser/2.0' }).login(user.username, user.password);
  return { user, phone, laptop };
}

test('the session list shows each device and marks this one', async () => {
  const { phone } = await twoDevices();
  const r = await phone.get('/api/security/sessions');
  expect(r.status).toBe(200);
  expect(r.body.items).toHaveLength(2);
  const mine = r.body.items.find((s: any) => s.current);
  expect(mine.userAgent).toBe('PhoneBrowser/1.0');
  expect(mine.ip).toBe(phone.headers['x-forwarded-for']);
  expect(r.body.items.filter((s: any) => !s.current).map((s: any) => s.userAgent)).toEqual(['LaptopBrowser/2.0']);
  expect(Object.keys(mine).sort()).toEqual(['createdAt', 'current', 'id', 'ip', 'lastSeenAt', 'userAgent']);
});

test('revoke one session: only one’s own, and it stops working at once', async () => {
  const { phone, laptop } = await twoDevices();
  const other = await twoDevices();
  const theirs = (await other.phone.get('/api/security/sessions')).body.items[0].id;
  expect((await phone.request('DELETE', `/api/security/sessions/${theirs}`)).status).toBe(404);
  expect((await phone.request('DELETE', '/api/security/sessions/not-a-uuid')).status).toBe(404);
  expect((await other.phone.get('/api/auth/me')).status).toBe(200);

  const laptopId = (await phone.get('/api/security/sessions')).body.items.find((s: any) => !s.current).id;
  expect((await phone.request('DELETE', `/api/security/sessions/${laptopId}`)).status).toBe(204);
  expect((await laptop.get('/api/auth/me')).body).toEqual({ user: null });
  expect((await phone.get('/api/security/sessions')).body.items).toHaveLength(1);
});

test('revoke every other session', async () => {
  const { user, phone, laptop } = await twoDevices();
  const third = await ipCaller().login(user.username, user.password);
  const r = await laptop.post('/api/security/sessions/revoke-others');
  expect(r.body).toEqual({ revokedSessions: 2 });
  expect((await phone.get('/api/auth/me')).body).toEqual({ user: null });
  expect((await third.get('/api/auth/me')).body).toEqual({ user: null });
  expect((await laptop.get('/api/security/sessions')).body.items.map((s: any) => s.current)).toEqual([true]);
});

test('last_seen_at is written at most once a minute', async () => {
  const { user, phone } = await twoDevices();
  const sessions = () => testDb()('sessions').where({ user_id: user.id, user_agent: 'PhoneBrowser/1.0' });
  await sessions().update({ last_seen_at: testDb().raw("now() - interval '5 minutes'") });
  await phone.get('/api/auth/me');
  const touched = (await sessions().first('last_seen_at')).last_seen_at;
  expect(Date.now() - touched.getTime()).toBeLessThan(30_000);

  await sessions().update({ last_seen_at: testDb().raw("now() - interval '20 seconds'") });
  const before = (await sessions().first('last_seen_at')).last_seen_at;
  await phone.get('/api/auth/me');
  expect((await sessions().first('last_seen_at')).last_seen_at).toEqual(before);
});

test.each(['frozen', 'cancelled'])('a session on a %s account stops working at once', async (status) => {
  const { user, phone } = await twoDevices();
  expect((await phone.get('/api/security/sessions')).status).toBe(200);
  await testDb()('users').where({ id: user.id }).update({ status });
  expect((await phone.get('/api/security/sessions')).status).toBe(401);
  expect((await phone.get('/api/auth/me')).body).toEqual({ user: null });
});
