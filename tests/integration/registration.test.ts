import { ARGON2_OPTIONS } from '../../domain/password';
import { Caller, closeTestDb, signedIn, testDb } from '../support/http';
import { birthDate, codeFor, ipCaller, PASSWORD, registered, registration, uniqueEmail, uniqueName, uniquePhone } from '../support/accounts';

afterAll(closeTestDb);

const users = () => testDb()('users');
const userNamed = (username: string) => users().whereRaw('lower(username) = lower(?)', [username]).first();

test('a person registers with an e-mail code, is signed in, and the code is used up', async () => {
  const caller = ipCaller();
  const address = uniqueEmail();
  const code = await codeFor(caller, 'register', address);
  const body = registration(address, code, { birthDate: '1990-02-28' });
  const r = await caller.post('/api/account/register', body);
  expect(r.status).toBe(201);
  expect(r.body.user).toMatchObject({ username: body.username, displayName: body.username, kind: 'personal', userType: 1, roles: ['user'], identityState: null });
  expect((await caller.get('/api/auth/me')).body.user.id).toBe(r.body.user.id);

  const row = await userNamed(body.username);
  expect(row).toMatchObject({ email: address.toLowerCase(), phone: null, kind: 'personal', status: 'active', invited_by: null, locale: 'en-US' });
  expect(row.birth_date.toISOString().slice(0, 10)).toBe('1990-02-28');
  expect(row.last_login_at).not.toBeNull();
  expect(row.password_hash).toMatch(new RegExp(`^\\$argon2id\\$v=19\\$m=${ARGON2_OPTIONS.memoryCost},t=${ARGON2_OPTIONS.timeCost},p=${ARGON2_OPTIONS.parallelism}\\$`));
  const session = await testDb()('sessions').where({ user_id: row.id }).first();
  expect(session.ip).toBe(caller.headers['x-forwarded-for']);
  expect((await testDb()('verification_codes').where({ address: address.toLowerCase(), purpose: 'register' }).first()).consumed_at).not.toBeNull();

  // The same code cannot serve a second registration.
  const again = await ipCaller().post('/api/account/register', registration(address, code));
  expect(again.status).toBe(400);
  expect(again.body.fields).toEqual({ code: 'This verification code is no longer valid; please request a new one' });
});

test('an enterprise registers with a phone number and no birth date', async () => {
  const caller = ipCaller();
  const phone = uniquePhone();
  const code = await codeFor(caller, 'register', phone);
  const r = await caller.post('/api/account/register', registration(phone, code, { userType: 'enterprise', birthDate: '' }));
  expect(r.status).toBe(201);
  expect(r.body.user).toMatchObject({ kind: 'enterprise', userType: 2 });
  expect(await users().where({ id: r.body.user.id }).first('phone', 'email', 'birth_date')).toEqual({ phone, email: null, birth_date: null });
});

test('each of the four agreements must be accepted; nothing is written otherwise', async () => {
  const caller = ipCaller();
  const address = uniqueEmail();
  const code = await codeFor(caller, 'register', address);
  const body = registration(address, code, { agreeUserAgreement: false, agreeDisclaimer: undefined, agreePrivacy: false, agreeChildRules: false });
  const r = await caller.post('/api/account/register', body);
  expect(r.status).toBe(400);
  const msg = 'Please read and accept this document';
  expect(r.body.fields).toEqual({ agreeUserAgreement: msg, agreeDisclaimer: msg, agreePrivacy: msg, agreeChildRules: msg });
  expect(await userNamed(body.username)).toBeUndefined();
  // The code was not even looked at, so it still works.
  expect((await caller.post('/api/account/register', { ...body, agreeUserAgreement: true, agreeDisclaimer: true, agreePrivacy: true, agreeChildRules: true })).status).toBe(201);
});

test('age limits: a 13-year-old and a 17-year-old are refused, an 18-year-old registers', async () => {
  const caller = ipCaller('zh-CN');
  const address = uniqueEmail();
  const code = await codeFor(caller, 'register', address);
  const attempt = (birth: string) => caller.post('/api/account/register', registration(address, code, { birthDate: birth }));

  const child = await attempt(birthDate(14, 1)); // turns 14 tomorrow
  expect(child.status).toBe(400);
  expect(child.body.fields).toEqual({ birthDate: '未满 14 周岁的儿童不能注册' });
  caller.lang = 'en-US';
  expect((await attempt(birthDate(14))).body.fields).toEqual({ birthDate: 'Natural persons must be 18 or older to register' });
  expect((await attempt(birthDate(18, 1))).body.fields).toEqual({ birthDate: 'Natural persons must be 18 or older to register' });
  expect((await attempt(birthDate(-1))).body.fields).toEqual({ birthDate: 'Please enter a valid date (yyyy-mm-dd)' });
  expect((await attempt('2001-02-30')).body.fields).toEqual({ birthDate: 'Please enter a valid date (yyyy-mm-dd)' });
  expect((await attempt('')).body.fields).toEqual({ birthDate: 'This field is required' });
  expect((await attempt(birthDate(18))).status).toBe(201);
});

test('password rules, repeat, user name and contact are checked field by field', async () => {
  const caller = ipCaller();
  const r = await caller.post('/api/account/register', {
    ...registration('not-an-address', '12ab'),
    username: '13800138000',
    password: 'abcdefgh',
    repeatPassword: 'abcdefgi',
    userType: 'robot',
  });
  expect(r.status).toBe(400);
  expect(r.body.fields).toEqual({
    userType: 'Please choose one of the options',
    username: 'Use 3 to 32 letters, digits or _, starting with a letter',
    password: 'Use at least two of: letters, symbols, digits',
    repeatPassword: 'The two passwords do not match',
    address: 'Please enter a valid e-mail address or mobile number',
    code: 'Please enter the 6-digit verification code',
  });
  const short = await caller.post('/api/account/register', { ...registration(uniqueEmail(), '123456'), password: 'ab1#', repeatPassword: 'ab1#', username: 'me' });
  expect(short.body.fields).toEqual({ password: 'The password must have more than 6 characters', username: 'At least 3 characters' });
});

test('wrong, foreign-purpose and expired codes are refused on the code field', async () => {
  const caller = ipCaller();
  const address = uniqueEmail();
  const code = await codeFor(caller, 'register', address);
  const wrong = String((Number(code) + 1) % 1e6).padStart(6, '0');
  const r = await caller.post('/api/account/register', registration(address, wrong));
  expect(r.status).toBe(400);
  expect(r.body.fields).toEqual({ code: 'The verification code is not correct; 4 tries left' });

  // A code sent to bind an e-mail is no registration code.
  const { caller: member } = await signedIn('personal');
  member.headers['x-forwarded-for'] = caller.headers['x-forwarded-for'];
  const other = uniqueEmail();
  const bindCode = await codeFor(member, 'bindEmail', other);
  expect((await caller.post('/api/account/register', registration(other, bindCode))).body.fields).toEqual({ code: 'Please request a verification code first' });

  await testDb()('verification_codes').where({ address: address.toLowerCase(), purpose: 'register' }).update({ expires_at: testDb().raw("now() - interval '1 second'") });
  expect((await caller.post('/api/account/register', registration(address, code))).body.fields).toEqual({
    code: 'This verification code is no longer valid; please request a new one',
  });
});

test('a taken user name (any case), e-mail or phone is a 409 on its field, also when two registrations race', async () => {
  const first = await registered(ipCaller());
  const caller = ipCaller();

  const address = uniqueEmail();
  const code = await codeFor(caller, 'register', address);
  const sameName = await caller.post('/api/account/register', registration(address, code, { username: first.username.toUpperCase() }));
  expect(sameName.status).toBe(409);
  expect(sameName.body.fields).toEqual({ username: 'This user name is already taken' });

  // Someone else bound the address after our code was sent.
  const { user: binder } = await signedIn('personal');
  await users().where({ id: binder.id }).update({ email: address.toUpperCase() });
  const sameEmail = await caller.post('/api/account/register', registration(address, code));
  expect(sameEmail.status).toBe(409);
  expect(sameEmail.body.fields).toEqual({ address: 'This e-mail address is already used by another account' });

  const phone = uniquePhone();
  const phoneCode = await codeFor(caller, 'register', phone);
  await users().where({ id: binder.id }).update({ phone });
  const samePhone = await caller.post('/api/account/register', registration(phone, phoneCode));
  expect(samePhone.status).toBe(409);
  expect(samePhone.body.fields).toEqual({ address: 'This mobile number is already used by another account' });

  // Three registrations for one new name at once: one wins, the others get the field error, none a 500.
  const username = uniqueName();
  const racers = await Promise.all(
    [0, 1, 2].map(async () => {
      const c = ipCaller();
      const a = uniqueEmail();
      return { c, body: registration(a, await codeFor(c, 'register', a), { username }) };
    }),
  );
  const answers = await Promise.all(racers.map(({ c, body }) => c.post('/api/account/register', body)));
  expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
  for (const a of answers.filter((x) => x.status === 409)) expect(a.body.fields).toEqual({ username: 'This user name is already taken' });
  expect(await users().whereRaw('lower(username) = lower(?)', [username]).count({ n: '*' })).toEqual([{ n: '1' }]);
});

test('an invitation code links the new account to its inviter; an unknown one is a field error', async () => {
  const inviter = await registered(ipCaller());
  const { invite_code: inviteCode } = await users().where({ id: inviter.user.id }).first('invite_code');
  const caller = ipCaller();
  const address = uniqueEmail();
  const code = await codeFor(caller, 'register', address);

  const unknown = await caller.post('/api/account/register', registration(address, code, { inviteCode: inviteCode === 'ABCDEF12' ? 'ABCDEF13' : 'ABCDEF12' }));
  expect(unknown.status).toBe(400);
  expect(unknown.body.fields).toEqual({ inviteCode: 'This invitation code does not exist' });
  expect((await caller.post('/api/account/register', registration(address, code, { inviteCode: 'short' }))).body.fields).toEqual({
    inviteCode: 'An invitation code has 8 letters or digits',
  });

  const r = await caller.post('/api/account/register', registration(address, code, { inviteCode: inviteCode.toLowerCase() }));
  expect(r.status).toBe(201);
  expect((await users().where({ id: r.body.user.id }).first('invited_by')).invited_by).toBe(inviter.user.id);
});

test('the new account logs in with its password after logging out', async () => {
  const caller = ipCaller();
  const account = await registered(caller);
  expect((await caller.post('/api/auth/logout')).status).toBe(204);
  expect((await caller.get('/api/auth/me')).body).toEqual({ user: null });
  const again = await new Caller().login(account.address, PASSWORD);
  expect((await again.get('/api/auth/me')).body.user.username).toBe(account.username);
});
