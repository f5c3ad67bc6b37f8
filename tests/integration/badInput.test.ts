import { Caller, closeTestDb, personalData, png, signedIn, testDb } from '../support/http';
import { TEST_UPLOAD_MAX_BYTES } from '../support/limits';

afterAll(closeTestDb);

/** What this user has in the database; other test files write concurrently, so counts are per user. */
async function rowCounts(userId: string) {
  const counts = await Promise.all([
    testDb()('identity_certifications').where({ user_id: userId }).count({ n: '*' }),
    testDb()('uploads').where({ owner_id: userId }).count({ n: '*' }),
    testDb()('tasks').where({ subject_user_id: userId }).count({ n: '*' }),
  ]);
  return counts.map(([{ n }]) => Number(n));
}

test('a bad certification is a 400 with field messages in the caller language, and nothing is written', async () => {
  const { caller, user } = await signedIn('personal', ['user'], 'ja-JP');
  const photo = (await caller.upload('idPhoto', await png(), 'front.png')).body.id;
  const before = await rowCounts(user.id);
  expect(before).toEqual([0, 1, 0]);
  const r = await caller.post('/api/identity', { kind: 'personal', data: { name: ' ', nationality: 'CN', idNumber: '110105194912310021', idBack: photo, phone: '12345', email: 'a@b.toolong' } });
  expect(r.status).toBe(400);
  expect(r.body).toMatchObject({ status: 400, code: 'validation', message: '入力内容に誤りがあります。指摘された項目を確認してください' });
  expect(r.body.fields).toMatchObject({
    name: 'この項目は必須です',
    idNumber: '身分証番号が正しくありません',
    phone: '正しい携帯電話番号を入力してください（11桁、1から始まる）',
    email: '正しいメールアドレスを入力してください',
    idFront: 'この項目は必須です',
  });
  expect(await rowCounts(user.id)).toEqual(before);
});

test('unknown fields, the wrong kind and someone else\'s upload are refused', async () => {
  const { caller } = await signedIn('personal');
  const other = (await signedIn('personal')).caller;
  const foreign = (await other.upload('idPhoto', await png(), 'x.png')).body.id;
  expect((await caller.post('/api/identity', { kind: 'enterprise', data: {} })).body.fields).toEqual({ kind: 'This certification type does not match your account type' });
  const stolen = await caller.post('/api/identity', { kind: 'personal', data: personalData(foreign) });
  expect(stolen.status).toBe(400);
  expect(stolen.body.fields).toEqual({ idFront: 'Only files you uploaded yourself can be used', idBack: 'Only files you uploaded yourself can be used' });
  // Keys the schema does not know are dropped, never stored.
  const own = (await caller.upload('idPhoto', await png(), 'mine.png')).body.id;
  const extra = await caller.post('/api/identity', { kind: 'personal', data: { ...personalData(own), hacked: true } });
  expect(extra.status).toBe(201);
  expect(extra.body.certification.data).not.toHaveProperty('hacked');
});

test('uploads are checked by content: 415 for a renamed file, 413 past the limit, 400 without a file or kind', async () => {
  const { caller, user } = await signedIn('personal', ['user'], 'zh-CN');
  const before = await rowCounts(user.id);
  const fake = await caller.upload('idPhoto', Buffer.from('%PDF-1.4 not really an image'), 'photo.png');
  expect(fake.status).toBe(415);
  expect(fake.body).toMatchObject({ code: 'unsupportedMediaType', message: '不支持此文件类型，允许：jpg, jpeg, png, gif, bmp' });
  const truncated = await caller.upload('idPhoto', (await png()).subarray(0, 60), 'cut.png');
  expect(truncated.status).toBe(415);
  const big = await caller.upload('attachment', Buffer.alloc(TEST_UPLOAD_MAX_BYTES + 1024, 1), 'big.pdf');
  expect(big.status).toBe(413);
  expect(big.body).toMatchObject({ code: 'payloadTooLarge', message: '文件过大，最大 1 MB' });
  expect((await caller.upload('selfie', await png(), 'a.png')).status).toBe(400);
  expect(await rowCounts(user.id)).toEqual(before);
  const pdf = await caller.upload('attachment', Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n'), 'proof.pdf');
  expect(pdf.status).toBe(201);
  expect(pdf.body).toMatchObject({ kind: 'attachment', mime: 'application/pdf' });
});

test('malformed JSON, unknown routes and wrong passwords answer with a JSON body', async () => {
  const { caller } = await signedIn('personal');
  const malformed = await caller.request('POST', '/api/identity', '{"kind": ');
  expect(malformed.status).toBe(400);
  expect(malformed.body.code).toBe('badRequest');
  const missing = await caller.get('/api/nothing-here');
  expect(missing).toMatchObject({ status: 404, body: { code: 'notFound', message: 'This page could not be found' } });
  const wrong = await new Caller().post('/api/auth/login', { login: 'reviewer', password: 'nope' });
  expect(wrong).toMatchObject({ status: 401, body: { code: 'invalidCredentials', message: 'Wrong user name or password' } });
  const empty = await new Caller('zh-CN').post('/api/auth/login', {});
  expect(empty.body.fields).toEqual({ login: '此项为必填项', password: '此项为必填项' });
  const badQuery = await (await signedIn(null, ['reviewer'])).caller.get('/api/tasks?queue=nope&limit=5000');
  expect(badQuery.status).toBe(400);
  expect(Object.keys(badQuery.body.fields).sort()).toEqual(['limit', 'queue']);
});

test('a frozen account loses its session at once', async () => {
  const { caller, user } = await signedIn('personal');
  expect((await caller.get('/api/auth/me')).status).toBe(200);
  await testDb()('users').where({ id: user.id }).update({ status: 'frozen' });
  expect((await caller.get('/api/auth/me')).body).toEqual({ user: null });
});
