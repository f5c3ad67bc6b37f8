import sharp from 'sharp';
import { Caller, closeTestDb, DEMO, eventually, newUser, png, signedIn, testDb } from '../support/http';

afterAll(closeTestDb);

const valid = (username: string) => ({
  username,
  displayName: '张小明',
  gender: 'female',
  introduction: '插画师，专注传统纹样。',
  country: 'CN',
  province: '浙江省',
  city: '杭州市',
  address: '西湖区文三路 90 号',
});

const profileColumns = ['username', 'display_name', 'gender', 'introduction', 'country', 'province', 'city', 'address', 'avatar_upload_id', 'phone', 'email'];
const stored = (id: string) => testDb()('users').select(profileColumns).where({ id }).first();

test('GET answers the whole profile; PUT saves it, and the new user name logs in', async () => {
  const { user, caller } = await signedIn('personal');
  await testDb()('users').where({ id: user.id }).update({ phone: '13900139000', email: 'me@example.com' });
  const before = await caller.get('/api/profile');
  expect(before.status).toBe(200);
  expect(before.body.profile).toEqual({
    username: user.username,
    displayName: user.displayName,
    kind: 'personal',
    gender: 'undisclosed',
    introduction: '',
    country: '',
    province: '',
    city: '',
    address: '',
    phone: '13900139000',
    email: 'me@example.com',
    avatarUploadId: '',
    avatar: null,
  });

  const renamed = `Ming_${user.id.slice(0, 8)}`;
  const r = await caller.put('/api/profile', valid(renamed));
  expect(r.status).toBe(200);
  expect(r.body.profile).toMatchObject({ ...valid(renamed), phone: '13900139000', email: 'me@example.com' });
  expect(await stored(user.id)).toMatchObject({ username: renamed, display_name: '张小明', gender: 'female', country: 'CN', city: '杭州市' });
  // The session survives the rename and reports the new names; the new name logs in.
  expect((await caller.get('/api/auth/me')).body.user).toMatchObject({ username: renamed, displayName: '张小明' });
  await new Caller().login(renamed, user.password);

  // Optional fields can be emptied again: stored as null, answered as ''.
  const cleared = await caller.put('/api/profile', { username: renamed, displayName: '张小明' });
  expect(cleared.body.profile).toMatchObject({ gender: 'undisclosed', introduction: '', country: '', address: '' });
  expect(await stored(user.id)).toMatchObject({ introduction: null, country: null, province: null, address: null });
});

test('each invalid field is a 400 with its message in the caller language, and nothing is written', async () => {
  const { user, caller } = await signedIn('personal', ['user'], 'zh-CN');
  const before = await stored(user.id);
  const cases: Array<[Record<string, unknown>, Record<string, string>]> = [
    [{ displayName: '' }, { displayName: '此项为必填项' }],
    [{ displayName: 'x'.repeat(51) }, { displayName: '最多 50 个字符' }],
    [{ gender: 'other' }, { gender: '请选择有效的选项' }],
    [{ introduction: 'x'.repeat(501) }, { introduction: '最多 500 个字符' }],
    [{ country: 'XX' }, { country: '请选择国家或地区' }],
    [{ province: 'x'.repeat(65) }, { province: '最多 64 个字符' }],
    [{ city: 'x'.repeat(65) }, { city: '最多 64 个字符' }],
    [{ address: 'x'.repeat(201) }, { address: '最多 200 个字符' }],
    [{ username: '12345' }, { username: '请使用 3–32 位字母、数字或下划线，并以字母开头' }],
    [{ username: 'me@example.com' }, { username: '请使用 3–32 位字母、数字或下划线，并以字母开头' }],
    [{ username: 'ab' }, { username: '请使用 3–32 位字母、数字或下划线，并以字母开头' }],
    [{ avatarUploadId: 'not-an-id' }, { avatarUploadId: '请上传文件' }],
  ];
  for (const [change, fields] of cases) {
    const r = await caller.put('/api/profile', { ...valid(user.username), ...change });
    expect({ change, status: r.status, fields: r.body.fields }).toEqual({ change, status: 400, fields });
    expect(r.body.message).toBe('提交的内容有误，请检查标记的项目');
  }
  const ja = new Caller('ja-JP');
  ja.cookie = caller.cookie;
  expect((await ja.put('/api/profile', { ...valid(user.username), displayName: ' ' })).body.fields).toEqual({ displayName: 'この項目は必須です' });
  expect(await stored(user.id)).toEqual(before);
  // The test account's name (`u1234abcd-ef5`) predates the rule: kept as it is, it still saves.
  expect((await caller.put('/api/profile', valid(user.username))).status).toBe(200);
});

test('phone and e-mail are read-only here: keys the schema does not know are dropped, never stored', async () => {
  const { user, caller } = await signedIn('personal');
  await testDb()('users').where({ id: user.id }).update({ phone: '13700137000' });
  const r = await caller.put('/api/profile', { ...valid(user.username), phone: '13800138000', email: 'x@example.com', roles: ['admin'] });
  expect(r.status).toBe(200);
  expect(r.body.profile).toMatchObject({ phone: '13700137000', email: null });
  expect(await testDb()('users').select('phone', 'email', 'roles').where({ id: user.id }).first()).toEqual({ phone: '13700137000', email: null, roles: ['user'] });
});

test('the avatar must be the caller\'s own upload of kind avatar; owner and staff can fetch it', async () => {
  const { user, caller } = await signedIn('personal');
  const other = await signedIn('personal');
  const foreign = (await other.caller.upload('avatar', await png(200, 200), 'face.png')).body.id;
  const idPhoto = (await caller.upload('idPhoto', await png(200, 200), 'id.png')).body.id;
  const before = await stored(user.id);

  const stolen = await caller.put('/api/profile', { ...valid(user.username), avatarUploadId: foreign });
  expect(stolen).toMatchObject({ status: 400, body: { fields: { avatarUploadId: 'Only files you uploaded yourself can be used' } } });
  const wrongKind = await caller.put('/api/profile', { ...valid(user.username), avatarUploadId: idPhoto });
  expect(wrongKind).toMatchObject({ status: 400, body: { fields: { avatarUploadId: 'This field needs a file of kind avatar' } } });
  const missing = await caller.put('/api/profile', { ...valid(user.username), avatarUploadId: '00000000-0000-4000-8000-000000000000' });
  expect(missing.status).toBe(400);
  expect(await stored(user.id)).toEqual(before);

  const jpeg = await sharp({ create: { width: 120, height: 120, channels: 3, background: '#369' } }).jpeg().toBuffer();
  const avatar = await caller.upload('avatar', jpeg, 'me.jpg');
  expect(avatar).toMatchObject({ status: 201, body: { kind: 'avatar', mime: 'image/jpeg', width: 120, height: 120 } });
  const saved = await caller.put('/api/profile', { ...valid(user.username), avatarUploadId: avatar.body.id });
  expect(saved.status).toBe(200);
  expect(saved.body.profile).toMatchObject({ avatarUploadId: avatar.body.id, avatar: { id: avatar.body.id, mime: 'image/jpeg' } });
  expect((await caller.get('/api/auth/me')).body.user.avatarUploadId).toBe(avatar.body.id); // the header's avatar

  const file = `/api/uploads/${avatar.body.id}`;
  expect((await caller.get(file)).status).toBe(200);
  expect((await new Caller().login(...DEMO.reviewer).then((c) => c.get(file))).status).toBe(200);
  expect((await other.caller.get(file)).status).toBe(404); // nobody else learns it exists
  expect((await new Caller().get(file)).status).toBe(401);
});

test('an avatar is jpg or png by content: a GIF or a text file named .png is a 415', async () => {
  const { user, caller } = await signedIn('personal', ['user'], 'en-US');
  const gif = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#c33' } }).gif().toBuffer();
  const asGif = await caller.upload('avatar', gif, 'face.png');
  expect(asGif).toMatchObject({ status: 415, body: { code: 'unsupportedMediaType', message: 'This file type is not accepted; allowed: jpg, jpeg, png' } });
  expect((await caller.upload('avatar', Buffer.from('just some text, not a picture'), 'face.png')).status).toBe(415);
  expect((await caller.upload('avatar', (await png(80, 80)).subarray(0, 50), 'cut.png')).status).toBe(415);
  const [{ n }] = await testDb()('uploads').where({ owner_id: user.id }).count({ n: '*' });
  expect(Number(n)).toBe(0);
});

test('a user name taken by another account, in any case, is a 409 on the field, also when another takes it at the same moment', async () => {
  const { user, caller } = await signedIn('personal', ['user'], 'en-US');
  const taken = await newUser('personal');
  const takenName = `taken_${taken.id.slice(0, 8)}`;
  await testDb()('users').where({ id: taken.id }).update({ username: takenName });
  const r = await caller.put('/api/profile', valid(takenName.toUpperCase()));
  expect(r.status).toBe(409);
  expect(r.body).toMatchObject({ code: 'conflict', message: 'This user name is already taken', fields: { username: 'This user name is already taken' } });
  expect((await stored(user.id)).username).toBe(user.username);
  // Changing only the case of one's own name is allowed.
  const mine = `mine_${user.id.slice(0, 8)}`;
  expect((await caller.put('/api/profile', valid(mine))).status).toBe(200);
  expect((await caller.put('/api/profile', valid(mine.toUpperCase()))).status).toBe(200);

  // Two accounts race for one free name: the other's rename is not committed yet when this one
  // checks, so the unique index decides — and the loser gets the field error, never a 500.
  const rival = await newUser('personal');
  const name = `race_${rival.id.slice(0, 8)}`;
  const trx = await testDb().transaction();
  try {
    await trx('users').where({ id: rival.id }).update({ username: name });
    const pending = caller.put('/api/profile', valid(name));
    await eventually(async () => {
      const [{ n }] = await testDb()('pg_locks').where({ granted: false }).count({ n: '*' });
      return Number(n) > 0;
    });
    await trx.commit();
    const raced = await pending;
    expect(raced.status).toBe(409);
    expect(raced.body.fields).toEqual({ username: 'This user name is already taken' });
  } finally {
    if (!trx.isCompleted()) await trx.rollback();
  }
});

test('the profile needs a session', async () => {
  expect((await new Caller().get('/api/profile')).status).toBe(401);
  expect((await new Caller().put('/api/profile', valid('nobody'))).status).toBe(401);
});
