import { Readable } from 'node:stream';
import sharp from 'sharp';
import { watermarkBatchActivities } from '../../activities/watermarkBatch';
import { createWatermarkBatch, itemMark } from '../../db/watermarks';
import { markFromDb } from '../../domain/watermark';
import { openStore } from '../../storage';
import { payloadBigInt, readWatermark } from '../../watermark';
import { readCredentials } from '../../watermark/credentials';
import { syntheticImage } from '../../watermark/synthetic';
import { messageOf } from '../support/cases';
import { grantCapacity, galleryUpload } from '../support/gallery';
import { saveHistory } from '../support/histories';
import { IP_NAMES, ipciRow } from '../support/ipcis';
import { apiBase, eventually, signedIn, testDb, type Caller } from '../support/http';
import { staffAndTemporal } from '../support/staffAndTemporal';

/*
 * The image watermark service (issue 14, user centre `addwatermarkimage`) on the real stack: the API
 * starts a watermarkBatch workflow on the test worker, whose copies land in the gallery against the
 * capacity and carry the item's mark; every refusal happens before anything is stored; a file that
 * cannot be marked fails alone; the activity run twice changes nothing.
 */

const { temporal } = staffAndTemporal({ signIn: [] });

const store = () => openStore({ diskRoot: process.env.UPLOAD_DIR!, publicBase: apiBase(), signingSecret: 'unused' });

/** A photographic-like picture (the codec's own test images), as JPEG or PNG. */
async function picture(width: number, height: number, seed: number, format: 'jpeg' | 'png' = 'jpeg') {
  const raw = sharp(Buffer.from(syntheticImage(width, height, seed)), { raw: { width, height, channels: 3 } });
  return format === 'png' ? raw.png().toBuffer() : raw.jpeg({ quality: 90 }).toBuffer();
}

async function uploaded(caller: Caller, bytes: Buffer, name: string): Promise<{ id: string; size: number }> {
  const r = await galleryUpload(caller, bytes, name);
  expect(r.status).toBe(201);
  return r.body.file;
}

const capacityUsed = async (caller: Caller) => (await caller.get('/api/gallery/folders')).body.capacity.used as number;
const galleryCount = async (userId: string) => Number((await testDb()('gallery_files').where({ user_id: userId }).count({ n: '*' }))[0].n);
const batchCount = async (userId: string) => Number((await testDb()('watermark_batches').where({ user_id: userId }).count({ n: '*' }))[0].n);

async function finished(caller: Caller, batchId: string) {
  return eventually(async () => {
    const r = await caller.get(`/api/watermarks/batches/${batchId}`);
    return r.body.batch?.state === 'finished' && r.body.batch;
  }, 60_000);
}

async function download(caller: Caller, path: string) {
  const res = await fetch(apiBase() + path, { headers: { cookie: caller.cookie } });
  return { status: res.status, disposition: res.headers.get('content-disposition'), type: res.headers.get('content-type'), bytes: Buffer.from(await res.arrayBuffer()) };
}

test('a batch of three: copies in the gallery beside their originals, capacity grows by the copies, each copy reads back its own mark', async () => {
  const { caller, user } = await signedIn('personal');
  await grantCapacity(user.id, 5);
  const ipci = await ipciRow(user.id);
  const originals = [
    await uploaded(caller, await picture(512, 384, 11), 'poster.jpg'),
    await uploaded(caller, await picture(400, 300, 12, 'png'), 'logo.png'),
    await uploaded(caller, await picture(300, 300, 13), 'badge.jpeg'),
  ];
  const before = await capacityUsed(caller);

  const start = await caller.post('/api/watermarks/batches', { fileIds: originals.map((o) => o.id), ipciId: ipci.id });
  expect(start.status).toBe(201);
  const batch = await finished(caller, start.body.batchId);
  expect(batch).toMatchObject({ total: 3, done: 3, failed: 0, ipci: { id: ipci.id, code: ipci.code } });
  expect(batch.items.map((i: { name: string; state: string }) => [i.name, i.state])).toEqual([
    ['poster.jpg', 'done'],
    ['logo.png', 'done'],
    ['badge.jpeg', 'done'],
  ]);

  let copiesBytes = 0;
  for (const [n, item] of (batch.items as Array<{ id: string; copyFileId: string; fileSize: number; psnr: number; sourceFileId: string; credentials: boolean }>).entries()) {
    expect(item.psnr).toBeGreaterThanOrEqual(40);
    const copy = await testDb()('gallery_files').where({ id: item.copyFileId }).first();
    expect(copy).toMatchObject({ user_id: user.id, kind: 'watermarked', source_id: originals[n].id, ipci_id: ipci.id, watermark_state: 'done', size: String(item.fileSize) });
    const original = await testDb()('gallery_files').where({ id: originals[n].id }).first('watermark_state');
    expect(original.watermark_state).toBe('done');

    const got = await download(caller, `/api/watermarks/items/${item.id}/download`);
    expect(got.status).toBe(200);
    expect(got.disposition).toMatch(/^attachment;/);
    expect(got.disposition).toContain(['poster-watermarked.jpg', 'logo-watermarked.png', 'badge-watermarked.jpg'][n]);
    expect(got.type).toBe(n === 1 ? 'image/png' : 'image/jpeg');
    expect(got.bytes.length).toBe(item.fileSize);
    const row = await testDb()('watermark_items').where({ id: item.id }).first('mark');
    const reading = await readWatermark(got.bytes);
    expect(reading && payloadBigInt(reading.payload)).toBe(markFromDb(row.mark));
    // Content credentials: signed by the platform with a certificate it published, naming the holder and the IPCI.
    expect(item.credentials).toBe(true);
    const credentials = await readCredentials(got.bytes);
    expect(credentials).toMatchObject({ valid: true, generator: 'IPCI platform', owner: '张三', ipciCode: ipci.code, ipName: IP_NAMES.zh, verifyUrl: `${apiBase()}/ipci/right/certificate/${ipci.code}` });
    expect(await testDb()('c2pa_certificates').where({ sha256: credentials!.certificateSha256 }).first()).toBeDefined();
    copiesBytes += item.fileSize;
  }
  expect(await capacityUsed(caller)).toBe(before + copiesBytes);
  // Every mark differs.
  expect(new Set((await testDb()('watermark_items').where({ batch_id: batch.id }).pluck('mark'))).size).toBe(3);

  // The list of previous copies, newest first, one page at a time.
  const page = await caller.get('/api/watermarks/items?media=image&limit=2');
  expect(page.body.items).toHaveLength(2);
  const rest = await caller.get(`/api/watermarks/items?media=image&limit=2&after=${page.body.next}`);
  expect([...page.body.items, ...rest.body.items].map((i: { id: string }) => i.id).sort()).toEqual(batch.items.map((i: { id: string }) => i.id).sort());
  expect(rest.body.next).toBeNull();
  expect(page.body.items[0]).toMatchObject({ state: 'done', fileSize: expect.any(Number), ipci: { code: ipci.code } });

  expect(await messageOf(caller, 'watermarkBatchFinished')).toMatchObject({ actionLink: `usercenter/addwatermarkimage?batch=${batch.id}` });
  // Each item may take 90 minutes (a long video) and must heartbeat every 2.
  const history = await temporal.workflow.getHandle(`watermarkBatch-${batch.id}`).fetchHistory();
  const scheduled = history.events!.map((e) => e.activityTaskScheduledEventAttributes).filter((a) => a?.activityType?.name === 'embedWatermarkItem');
  expect(scheduled.map((a) => [Number(a!.startToCloseTimeout!.seconds), Number(a!.heartbeatTimeout!.seconds)])).toEqual([
    [5400, 120],
    [5400, 120],
    [5400, 120],
  ]);
  await saveHistory(temporal, `watermarkBatch-${batch.id}`, 'watermarkBatch-three-done');
});

test('refused before anything is stored or started: no package 402, past the capacity 413 with both numbers, a picture too small 422, another user\'s file or IPCI 404', async () => {
  const { caller, user } = await signedIn('personal');
  const other = await signedIn('personal');
  await grantCapacity(other.user.id, 3);
  const theirs = await uploaded(other.caller, await picture(512, 384, 21), 'theirs.jpg');

  const notMine = await caller.post('/api/watermarks/batches', { fileIds: [theirs.id] });
  expect(notMine.status).toBe(404); // another user's file: not found, whatever else
  expect(notMine.body.fields.fileIds).toBeDefined();

  await grantCapacity(user.id, 1);
  const big = await picture(700, 500, 22, 'png'); // ~800 K of a 1 M package
  const mine = await uploaded(caller, big, 'big.png');
  const small = await uploaded(caller, await picture(300, 200, 23), 'small.jpg');
  const usedBefore = await capacityUsed(caller);

  const tooSmall = await caller.post('/api/watermarks/batches', { fileIds: [small.id] });
  expect(tooSmall).toMatchObject({ status: 422, body: { message: 'small.jpg is too small to carry a watermark: at least 256 × 256 pixels' } });
  expect(tooSmall.body.fields.fileIds).toBeDefined();

  const left = 1024 * 1024 - usedBefore;
  const m = (b: number) => `${Math.round((b / 1024 / 1024) * 100) / 100} M`;
  const over = await caller.post('/api/watermarks/batches', { fileIds: [mine.id] });
  expect(over).toMatchObject({ status: 413, body: { code: 'capacityExceeded', message: `The watermarked copies need about ${m(mine.size)} but only ${m(left)} of your capacity is left` } });

  const theirIpci = await ipciRow(other.user.id);
  const ipciRefused = await caller.post('/api/watermarks/batches', { fileIds: [small.id], ipciId: theirIpci.id });
  expect(ipciRefused.status).toBe(422); // the file is refused first
  const zh = await signedIn('personal', ['user'], 'zh-CN');
  await grantCapacity(zh.user.id, 3);
  const zhFile = await uploaded(zh.caller, await picture(512, 384, 24), 'a.jpg');
  const zhIpci = await zh.caller.post('/api/watermarks/batches', { fileIds: [zhFile.id], ipciId: theirIpci.id });
  expect(zhIpci).toMatchObject({ status: 404, body: { fields: { ipciId: '这不是您的 IPCI' } } });
  const bad = await zh.caller.post('/api/watermarks/batches', { fileIds: [], extra: 1 });
  expect(bad.status).toBe(400);

  // The package lapses: 402, as the gallery says it.
  await testDb()('capacity_grants').where({ user_id: zh.user.id }).update({ expires_at: new Date(Date.now() - 1000) });
  const lapsed = await zh.caller.post('/api/watermarks/batches', { fileIds: [zhFile.id] });
  expect(lapsed).toMatchObject({ status: 402, body: { code: 'noCapacity', message: '您的防伪套餐已过期，请购买套餐后再向图库添加文件' } });

  for (const u of [user.id, zh.user.id]) expect(await batchCount(u)).toBe(0);
  expect(await capacityUsed(caller)).toBe(usedBefore);
  expect(await galleryCount(user.id)).toBe(2);

  // Another user's batch, item and download are not found.
  const started = await other.caller.post('/api/watermarks/batches', { fileIds: [theirs.id] });
  const batch = await finished(other.caller, started.body.batchId);
  expect((await caller.get(`/api/watermarks/batches/${batch.id}`)).status).toBe(404);
  expect((await download(caller, `/api/watermarks/items/${batch.items[0].id}/download`)).status).toBe(404);
  expect((await caller.get('/api/watermarks/items')).body.items).toEqual([]);
  // A watermarked copy is not an original to mark again.
  const again = await other.caller.post('/api/watermarks/batches', { fileIds: [batch.items[0].copyFileId] });
  expect(again).toMatchObject({ status: 422, body: { code: 'notOriginal' } });
});

test('a file that cannot be read fails alone: the rest of the batch is done and the batch finishes', async () => {
  const { caller, user } = await signedIn('personal', ['user'], 'ja-JP');
  await grantCapacity(user.id, 3);
  const good = await uploaded(caller, await picture(512, 384, 31), 'good.jpg');
  const broken = await uploaded(caller, await picture(512, 384, 32), 'broken.jpg');
  // The stored object is damaged after the upload check (a disk fault, a truncated copy).
  const key = (await testDb()('gallery_files as f').join('uploads as u', 'u.id', 'f.upload_id').where('f.id', broken.id).first('u.storage_key')).storage_key;
  const garbage = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]);
  await store().put(key, Readable.from([garbage]), { contentType: 'image/jpeg', maxBytes: garbage.length });

  const start = await caller.post('/api/watermarks/batches', { fileIds: [broken.id, good.id] });
  const batch = await finished(caller, start.body.batchId);
  expect(batch).toMatchObject({ done: 1, failed: 1 });
  expect(batch.items[0]).toMatchObject({ name: 'broken.jpg', state: 'failed', error: 'watermark.batch.itemUndecodable', errorMessage: 'この画像を読み取れません。ファイルが破損している可能性があります', copyFileId: null });
  expect(batch.items[1]).toMatchObject({ name: 'good.jpg', state: 'done' });
  expect((await testDb()('gallery_files').where({ id: broken.id }).first('watermark_state')).watermark_state).toBe('failed');
  expect((await download(caller, `/api/watermarks/items/${batch.items[0].id}/download`)).status).toBe(404);
  expect(await messageOf(caller, 'watermarkBatchPartly')).toBeTruthy();
  await saveHistory(temporal, `watermarkBatch-${batch.id}`, 'watermarkBatch-one-failed');
});

test('the embedding activity run again changes nothing: one copy, one object, capacity counted once; a copy past the capacity left fails the item', async () => {
  const { caller, user } = await signedIn('personal');
  await grantCapacity(user.id, 1);
  const a = await uploaded(caller, await picture(512, 384, 41), 'a.jpg');
  const acts = watermarkBatchActivities(testDb(), store());
  const { batchId, items } = await createWatermarkBatch(testDb(), { userId: user.id, media: 'image', ipciId: null, files: [{ id: a.id, name: 'a.jpg' }] });
  expect(await acts.embedWatermarkItem({ itemId: items[0].id })).toBe('done');
  const used = await capacityUsed(caller);
  const files = await galleryCount(user.id);
  expect(await acts.embedWatermarkItem({ itemId: items[0].id })).toBe('skipped');
  expect(await capacityUsed(caller)).toBe(used);
  expect(await galleryCount(user.id)).toBe(files);
  const item = await testDb()('watermark_items').where({ id: items[0].id }).first();
  expect(itemMark(item)).toBe(items[0].mark);
  expect(await acts.finishWatermarkBatch({ batchId })).toEqual({ total: 1, done: 1, failed: 0 });
  expect(await acts.finishWatermarkBatch({ batchId })).toEqual({ total: 1, done: 1, failed: 0 });

  // Capacity taken meanwhile (another upload after the batch was accepted): the copy is refused at its insert.
  const b = await uploaded(caller, await picture(512, 384, 42), 'b.jpg');
  const second = await createWatermarkBatch(testDb(), { userId: user.id, media: 'image', ipciId: null, files: [{ id: b.id, name: 'b.jpg' }] });
  await testDb()('gallery_files').where({ id: a.id }).update({ size: 1024 * 1024 - (await capacityUsed(caller)) + Number(a.size) - 10 });
  const usedFull = await capacityUsed(caller);
  expect(await acts.embedWatermarkItem({ itemId: second.items[0].id })).toBe('failed');
  expect(await testDb()('watermark_items').where({ id: second.items[0].id }).first('state', 'error', 'copy_file_id')).toEqual({ state: 'failed', error: 'watermark.batch.itemCapacity', copy_file_id: null });
  expect(await capacityUsed(caller)).toBe(usedFull);
  expect(await store().head(`watermarked/${second.items[0].id}.jpg`)).toBeNull();
});
