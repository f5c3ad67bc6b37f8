import { createHash, randomBytes, randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { markToDb } from '../../domain/watermark';
import { publishC2paCertificate } from '../../db/c2paCertificates';
import { purgeAccount } from '../../db/retention';
import { deleteRecordedObjects } from '../../db/storageDeletions';
import { openStore } from '../../storage';
import { embedWatermark } from '../../watermark';
import { signCredentials } from '../../watermark/credentials';
import { credentialsKey } from '../../watermark/credentialsKey';
import { syntheticImage } from '../../watermark/synthetic';
import { apiBase, Caller, closeTestDb, PDF, png, signedIn, testDb } from '../support/http';
import { certifiedUser } from '../support/identity';
import { IP_NAMES, ipciRow } from '../support/ipcis';

/*
 * Online identification (issue 14) against the real API: a mark embedded for a real watermark item
 * is read back from an attacked copy on the public page (owner, IP and certificate named), an
 * unmarked picture is not, every check is logged, the owner sees the checks of their pictures with
 * an evidence thumbnail nobody else can fetch, the owner's own detection names only their own marks,
 * and bad files are refused by content with nothing logged or kept.
 */

afterAll(closeTestDb);

const store = () => openStore({ diskRoot: process.env.UPLOAD_DIR!, publicBase: apiBase(), signingSecret: 'unused' });

/** Each caller its own address (TRUST_PROXY=1 in the test stack): the per-address limit is the test's own. */
const visitor = (lang = 'en-US') => new Caller(lang, { 'x-forwarded-for': `10.${randomBytes(3).join('.')}` });

/** A photographic-like JPEG, as a copy a user would have downloaded. */
const photo = (seed: number, width = 800, height = 600) =>
  sharp(Buffer.from(syntheticImage(width, height, seed)), { raw: { width, height, channels: 3 } }).jpeg({ quality: 92 }).toBuffer();

/** What happens to a picture passed around: recompressed at JPEG quality 50 and cropped at an offset nobody knows. */
async function passedAround(image: Buffer): Promise<Buffer> {
  const q50 = await sharp(image).jpeg({ quality: 50 }).toBuffer();
  return sharp(q50).extract({ left: 37, top: 23, width: 720, height: 540 }).jpeg({ quality: 50 }).toBuffer();
}

/** A watermark item of `userId` as the watermarkBatch workflow leaves it, and a copy carrying its mark. */
async function markedItem(userId: string, ipciId: string | null, seed: number) {
  const db = testDb();
  const [batch] = await db('watermark_batches').insert({ user_id: userId, media: 'image', ipci_id: ipciId, total: 1, done: 1, state: 'finished' }).returning('id');
  const mark = randomBytes(8).readBigUInt64BE(0);
  const [item] = await db('watermark_items')
    .insert({ batch_id: batch.id, user_id: userId, media: 'image', source_name: `poster-${seed}.jpg`, ipci_id: ipciId, mark: markToDb(mark), state: 'done' })
    .returning(['id', 'created_at']);
  const { image } = await embedWatermark(await photo(seed), mark);
  return { itemId: item.id as string, createdAt: item.created_at as Date, copy: image };
}

/** POST as the pages send it: the size first (in the query), then the file. */
function check(caller: Caller, bytes: Buffer, name: string, o: { path?: string; size?: number } = {}) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  return caller.request('POST', `${o.path ?? '/api/watermark-checks'}?size=${o.size ?? bytes.length}`, form);
}

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const checksOf = (bytes: Buffer) => testDb()('watermark_checks').where({ sha256: sha256(bytes) });

async function fetchBytes(caller: Caller, path: string) {
  const res = await fetch(apiBase() + path, { headers: { cookie: caller.cookie } });
  return { status: res.status, type: res.headers.get('content-type'), bytes: Buffer.from(await res.arrayBuffer()) };
}

test('a recompressed, cropped copy is identified on the public page with its holder, IP and certificate; the check is logged with evidence', async () => {
  const { user } = await certifiedUser();
  const ipci = await ipciRow(user.id);
  const { itemId, createdAt, copy } = await markedItem(user.id, ipci.id, 1);
  const suspect = await passedAround(copy);

  const en = await check(visitor(), suspect, '可疑图片.jpg');
  expect(en.status).toBe(200);
  expect(en.body).toEqual({
    found: true,
    media: 'image',
    owner: '张三',
    ipName: IP_NAMES.en,
    ipciCode: ipci.code,
    ipciVerifiable: true,
    verifyUrl: `${apiBase()}/ipci/right/certificate/${ipci.code}`,
    registeredAt: createdAt.toISOString(),
    credentials: null,
  });
  // The IP in the reader's language.
  expect((await check(visitor('ja-JP'), suspect, 'a.jpg')).body.ipName).toBe(IP_NAMES.ja);

  const rows = await checksOf(suspect).orderBy('checked_at');
  expect(rows).toHaveLength(2);
  expect(rows[0]).toMatchObject({ origin: 'public', checker_id: null, media: 'image', found: true, item_id: itemId, owner_id: user.id, file_name: '可疑图片.jpg', file_size: String(suspect.length) });
  const evidence = await store().get(rows[0].thumbnail_key);
  expect(evidence?.contentType).toBe('image/webp');
  evidence?.body.destroy();
});

test('a picture without a platform watermark is not found, and the check is logged without evidence', async () => {
  const unmarked = await photo(2);
  const r = await check(visitor(), unmarked, 'plain.jpg');
  expect(r).toEqual({ status: 200, body: { found: false, credentials: null } });
  expect(await checksOf(unmarked)).toEqual([expect.objectContaining({ origin: 'public', found: false, item_id: null, owner_id: null, thumbnail_key: null })]);
});

test("a copy's content credentials are read and logged: the platform's own, a look-alike signer's, present but altered, and none once recompressed", async () => {
  const { user } = await certifiedUser();
  const ipci = await ipciRow(user.id);
  const { itemId, createdAt, copy } = await markedItem(user.id, ipci.id, 8);
  const claim = { owner: '张三', ipciCode: ipci.code, ipName: IP_NAMES.zh, verifyUrl: `${apiBase()}/ipci/right/certificate/${ipci.code}`, itemId, createdAt };

  // A valid manifest that calls itself the platform, signed with a key the platform never published.
  const signerFile = process.env.C2PA_SIGNER_FILE;
  process.env.C2PA_SIGNER_FILE = `${process.env.UPLOAD_DIR}/look-alike-${randomUUID()}.pem`;
  const lookAlike = await signCredentials(copy, 'image/jpeg', claim).finally(() => (process.env.C2PA_SIGNER_FILE = signerFile));
  const forged = await check(visitor(), lookAlike, 'look-alike.jpg');
  expect(forged.body).toMatchObject({ found: true, credentials: { valid: true, platform: false, issuer: 'IPCI platform', owner: '张三' } });

  // Signed with the platform's key, whose certificate the worker publishes when it signs.
  const key = await credentialsKey();
  await publishC2paCertificate(testDb(), key.sha256, key.pem);
  const signed = await signCredentials(copy, 'image/jpeg', claim);
  const r = await check(visitor(), signed, 'signed.jpg');
  const credentials = {
    valid: true,
    problem: null,
    platform: true,
    generator: 'IPCI platform',
    owner: '张三',
    ipciCode: ipci.code,
    ipName: IP_NAMES.zh,
    verifyUrl: claim.verifyUrl,
    signedAt: expect.any(String),
    issuer: 'IPCI platform',
    certificateSha256: key.sha256,
  };
  expect(r.body).toMatchObject({ found: true, ipciCode: ipci.code, credentials });
  expect(await checksOf(signed)).toEqual([expect.objectContaining({ found: true, item_id: itemId, credentials })]);

  // One byte of the picture changed after signing: the manifest is still there but no longer holds.
  const altered = Buffer.from(signed);
  altered[altered.length - 1000] ^= 0x01;
  expect((await check(visitor(), altered, 'altered.jpg')).body.credentials).toMatchObject({ valid: false, problem: 'altered', platform: true, owner: '张三' });

  // Recompressed and cropped: the watermark still names the copy, the manifest is gone.
  expect((await check(visitor(), await passedAround(signed), 'passed-around.jpg')).body).toMatchObject({ found: true, ipciCode: ipci.code, credentials: null });
});

test('what is known is answered: a mark with no IPCI names the certified owner; an uncertified owner is not named', async () => {
  const certified = await certifiedUser();
  const a = await markedItem(certified.user.id, null, 3);
  expect((await check(visitor(), a.copy, 'a.jpg')).body).toMatchObject({ found: true, owner: '张三', ipName: null, ipciCode: null, ipciVerifiable: null, verifyUrl: null });

  // A certificate taken down for title is named by its code only, as its verification page does.
  const plain = await signedIn('personal');
  const ipci = await ipciRow(plain.user.id, { title_taken_down: true });
  const b = await markedItem(plain.user.id, ipci.id, 4);
  expect((await check(visitor(), b.copy, 'b.jpg')).body).toMatchObject({ found: true, owner: null, ipName: null, ipciCode: ipci.code, ipciVerifiable: false });
});

test('the owner sees every check of their pictures with a thumbnail nobody else can fetch', async () => {
  const owner = await certifiedUser();
  const { itemId, copy } = await markedItem(owner.user.id, (await ipciRow(owner.user.id)).id, 5);
  const suspect = await passedAround(copy);
  expect((await check(visitor(), suspect, 'found-on-a-shop.jpg')).body.found).toBe(true);

  const list = await owner.caller.get('/api/watermark-checks/detected');
  expect(list.status).toBe(200);
  expect(list.body.items).toEqual([
    expect.objectContaining({ origin: 'public', media: 'image', fileName: 'found-on-a-shop.jpg', fileSize: suspect.length, thumbnail: true, item: expect.objectContaining({ id: itemId, name: 'poster-5.jpg' }) }),
  ]);
  const id = list.body.items[0].id;
  const thumb = await fetchBytes(owner.caller, `/api/watermark-checks/detected/${id}/thumbnail`);
  expect(thumb.status).toBe(200);
  expect(thumb.type).toBe('image/webp');
  expect((await sharp(thumb.bytes).metadata()).width).toBeLessThanOrEqual(320);

  const other = await signedIn('personal');
  expect((await other.caller.get('/api/watermark-checks/detected')).body.items).toEqual([]);
  expect((await fetchBytes(other.caller, `/api/watermark-checks/detected/${id}/thumbnail`)).status).toBe(404);
  expect((await visitor().get('/api/watermark-checks/detected')).status).toBe(401);
  expect((await fetchBytes(visitor(), `/api/watermark-checks/detected/${id}/thumbnail`)).status).toBe(401);

  // Keyset pages.
  expect((await check(visitor(), copy, 'second.jpg')).body.found).toBe(true);
  const first = await owner.caller.get('/api/watermark-checks/detected?limit=1');
  expect(first.body.items.map((c: { fileName: string }) => c.fileName)).toEqual(['second.jpg']);
  const next = await owner.caller.get(`/api/watermark-checks/detected?limit=1&after=${first.body.next}`);
  expect(next.body).toEqual({ items: [expect.objectContaining({ fileName: 'found-on-a-shop.jpg' })], next: null });
});

test("the owner's detection names their own mark; another user's mark is 'not yours' without naming its owner, and its owner sees that check", async () => {
  const owner = await certifiedUser();
  const ipci = await ipciRow(owner.user.id);
  const { itemId, createdAt, copy } = await markedItem(owner.user.id, ipci.id, 6);
  const suspect = await passedAround(copy);

  const mine = await check(owner.caller, suspect, 'mine.jpg', { path: '/api/watermarks/detect' });
  expect(mine).toEqual({
    status: 200,
    body: { found: true, mine: true, media: 'image', itemId, name: 'poster-6.jpg', copyFileId: null, createdAt: createdAt.toISOString(), ipciCode: ipci.code, ipName: IP_NAMES.en, credentials: null },
  });

  const other = await signedIn('personal', ['user'], 'zh-CN');
  const theirs = await check(other.caller, suspect, 'theirs.jpg', { path: '/api/watermarks/detect' });
  expect(theirs).toEqual({ status: 200, body: { found: true, mine: false, credentials: null } });
  expect((await check(other.caller, await photo(7), 'none.jpg', { path: '/api/watermarks/detect' })).body).toEqual({ found: false, credentials: null });

  // The checker's history says which were theirs and names no one else's copy.
  const history = await other.caller.get('/api/watermarks/detect');
  expect(history.body.items).toEqual([
    expect.objectContaining({ fileName: 'none.jpg', found: false, mine: false, item: null }),
    expect.objectContaining({ fileName: 'theirs.jpg', found: true, mine: false, item: null, thumbnail: false }),
  ]);
  const ownHistory = await owner.caller.get('/api/watermarks/detect?found=true');
  expect(ownHistory.body.items).toEqual([expect.objectContaining({ fileName: 'mine.jpg', mine: true, item: expect.objectContaining({ id: itemId }) })]);

  const detected = (await owner.caller.get('/api/watermark-checks/detected')).body.items;
  expect(detected.map((c: { fileName: string; origin: string }) => [c.fileName, c.origin])).toEqual([
    ['theirs.jpg', 'owner'],
    ['mine.jpg', 'owner'],
  ]);
  const rows = await checksOf(suspect).orderBy('checked_at');
  expect(rows.map((r) => [r.origin, r.checker_id, r.owner_id])).toEqual([
    ['owner', owner.user.id, owner.user.id],
    ['owner', other.user.id, owner.user.id],
  ]);
  expect((await visitor().request('POST', '/api/watermarks/detect?size=10', new FormData())).status).toBe(401);
});

test('wrong type by content, a picture too small, a declared size too large: refused in three languages, nothing logged or kept', async () => {
  const tag = randomUUID();
  const objects = async () => {
    const keys: string[] = [];
    for await (const o of store().list('watermark-checks/')) keys.push(o.key);
    return keys.length;
  };
  const before = await objects();

  const pdf = await check(visitor(), PDF, `${tag}.jpg`);
  expect(pdf).toMatchObject({ status: 415, body: { code: 'unsupportedMediaType', message: 'This file type is not accepted; allowed: jpg, png, webp, gif, tif, mp4' } });
  // A bitmap is a picture but nothing here can decode it: refused like any type we cannot read.
  const bmp = Buffer.concat([Buffer.from('BM'), Buffer.alloc(60)]);
  expect((await check(visitor(), bmp, `${tag}.bmp`)).status).toBe(415);

  const tiny = await png(10, 10);
  const messages: Array<[string, string]> = [
    ['en-US', 'This picture is too small to carry a watermark: at least 64 × 64 pixels'],
    ['zh-CN', '图片太小，无法携带水印：至少 64 × 64 像素'],
    ['ja-JP', '画像が小さすぎて透かしを含められません（最小 64 × 64 ピクセル）'],
  ];
  for (const [lang, message] of messages) {
    expect(await check(visitor(lang), tiny, `${tag}.png`)).toMatchObject({ status: 422, body: { code: 'imageRejected', message } });
  }

  // Declared past the largest medium's limit (a video's): refused before the body is read.
  const big = await check(visitor('zh-CN'), tiny, `${tag}.png`, { size: 201 * 1024 * 1024 });
  expect(big).toMatchObject({ status: 413, body: { code: 'payloadTooLarge', message: '文件过大，无法识别，最大 200 MB' } });
  // A damaged picture (its header fine, its pixels cut off).
  const jpeg = await photo(8);
  expect((await check(visitor(), jpeg.subarray(0, 2000), `${tag}.jpg`)).status).toBe(422);
  expect((await visitor().request('POST', '/api/watermark-checks', new FormData())).status).toBe(400);
  expect((await visitor().request('POST', '/api/watermark-checks?size=10', new FormData())).status).toBe(400);

  expect(await testDb()('watermark_checks').where('file_name', 'like', `${tag}%`)).toEqual([]);
  expect(await objects()).toBe(before);
});

test('reading a picture does not hold up the API: other requests are answered while it is read', async () => {
  // Large enough that reading it takes seconds even on a fast, idle machine (the guard below).
  const large = await photo(11, 2400, 1800);
  const started = Date.now();
  let done = false;
  const checking = check(visitor(), large, 'large.jpg').finally(() => (done = true));
  const latencies: number[] = [];
  while (!done) {
    const at = Date.now();
    expect((await visitor().get('/api/auth/me')).status).toBe(200);
    latencies.push(Date.now() - at);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  expect((await checking).body).toMatchObject({ found: false });
  // The read took long enough to matter, and no other request waited for it (relative: the machine may be busy).
  const took = Date.now() - started;
  expect(took).toBeGreaterThan(800);
  expect(Math.max(...latencies)).toBeLessThan(took / 3);
});

test('one address may check 20 times a minute', async () => {
  const caller = visitor();
  for (let i = 0; i < 20; i++) expect((await caller.request('POST', '/api/watermark-checks', new FormData())).status).toBe(400);
  const r = await caller.request('POST', '/api/watermark-checks', new FormData());
  expect(r).toMatchObject({ status: 429, body: { code: 'tooManyRequests' } });
});

test("an owner's account purge deletes the evidence thumbnails of checks of their pictures; the log lines stay, naming no one", async () => {
  const owner = await certifiedUser();
  const { copy } = await markedItem(owner.user.id, null, 9);
  expect((await check(visitor(), copy, 'evidence.jpg')).body.found).toBe(true);
  const [row] = await checksOf(copy);
  expect(await store().head(row.thumbnail_key)).not.toBeNull();

  await testDb()('users').where({ id: owner.user.id }).update({ status: 'cancelled', cancelled_at: testDb().fn.now(), retain_until: '2021-01-31' });
  expect(await purgeAccount(testDb(), owner.user.id)).toBe(true);
  await deleteRecordedObjects(testDb(), store());
  expect(await store().head(row.thumbnail_key)).toBeNull();
  expect(await checksOf(copy)).toEqual([expect.objectContaining({ id: row.id, found: true, owner_id: null, thumbnail_key: null })]);
});
