import { createHash } from 'node:crypto';
import { LOGIN_LIMITS } from '../../domain/auth';
import { ARGON2_OPTIONS } from '../../domain/password';
import { codeFor, ipCaller, registration as registrationBody, uniqueEmail, uniquePhone } from '../support/accounts';
import { Caller, closeTestDb, newUser, testDb } from '../support/http';

afterAll(closeTestDb);

async function account(contacts: { email?: string; phone?: string } = {}) {
  const user = await newUser('personal');
  if (contacts.email || contacts.phone) await testDb()('users').where({ id: user.id }).update(contacts);
  return { user, caller: await ipCaller().login(user.username, user.password) };
}

/** A code issued straight into the table two minutes ago, so the per-address resend limit lets another one go out now. */
async function plantCode(userId: string, purpose: string, address: string, code: string) {
  const [{ id }] = await testDb()('verification_codes')
    .insert({
      purpose,
      channel: address.includes('@') ? 'email' : 'sms',
      address,
      code_hash: 'x',
      user_id: userId,
      created_at: testDb().raw("now() - interval '2 minutes'"),
      expires_at: testDb().raw("now() + interval '5 minutes'"),
    })
    .returning('id');
  await testDb()('verification_codes').where({ id }).update({ code_hash: createHash('sha256').update(`${id}:${code}`).digest('hex') });
}

test('the overview masks the bound addresses', async () => {
  const { caller } = await account({ email: 'alice.w@example.com', phone: '13812345678' });
  const r = await caller.get('/api/security');
  expect(r.body).toMatchObject({ email: 'a***@example.com', phone: '138****5678', passwordChangedAt: null, cancellation: null });
  expect(r.body.addresses).toEqual({ email: 'alice.w@example.com', phone: '13812345678' });
  expect((await new Caller().get('/api/security')).status).toBe(401);
});

test('bind and change the e-mail with a code sent to the new address', async () => {
  const { user, caller } = await account();
  const address = uniqueEmail();
  const code = await codeFor(caller, 'bindEmail', address);
  const wrong = await caller.put('/api/security/email', { email: address, code: code === '000000' ? '999999' : '000000' });
  expect(wrong.status).toBe(400);
  expect(Object.keys(wrong.body.fields)).toEqual(['code']);
  expect((await caller.put('/api/security/email', { email: 'not-an-address', code })).body.fields).toHaveProperty('email');

  const ok = await caller.put('/api/security/email', { email: address, code });
  expect(ok.status).toBe(200);
  expect(ok.body.email).toMatch(/^t\*\*\*@example\.com$/);
  expect((await testDb()('users').where({ id: user.id }).first('email')).email).toBe(address.toLowerCase());
  // The code was used up with the change.
  expect((await caller.put('/api/security/email', { email: address, code })).status).toBe(400);

  // Changing it again: the old address is replaced.
  const next = uniqueEmail();
  expect((await caller.put('/api/security/email', { email: next, code: await codeFor(caller, 'bindEmail', next) })).status).toBe(200);
  expect((await caller.get('/api/security')).body.addresses.email).toBe(next.toLowerCase());
});

test('another account’s e-mail or phone is a 409 field error, also when two accounts race for it', async () => {
  const taken = { email: uniqueEmail().toLowerCase(), phone: uniquePhone() };
  await account(taken);
  const { caller } = await account();
  const zh = new Caller('zh-CN', caller.headers);
  zh.cookie = caller.cookie;
  expect((await zh.put('/api/security/email', { email: taken.email, code: '123456' })).body).toMatchObject({ status: 409, fields: { email: expect.any(String) } });
  expect((await caller.put('/api/security/phone', { phone: taken.phone, code: '123456' })).body).toEqual({
    status: 409,
    code: 'conflict',
    message: expect.any(String),
    fields: { phone: 'This mobile number is already used by another account' },
  });
  expect((await caller.post('/api/codes', { purpose: 'bindPhone', address: taken.phone })).status).toBe(409);

  // A registration and a binding race for one free number: one wins, the other gets a 409, never a 500.
  const phone = uniquePhone();
  const a = await account();
  await plantCode(a.user.id, 'bindPhone', phone, '246810');
  const stranger = ipCaller();
  const registration = registrationBody(phone, await codeFor(stranger, 'register', phone));
  const [bind, register] = await Promise.all([a.caller.put('/api/security/phone', { phone, code: '246810' }), stranger.post('/api/account/register', registration)]);
  expect([bind.status, register.status].filter((s) => s === 409)).toHaveLength(1);
  expect([200, 201]).toContain(bind.status === 409 ? register.status : bind.status);
  if (bind.status === 409) expect(bind.body.fields).toEqual({ phone: 'This mobile number is already used by another account' });
  expect(await testDb()('users').where({ phone }).count({ n: '*' })).toEqual([{ n: '1' }]);
});

test('bind the phone: the number must be a mobile number and the code one sent for binding', async () => {
  const { user, caller } = await account();
  const phone = uniquePhone();
  expect((await caller.post('/api/codes', { purpose: 'bindPhone', address: uniqueEmail() })).status).toBe(400);
  await plantCode(user.id, 'bindEmail', phone, '135790');
  // A code sent for another purpose does not serve.
  expect((await caller.put('/api/security/phone', { phone, code: '135790' })).status).toBe(400);
  expect((await caller.put('/api/security/phone', { phone: '12345678901', code: '135790' })).body.fields).toHaveProperty('phone');
  const ok = await caller.put('/api/security/phone', { phone, code: await codeFor(caller, 'bindPhone', phone) });
  expect(ok.body).toEqual({ phone: `${phone.slice(0, 3)}****${phone.slice(-4)}` });
  expect((await testDb()('users').where({ id: user.id }).first('phone')).phone).toBe(phone);
});

test('change the password: the old one is checked, other sessions end, this one stays', async () => {
  const { user, caller } = await account();
  const laptop = await ipCaller().login(user.username, user.password);
  const next = 'New#pass2026';

  const wrong = await caller.put('/api/security/password', { oldPassword: 'nope', password: next, repeatPassword: next });
  expect(wrong.status).toBe(400);
  expect(wrong.body.fields).toEqual({ oldPassword: 'The current password is wrong' });
  const mismatch = await caller.put('/api/security/password', { oldPassword: user.password, password: next, repeatPassword: `${next}x` });
  expect(Object.keys(mismatch.body.fields)).toEqual(['repeatPassword']);
  const weak = await caller.put('/api/security/password', { oldPassword: user.password, password: 'abcdefgh', repeatPassword: 'abcdefgh' });
  expect(Object.keys(weak.body.fields)).toEqual(['password']);
  expect((await laptop.get('/api/auth/me')).status).toBe(200);

  const ok = await caller.put('/api/security/password', { oldPassword: user.password, password: next, repeatPassword: next });
  expect(ok.status).toBe(200);
  expect(ok.body.revokedSessions).toBe(1);
  expect((await caller.get('/api/auth/me')).status).toBe(200);
  expect((await laptop.get('/api/auth/me')).body).toEqual({ user: null });
  expect((await ipCaller().post('/api/auth/login', { login: user.username, password: user.password })).status).toBe(401);
  await ipCaller().login(user.username, next);

  const row = await testDb()('users').where({ id: user.id }).first('password_hash', 'password_changed_at');
  const { memoryCost: m, timeCost: t, parallelism: p } = ARGON2_OPTIONS;
  expect(row.password_hash.startsWith(`$argon2id$v=19$m=${m},t=${t},p=${p}$`)).toBe(true);
  expect(row.password_changed_at).not.toBeNull();
  expect((await caller.get('/api/security')).body.passwordChangedAt).toBe(row.password_changed_at.toISOString());
});

test('guessing the current password locks like guessing at log-in, for the form and the log-in alike', async () => {
  const { user, caller } = await account();
  const next = 'New#pass2026';
  const attempt = (oldPassword: string) => caller.put('/api/security/password', { oldPassword, password: next, repeatPassword: next });
  for (let i = 1; i < LOGIN_LIMITS.failuresBeforeLock; i++) expect((await attempt(`wrong-${i}`)).status).toBe(400);
  const locked = await attempt('wrong-last');
  expect(locked).toMatchObject({ status: 429, body: { code: 'loginLocked' } });
  expect(locked.body.retryAfterSeconds).toBeGreaterThan(0);
  // Locked: even the right password is refused, here and at log-in.
  expect((await attempt(user.password)).status).toBe(429);
  expect((await ipCaller().post('/api/auth/login', { login: user.username, password: user.password })).status).toBe(429);
  expect((await testDb()('users').where({ id: user.id }).first('password_changed_at')).password_changed_at).toBeNull();
});
