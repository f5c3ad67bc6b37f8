import { LOGIN_LIMITS } from '../../domain/auth';
import { ARGON2_OPTIONS } from '../../domain/password';
import { closeTestDb, newUser, testDb } from '../support/http';
import { backdateCodes, codeFor, ipCaller, randomIp, registered, uniqueEmail, uniqueName, uniquePhone } from '../support/accounts';

afterAll(closeTestDb);

const users = () => testDb()('users');

test('log-in by user name, e-mail in any case or phone; last login, device and address recorded; old hashes upgraded', async () => {
  const user = await newUser('personal'); // hashed with the library's default cost, not ARGON2_OPTIONS
  const email = uniqueEmail();
  const phone = uniquePhone();
  await users().where({ id: user.id }).update({ email: email.toLowerCase(), phone });
  expect((await users().where({ id: user.id }).first('password_hash')).password_hash).not.toContain(`m=${ARGON2_OPTIONS.memoryCost},`);

  for (const login of [user.username.toUpperCase(), email.toUpperCase(), phone, ` ${user.username} `]) {
    const caller = ipCaller();
    caller.headers['user-agent'] = 'LoginTest/1.0';
    const r = await caller.post('/api/auth/login', { login, password: user.password });
    expect(r.status).toBe(200);
    expect(r.body.user).toMatchObject({ id: user.id, username: user.username });
    const session = await testDb()('sessions').where({ user_id: user.id }).orderBy('created_at', 'desc').first();
    expect(session).toMatchObject({ user_agent: 'LoginTest/1.0', ip: caller.headers['x-forwarded-for'] });
  }
  const row = await users().where({ id: user.id }).first('last_login_at', 'password_hash');
  expect(Date.now() - row.last_login_at.getTime()).toBeLessThan(60_000);
  expect(row.password_hash).toContain(`$m=${ARGON2_OPTIONS.memoryCost},t=${ARGON2_OPTIONS.timeCost},p=${ARGON2_OPTIONS.parallelism}$`);
  // The re-hashed password still works.
  expect((await ipCaller().post('/api/auth/login', { login: user.username, password: user.password })).status).toBe(200);
  expect((await ipCaller().post('/api/auth/login', { login: user.username, password: 'Wrong#2026' })).body).toMatchObject({ code: 'invalidCredentials' });
});

test('five wrong passwords lock the account with back-off; the right password is refused while locked', async () => {
  const user = await newUser('personal');
  const caller = ipCaller('zh-CN');
  const wrong = () => caller.post('/api/auth/login', { login: user.username, password: 'Wrong#2026' });
  for (let i = 1; i < LOGIN_LIMITS.failuresBeforeLock; i++) expect((await wrong()).status).toBe(401);
  const fifth = await caller.request('POST', '/api/auth/login', { login: user.username, password: 'Wrong#2026' });
  expect(fifth.status).toBe(429);
  expect(fifth.body).toEqual({ status: 429, code: 'loginLocked', message: '登录失败次数过多，请 1 分钟后再试', retryAfterSeconds: 60 });

  const raw = await fetch(`${process.env.IPCI_TEST_API}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': randomIp(), cookie: 'cookie-lang=en-US' },
    body: JSON.stringify({ login: user.username.toUpperCase(), password: user.password }),
  });
  expect(raw.status).toBe(429);
  const retryAfter = Number(raw.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(50);
  expect(retryAfter).toBeLessThanOrEqual(60);
  expect(await raw.json()).toMatchObject({ code: 'loginLocked', retryAfterSeconds: retryAfter, message: 'Too many failed log-ins; try again in 1 min' });

  // Another account from the same address is not affected.
  const neighbour = await newUser('personal');
  expect((await caller.post('/api/auth/login', { login: neighbour.username, password: neighbour.password })).status).toBe(200);

  // The lock runs out; five more failures lock it twice as long.
  const expire = () => testDb()('login_limits').where('key', `fail:u:${user.id}`).update({ expire: Date.now() - 1 });
  await expire();
  for (let i = 1; i < LOGIN_LIMITS.failuresBeforeLock; i++) expect((await wrong()).status).toBe(401);
  expect((await wrong()).body.retryAfterSeconds).toBe(120);
  await expire();

  // A right password after the lock resets the count: four more failures do not lock.
  expect((await caller.post('/api/auth/login', { login: user.username, password: user.password })).status).toBe(200);
  for (let i = 1; i < LOGIN_LIMITS.failuresBeforeLock; i++) expect((await wrong()).status).toBe(401);
  expect((await caller.post('/api/auth/login', { login: user.username, password: user.password })).status).toBe(200);
  expect((await wrong()).status).toBe(401);
});

test('names that do not exist are locked the same way, so lock-outs do not reveal accounts', async () => {
  const caller = ipCaller();
  const login = uniqueName();
  for (let i = 1; i < LOGIN_LIMITS.failuresBeforeLock; i++) expect((await caller.post('/api/auth/login', { login, password: 'Wrong#2026' })).status).toBe(401);
  expect((await caller.post('/api/auth/login', { login: login.toUpperCase(), password: 'Wrong#2026' })).status).toBe(429);
  // Nothing typed is stored in the limiter's table.
  expect(await testDb()('login_limits').whereILike('key', `%${login}%`).first()).toBeUndefined();
});

test(`one address may fail ${LOGIN_LIMITS.perIpFailures} times in ${LOGIN_LIMITS.perIpWindowSeconds / 60} minutes, over all accounts`, async () => {
  const ip = randomIp();
  const caller = ipCaller('en-US', ip);
  const user = await newUser('personal');
  const statuses: number[] = [];
  for (let i = 0; i < LOGIN_LIMITS.perIpFailures; i += 10) {
    const batch = await Promise.all(Array.from({ length: 10 }, () => caller.post('/api/auth/login', { login: uniqueName(), password: 'Wrong#2026' })));
    statuses.push(...batch.map((r) => r.status));
  }
  expect(statuses.filter((s) => s === 401)).toHaveLength(LOGIN_LIMITS.perIpFailures - 1);
  expect(statuses.filter((s) => s === 429)).toHaveLength(1);
  const blocked = await caller.post('/api/auth/login', { login: user.username, password: user.password });
  expect(blocked.status).toBe(429);
  expect(blocked.body.retryAfterSeconds).toBeGreaterThan(LOGIN_LIMITS.perIpWindowSeconds - 60);
  expect((await ipCaller().post('/api/auth/login', { login: user.username, password: user.password })).status).toBe(200);
});

test('frozen and cancelled accounts cannot log in, each told why; a session stops when its account is frozen', async () => {
  const frozen = await newUser('personal');
  const cancelled = await newUser('enterprise');
  const caller = ipCaller();
  await caller.login(frozen.username, frozen.password);
  expect((await caller.get('/api/auth/me')).status).toBe(200);
  await users().where({ id: frozen.id }).update({ status: 'frozen' });
  expect((await caller.get('/api/auth/me')).body).toEqual({ user: null });
  await users().where({ id: cancelled.id }).update({ status: 'cancelled', cancelled_at: new Date() });

  const f = await caller.post('/api/auth/login', { login: frozen.username, password: frozen.password });
  expect(f).toMatchObject({ status: 403, body: { code: 'accountFrozen', message: 'This account is frozen for security reasons; please contact the platform' } });
  const c = await caller.post('/api/auth/login', { login: cancelled.username, password: cancelled.password });
  expect(c).toMatchObject({ status: 403, body: { code: 'accountCancelled', message: 'This account has been cancelled and can no longer log in' } });
  // A wrong password says nothing about the account's state.
  expect((await caller.post('/api/auth/login', { login: frozen.username, password: 'Wrong#2026' })).body.code).toBe('invalidCredentials');
});

test('forgot password: code to the bound address, new password twice, every session ends, the lock-out lifts', async () => {
  const first = ipCaller();
  const account = await registered(first);
  const second = await ipCaller().login(account.username, account.password);
  // Lock the account, as someone guessing would.
  const guesser = ipCaller();
  for (let i = 0; i < LOGIN_LIMITS.failuresBeforeLock; i++) await guesser.post('/api/auth/login', { login: account.username, password: 'Wrong#2026' });

  const anon = ipCaller();
  expect((await anon.post('/api/codes', { purpose: 'resetPassword', address: uniqueEmail() })).body.fields).toEqual({
    address: 'No account uses this e-mail address or mobile number',
  });
  await backdateCodes(account.address, 61);
  const code = await codeFor(anon, 'resetPassword', account.address.toUpperCase());
  const mismatch = await anon.post('/api/account/forgot-password', { address: account.address, code, password: 'Fresh#2027', repeatPassword: 'Fresh#2028' });
  expect(mismatch.status).toBe(400);
  expect(mismatch.body.fields).toEqual({ repeatPassword: 'The two passwords do not match' });
  const registerCode = await anon.post('/api/account/forgot-password', { address: account.address, code: account.code, password: 'Fresh#2027', repeatPassword: 'Fresh#2027' });
  expect(registerCode.body.fields.code).toMatch(/not correct/);

  const done = await anon.post('/api/account/forgot-password', { address: account.address, code, password: 'Fresh#2027', repeatPassword: 'Fresh#2027' });
  expect(done.status).toBe(204);
  expect((await first.get('/api/auth/me')).body).toEqual({ user: null });
  expect((await second.get('/api/auth/me')).body).toEqual({ user: null });
  expect(await testDb()('sessions').where({ user_id: account.user.id }).count({ n: '*' })).toEqual([{ n: '0' }]);
  expect((await users().where({ id: account.user.id }).first('password_changed_at')).password_changed_at).not.toBeNull();

  expect((await ipCaller().post('/api/auth/login', { login: account.username, password: account.password })).status).toBe(401);
  expect((await ipCaller().post('/api/auth/login', { login: account.address, password: 'Fresh#2027' })).status).toBe(200);
  // The code is spent.
  expect((await anon.post('/api/account/forgot-password', { address: account.address, code, password: 'Other#2027', repeatPassword: 'Other#2027' })).status).toBe(400);
});
