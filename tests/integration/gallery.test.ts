import { randomBytes, randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { thumbnailKey } from '../../db/gallery';
import { openStore } from '../../storage';
import { apiBase, closeTestDb, png, signedIn, testDb, type Caller } from '../support/http';
import { galleryUpload, grantCapacity } from '../support/gallery';

/*
 * The gallery (issue 14, user centre `gallerymanagement`) against the real stack: capacity refused
 * before any byte is stored, concurrent uploads that cannot both fit, deletes that free capacity and
 * remove the objects, folders, and nobody reaching another user's files by id. The test API takes
 * files up to 1 MiB (TEST_UPLOAD_MAX_BYTES), so capacities here are a few M.
 */

afterAll(closeTestDb);

const store = () => openStore({ diskRoot: process.env.UPLOAD_DIR!, publicBase: apiBase(), signingSecret: 'unused' });
const stored = async (key: string) => (await store().head(key)) !== null;

/** A PNG of random pixels (so it does not compress): about width × height × 3 bytes. */
const photo = (width: number, height: number) => sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();

const rowsOf = async (userId: string) => ({
  uploads: Number((await testDb()('uploads').where({ owner_id: userId }).count({ n: '*' }))[0].n),
  files: Number((await testDb()('gallery_files').where({ user_id: userId }).count({ n: '*' }))[0].n),
});
const capacity = async (caller: Caller) => (await caller.get('/api/gallery/folders')).body.capacity as { total: number; used: number; remaining: number };
const keyOf = async (fileId: string) => (await testDb()('gallery_files as f').join('uploads as u', 'u.id', 'f.upload_id').where('f.id', fileId).first('u.storage_key')).storage_key as string;

async function bytesOf(caller: Caller, path: string) {
  const res = await fetch(apiBase() + path, { headers: { cookie: caller.cookie } });
  return { status: res.status, type: res.headers.get('content-type'), bytes: Buffer.from(await res.arrayBuffer()) };
}

test('without capacity in force an upload is refused before its body is read, in three languages, and nothing is stored', async () => {
  const cases: Array<['en-US' | 'zh-CN' | 'ja-JP', string]> = [
    ['en-US', 'You have no capacity for the gallery: buy an anti-counterfeit package first'],
    ['zh-CN', '您还没有图库容量，请先购买防伪套餐'],
    ['ja-JP', 'ギャラリーの容量がありません。先に偽造防止パッケージを購入してください'],
  ];
  for (const [lang, message] of cases) {
    const { caller, user } = await signedIn('personal', ['user'], lang);
    const r = await galleryUpload(caller, await png(), 'a.png');
    expect(r).toMatchObject({ status: 402, body: { code: 'noCapacity', message } });
    expect(await rowsOf(user.id)).toEqual({ uploads: 0, files: 0 });
  }
  // Packages that all expired: told so, not that there never was one.
  const { caller, user } = await signedIn('personal');
  await grantCapacity(user.id, 5, { expired: true });
  const r = await galleryUpload(caller, await png(), 'a.png');
  expect(r).toMatchObject({ status: 402, body: { message: 'Your anti-counterfeit packages have expired: buy a package to add files to the gallery again' } });
  expect(await capacity(caller)).toEqual({ total: 0, used: 0, remaining: 0 });
  expect(await rowsOf(user.id)).toEqual({ uploads: 0, files: 0 });
});

test('a file past the remaining capacity is refused with both numbers; a client that declares less is cut off; capacity is unchanged', async () => {
  const { caller, user } = await signedIn('personal');
  await grantCapacity(user.id, 1);
  const first = await photo(400, 400); // ~469 K
  const up = await galleryUpload(caller, first, 'first.png');
  expect(up.status).toBe(201);
  expect(up.body.capacity).toEqual({ total: 1024 * 1024, used: first.length, remaining: 1024 * 1024 - first.length });

  const second = await photo(420, 420); // ~517 K: fits in the ~555 K left, and leaves a few K
  expect((await galleryUpload(caller, second, 'second.png')).status).toBe(201);
  const left = 1024 * 1024 - first.length - second.length;
  const third = await photo(200, 200); // ~117 K, more than the few K left
  const r = await galleryUpload(caller, third, 'third.png');
  const m = (b: number) => `${Math.round((b / 1024 / 1024) * 100) / 100} M`;
  expect(r).toMatchObject({ status: 413, body: { code: 'capacityExceeded', message: `This file needs ${m(third.length)} but only ${m(left)} of your capacity is left` } });

  // The same file declared as 10 bytes: the store's limit is what is left, so it is cut off there.
  const lying = await galleryUpload(caller, third, 'third.png', { size: 10 });
  expect(lying).toMatchObject({ status: 413, body: { message: `The file is larger than the ${m(left)} of your capacity that is left` } });
  expect(await rowsOf(user.id)).toEqual({ uploads: 2, files: 2 });
  expect((await capacity(caller)).used).toBe(first.length + second.length);

  const zh = await signedIn('personal', ['user'], 'zh-CN');
  await grantCapacity(zh.user.id, 1);
  const big = await galleryUpload(zh.caller, third, 'big.png', { size: 2 * 1024 * 1024 });
  expect(big.body.message).toBe('此文件需要 2 M，但您的剩余容量只有 1 M');
});

test('two uploads at once cannot together exceed the capacity: one is kept, the other refused and its object removed', async () => {
  const { caller, user } = await signedIn('personal');
  await grantCapacity(user.id, 1);
  const a = await photo(380, 380); // ~423 K each: two fit, three do not
  const b = await photo(380, 380);
  const c = await photo(380, 380);
  const tag = randomUUID();
  const results = await Promise.all([a, b, c].map((bytes, i) => galleryUpload(caller, bytes, `${tag}-${i}.png`)));
  expect(results.map((r) => r.status).sort()).toEqual([201, 201, 413]);
  expect(results.find((r) => r.status === 413)!.body.code).toBe('capacityExceeded');
  const cap = await capacity(caller);
  expect(cap.used).toBeLessThanOrEqual(cap.total);
  expect(await rowsOf(user.id)).toEqual({ uploads: 2, files: 2 });
  // Only the kept files' objects are in the store: the loser's was removed.
  const objects: string[] = [];
  for await (const o of store().list('')) if (o.originalName?.startsWith(tag)) objects.push(o.key);
  expect(objects.sort()).toEqual((await testDb()('uploads').where({ owner_id: user.id }).pluck('storage_key')).sort());
});

test('files list newest first by folder with thumbnails; deleting frees the capacity and removes the objects', async () => {
  const { caller, user } = await signedIn('personal');
  await grantCapacity(user.id, 3);
  const folder = (await caller.post('/api/gallery/folders', { name: '春季新品' })).body;
  expect(folder).toMatchObject({ id: expect.any(String), name: '春季新品' });
  expect((await caller.post('/api/gallery/folders', { name: ' 春季新品 ' })).status).toBe(409);

  const ids: string[] = [];
  for (const [i, name] of ['a.png', 'b.jpg', 'c.png'].entries()) {
    const bytes = name.endsWith('.jpg') ? await sharp(await photo(900, 600)).jpeg().toBuffer() : await photo(300, 200);
    const r = await galleryUpload(caller, bytes, name, i < 2 ? { folderId: folder.id } : {});
    expect(r.status).toBe(201);
    expect(r.body.file).toMatchObject({ name, kind: 'original', folderId: i < 2 ? folder.id : null, size: bytes.length });
    ids.push(r.body.file.id);
  }
  const inFolder = await caller.get(`/api/gallery/files?folder=${folder.id}&limit=1`);
  expect(inFolder.body.items.map((f: { id: string }) => f.id)).toEqual([ids[1]]);
  const nextPage = await caller.get(`/api/gallery/files?folder=${folder.id}&limit=1&after=${inFolder.body.next}`);
  expect(nextPage.body).toMatchObject({ items: [{ id: ids[0] }], next: null });
  expect((await caller.get('/api/gallery/files?folder=none')).body.items.map((f: { id: string }) => f.id)).toEqual([ids[2]]);
  expect((await caller.get('/api/gallery/files')).body.items.map((f: { id: string }) => f.id)).toEqual([ids[2], ids[1], ids[0]]);
  expect((await caller.get('/api/gallery/folders')).body).toMatchObject({ folders: [{ id: folder.id, name: '春季新品', files: 2 }], unfiled: 1, total: 3 });

  const thumb = await bytesOf(caller, `/api/gallery/files/${ids[1]}/thumbnail`);
  expect(thumb.type).toBe('image/webp');
  const meta = await sharp(thumb.bytes).metadata();
  expect([meta.format, meta.width, meta.height]).toEqual(['webp', 320, 213]);
  const original = await bytesOf(caller, `/api/gallery/files/${ids[1]}`);
  expect([original.status, original.type]).toEqual([200, 'image/jpeg']);

  // Move, rename, and a deleted folder leaves its files in none.
  expect((await caller.post('/api/gallery/files/move', { ids: [ids[2]], folderId: folder.id })).status).toBe(204);
  expect((await caller.put(`/api/gallery/folders/${folder.id}`, { name: '夏季' })).status).toBe(200);
  await caller.post('/api/gallery/folders', { name: 'Logo' });
  expect((await caller.put(`/api/gallery/folders/${folder.id}`, { name: 'LOGO' })).body).toMatchObject({ code: 'conflict', message: 'You already have a folder with this name' });
  expect((await caller.request('DELETE', `/api/gallery/folders/${folder.id}`)).status).toBe(204);
  expect((await caller.get('/api/gallery/folders')).body).toMatchObject({ folders: [{ name: 'Logo', files: 0 }], unfiled: 3, total: 3 });

  const before = await capacity(caller);
  const keys = await Promise.all(ids.slice(0, 2).map(keyOf));
  const r = await caller.post('/api/gallery/files/delete', { ids: ids.slice(0, 2) });
  expect(r.status).toBe(200);
  const freed = Number((await testDb()('uploads').where({ owner_id: user.id }).sum({ n: 'size' }))[0].n);
  expect(r.body.capacity).toEqual({ total: before.total, used: freed, remaining: before.total - freed });
  for (const key of [...keys, ...ids.slice(0, 2).map(thumbnailKey)]) {
    expect(await stored(key)).toBe(false);
    expect(await testDb()('storage_deletions').where({ key }).first()).toBeUndefined();
  }
  expect(await rowsOf(user.id)).toEqual({ uploads: 1, files: 1 });
  expect((await caller.get(`/api/gallery/files/${ids[0]}`)).status).toBe(404);
  // A second delete of the same files finds nothing: 404, nothing else deleted.
  expect((await caller.post('/api/gallery/files/delete', { ids: [ids[0], ids[2]] })).status).toBe(404);
  expect(await rowsOf(user.id)).toEqual({ uploads: 1, files: 1 });
});

test("nobody reads, moves, deletes or files into another user's gallery by id (404), and lists never show it", async () => {
  const owner = await signedIn('personal');
  await grantCapacity(owner.user.id, 2);
  const folder = (await owner.caller.post('/api/gallery/folders', { name: 'private' })).body;
  const file = (await galleryUpload(owner.caller, await png(), 'mine.png', { folderId: folder.id })).body.file;
  const other = await signedIn('personal');
  await grantCapacity(other.user.id, 2);
  const o = other.caller;
  expect((await o.get(`/api/gallery/files/${file.id}`)).status).toBe(404);
  expect((await o.get(`/api/gallery/files/${file.id}/thumbnail`)).status).toBe(404);
  expect((await o.put(`/api/gallery/folders/${folder.id}`, { name: 'taken' })).status).toBe(404);
  expect((await o.request('DELETE', `/api/gallery/folders/${folder.id}`)).status).toBe(404);
  expect((await o.post('/api/gallery/files/move', { ids: [file.id], folderId: null })).status).toBe(404);
  expect((await o.post('/api/gallery/files/delete', { ids: [file.id] })).status).toBe(404);
  expect((await galleryUpload(o, await png(), 'x.png', { folderId: folder.id })).status).toBe(404);
  expect((await o.get(`/api/gallery/files?folder=${folder.id}`)).body.items).toEqual([]);
  expect((await o.get('/api/gallery/files')).body.items).toEqual([]);
  expect((await o.get('/api/gallery/folders')).body).toMatchObject({ folders: [], total: 0 });
  // Its own file cannot be moved into the other's folder either.
  const own = (await galleryUpload(o, await png(), 'own.png')).body.file;
  expect((await o.post('/api/gallery/files/move', { ids: [own.id], folderId: folder.id })).body.code).toBe('notFound');
  // Untouched.
  expect((await owner.caller.get(`/api/gallery/files?folder=${folder.id}`)).body.items.map((f: { id: string }) => f.id)).toEqual([file.id]);
  expect((await owner.caller.get(`/api/gallery/files/${file.id}/thumbnail`)).status).toBe(200);
  // Staff have no gallery of their own to reach it through.
  const admin = (await signedIn(null, ['admin'])).caller;
  expect((await admin.get(`/api/gallery/files/${file.id}`)).status).toBe(403);
});

test('bad input: a wrong type by content, an unreadable picture, a missing or wrong size — each a 4xx, nothing stored, capacity unchanged', async () => {
  const { caller, user } = await signedIn('personal');
  await grantCapacity(user.id, 2);
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
  expect(await galleryUpload(caller, pdf, 'a.png')).toMatchObject({ status: 415, body: { message: 'This file type is not accepted; allowed: jpg, jpeg, png, mp4' } });
  const gif = await sharp({ create: { width: 50, height: 50, channels: 3, background: '#336699' } }).gif().toBuffer();
  expect((await galleryUpload(caller, gif, 'a.gif')).status).toBe(415);
  // A JPEG whose header is whole but whose picture stops after a few bytes of data.
  const jpeg = await sharp(await photo(300, 300)).jpeg().toBuffer();
  const broken = await galleryUpload(caller, jpeg.subarray(0, Math.floor(jpeg.length / 3)), 'broken.jpg');
  expect(broken).toMatchObject({ status: 422, body: { message: 'This picture cannot be read; it may be damaged' } });
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(await png())]), 'a.png');
  for (const query of ['', '?size=abc', '?size=-1', '?size=1.5', '?size=10&folderId=nope']) {
    expect({ query, status: (await caller.request('POST', `/api/gallery/files${query}`, form)).status }).toEqual({ query, status: 400 });
  }
  expect((await caller.request('POST', '/api/gallery/files?size=10', 'not multipart')).status).toBe(400);
  expect((await caller.post('/api/gallery/folders', { name: '' })).status).toBe(400);
  expect((await caller.post('/api/gallery/files/delete', { ids: [] })).status).toBe(400);
  expect((await caller.post('/api/gallery/files/move', { ids: ['x'] })).status).toBe(400);
  expect(await rowsOf(user.id)).toEqual({ uploads: 0, files: 0 });
  expect((await capacity(caller)).used).toBe(0);
});

test('a file that came in otherwise (a watermarked copy) gets its thumbnail on first sight, and is deleted like any other', async () => {
  const { caller, user } = await signedIn('personal');
  await grantCapacity(user.id, 2);
  const original = (await galleryUpload(caller, await png(900, 600), 'original.png')).body.file;
  // As the watermarking writes a copy: its own upload and a gallery row naming the original.
  const upload = (await caller.upload('idPhoto', await png(640, 480), 'copy.png')).body;
  const [copy] = await testDb()('gallery_files')
    .insert({ user_id: user.id, upload_id: upload.id, kind: 'watermarked', source_id: original.id, size: upload.size, watermark_state: 'done' })
    .returning('id');
  expect(await stored(thumbnailKey(copy.id))).toBe(false);
  const thumb = await bytesOf(caller, `/api/gallery/files/${copy.id}/thumbnail`);
  expect([thumb.status, thumb.type]).toEqual([200, 'image/webp']);
  expect(await stored(thumbnailKey(copy.id))).toBe(true);
  expect((await caller.get('/api/gallery/files')).body.items[0]).toMatchObject({ id: copy.id, kind: 'watermarked', sourceId: original.id });

  // Deleting the original keeps the copy, which loses only its link.
  expect((await caller.post('/api/gallery/files/delete', { ids: [original.id] })).status).toBe(200);
  expect(await testDb()('gallery_files').where({ id: copy.id }).first('source_id')).toEqual({ source_id: null });
  const key = await keyOf(copy.id);
  expect((await caller.post('/api/gallery/files/delete', { ids: [copy.id] })).body.capacity.used).toBe(0);
  expect([await stored(key), await stored(thumbnailKey(copy.id))]).toEqual([false, false]);
});
