import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import sharp from 'sharp';
import { ReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { asyncLocalStorage, type Context } from '@temporalio/activity';
import { watermarkBatchActivities } from '../../activities/watermarkBatch';
import { thumbnailKey } from '../../db/gallery';
import { createWatermarkBatch } from '../../db/watermarks';
import { runTs, stopChild } from '../../scripts/lib/children';
import { openStore, type ObjectStore, type PutOptions } from '../../storage';
import { inTempDir } from '../../storage/localCopy';
import { ffmpeg } from '../../watermark/ffmpeg';
import { syntheticVideo } from '../../watermark/syntheticVideo';
import { formatCapacity } from '../../domain/capacity';
import { markFromDb, VIDEO_COPY_FACTOR } from '../../domain/watermark';
import { payloadBigInt } from '../../watermark';
import { probeVideo, readVideo } from '../../watermark/video';
import { apiBase, Caller, closeTestDb, eventually, png, signedIn, testDb } from '../support/http';
import { galleryUpload, grantCapacity } from '../support/gallery';
import { waitHealthy } from '../support/health';

/*
 * Video in the product (issue 14) against the real stack: the gallery takes an MP4 by its content
 * (measured and given a frame as thumbnail), refuses one ffmpeg cannot read or one too long with a
 * 422 in three languages leaving nothing stored and capacity unchanged, and an API on a machine
 * without ffmpeg answers video with a 503 saying so while pictures keep working. A watermark batch
 * of a video gives a marked MP4 whose mark survives a cut and a re-encode, and anyone identifies
 * such a clip on the public check (a clip under two seconds refused). The test API takes
 * files up to 1 MiB, so the videos here are small.
 */

let video: Buffer;
let tooLong: Buffer;
/** Made by the batch test: a 2-second low-bitrate cut of its marked copy, and a 1-second one. */
let markedCut: { bytes: Buffer; itemId: string; ownerId: string };
let oneSecond: Buffer;
beforeAll(async () => {
  await inTempDir(async (dir) => {
    await syntheticVideo(path.join(dir, 'clip.mp4'), { width: 640, height: 360, seconds: 3, seed: 9, audio: true });
    // 301 s of a still grey square at one frame a second: longer than MAX_VIDEO_SECONDS, a few KB.
    await ffmpeg(['-f', 'lavfi', '-i', 'color=c=gray:s=64x64:r=1', '-t', '301', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-y', path.join(dir, 'long.mp4')]).done;
    [video, tooLong] = await Promise.all([readFile(path.join(dir, 'clip.mp4')), readFile(path.join(dir, 'long.mp4'))]);
  });
  expect(video.length).toBeLessThan(1024 * 1024);
}, 120_000);
afterAll(closeTestDb);

/** An MP4 by its first bytes (file-type says video/mp4) that no decoder can read. */
const brokenMp4 = Buffer.concat([Buffer.from('000000206674797069736f6d0000020069736f6d69736f32617663316d703431', 'hex'), Buffer.alloc(4000, 0x5a)]);

const store = () => openStore({ diskRoot: process.env.UPLOAD_DIR!, publicBase: apiBase(), signingSecret: 'unused' });
const rowsOf = async (userId: string) => ({
  uploads: Number((await testDb()('uploads').where({ owner_id: userId }).count({ n: '*' }))[0].n),
  files: Number((await testDb()('gallery_files').where({ user_id: userId }).count({ n: '*' }))[0].n),
});
const capacity = async (caller: Caller) => (await caller.get('/api/gallery/folders')).body.capacity as { used: number };
async function bytesOf(caller: Caller, url: string) {
  const res = await fetch(apiBase() + url, { headers: { cookie: caller.cookie } });
  return { status: res.status, type: res.headers.get('content-type'), bytes: Buffer.from(await res.arrayBuffer()) };
}

test('the gallery takes an MP4 by its content, with its size, a frame as thumbnail and the video itself back', async () => {
  const { caller, user } = await signedIn('personal');
  await grantCapacity(user.id, 5);
  const r = await galleryUpload(caller, video, 'trailer.bin');
  expect(r).toMatchObject({ status: 201, body: { file: { mime: 'video/mp4', name: 'trailer.bin', width: 640, height: 360, size: video.length, kind: 'original' } } });
  expect((await capacity(caller)).used).toBe(video.length);
  const id = r.body.file.id as string;
  expect(await store().head(thumbnailKey(id))).not.toBeNull();
  const thumb = await bytesOf(caller, `/api/gallery/files/${id}/thumbnail`);
  expect(thumb).toMatchObject({ status: 200, type: 'image/webp' });
  expect(await sharp(thumb.bytes).metadata()).toMatchObject({ width: 320, height: 180 });
  const back = await bytesOf(caller, `/api/gallery/files/${id}`);
  expect(back).toMatchObject({ status: 200, type: 'video/mp4' });
  expect(back.bytes.equals(video)).toBe(true);
});

test('a video ffmpeg cannot read, or one too long, is a 422 in three languages; nothing is stored and capacity is unchanged', async () => {
  const cases: Array<['en-US' | 'zh-CN' | 'ja-JP', string, string]> = [
    ['en-US', 'This video cannot be read; it may be damaged, or it is not an MP4 (H.264) video', 'This video lasts 301 s; videos of at most 300 s are accepted'],
    ['zh-CN', '无法读取此视频，文件可能已损坏，或不是 MP4（H.264）视频', '此视频时长 301 秒，仅支持不超过 300 秒的视频'],
    ['ja-JP', 'この動画を読み込めません。ファイルが破損しているか、MP4（H.264）動画ではありません', 'この動画の長さは 301 秒です。300 秒以内の動画のみ受け付けます'],
  ];
  for (const [lang, unreadable, long] of cases) {
    const { caller, user } = await signedIn('personal', ['user'], lang);
    await grantCapacity(user.id, 5);
    const before = new Set(await keysOf());
    const broken = await galleryUpload(caller, brokenMp4, 'broken.mp4');
    expect(broken).toMatchObject({ status: 422, body: { code: 'videoRejected', message: unreadable, fields: { file: unreadable } } });
    const longer = await galleryUpload(caller, tooLong, 'long.mp4');
    expect(longer).toMatchObject({ status: 422, body: { code: 'videoRejected', message: long } });
    expect(await rowsOf(user.id)).toEqual({ uploads: 0, files: 0 });
    expect((await capacity(caller)).used).toBe(0);
    expect((await keysOf()).filter((k) => !before.has(k))).toEqual([]);
  }
});

test('a video batch gives a marked MP4 in the gallery that reads back the item mark after a low-bitrate 2-second cut', async () => {
  const { caller, user } = await signedIn('personal');
  await grantCapacity(user.id, 8);
  const original = (await galleryUpload(caller, video, 'trailer.mp4')).body.file as { id: string };
  const start = await caller.post('/api/watermarks/batches', { fileIds: [original.id] });
  expect(start.status).toBe(201);
  const batch = await eventually(async () => {
    const r = await caller.get(`/api/watermarks/batches/${start.body.batchId}`);
    return r.body.batch?.state === 'finished' && r.body.batch;
  }, 90_000);
  expect(batch).toMatchObject({ media: 'video', total: 1, done: 1, failed: 0 });
  const [item] = batch.items as Array<{ id: string; copyFileId: string; psnr: number; credentials: boolean }>;
  expect(item).toMatchObject({ credentials: false });
  expect(item.psnr).toBeGreaterThan(38);
  const copy = await bytesOf(caller, `/api/gallery/files/${item.copyFileId}`);
  expect(copy).toMatchObject({ status: 200, type: 'video/mp4' });
  expect((await bytesOf(caller, `/api/gallery/files/${item.copyFileId}/thumbnail`)).type).toBe('image/webp');
  const mark = markFromDb((await testDb()('watermark_items').where({ id: item.id }).first('mark')).mark);
  await inTempDir(async (dir) => {
    await writeFile(path.join(dir, 'copy.mp4'), copy.bytes);
    expect(await probeVideo(path.join(dir, 'copy.mp4'))).toMatchObject({ width: 640, height: 360, hasAudio: true });
    await ffmpeg(['-ss', '0.5', '-i', path.join(dir, 'copy.mp4'), '-t', '2', '-c:v', 'libx264', '-b:v', '300k', '-y', path.join(dir, 'cut.mp4')]).done;
    const read = await readVideo(path.join(dir, 'cut.mp4'));
    expect(read && payloadBigInt(read.payload)).toBe(mark);
    markedCut = { bytes: await readFile(path.join(dir, 'cut.mp4')), itemId: item.id, ownerId: user.id };
    await ffmpeg(['-i', path.join(dir, 'copy.mp4'), '-t', '1', '-c:v', 'libx264', '-y', path.join(dir, 'second.mp4')]).done;
    oneSecond = await readFile(path.join(dir, 'second.mp4'));
  });
});

test('a video batch is refused with a 413 unless the capacity left holds VIDEO_COPY_FACTOR times the video, both numbers stated', async () => {
  const { caller, user } = await signedIn('personal');
  await grantCapacity(user.id, 5);
  const clip = (await galleryUpload(caller, video, 'trailer.mp4')).body.file as { id: string; size: number };
  // Another file takes the rest but twice the video: room for a copy the size of its original, not for one three times it.
  const filler = (await galleryUpload(caller, await png(), 'filler.png')).body.file as { id: string };
  await testDb()('gallery_files').where({ id: filler.id }).update({ size: 5 * 1024 * 1024 - 3 * clip.size });
  expect((await capacity(caller)).used).toBe(5 * 1024 * 1024 - 2 * clip.size);
  const over = await caller.post('/api/watermarks/batches', { fileIds: [clip.id] });
  const message = `The watermarked copies need about ${formatCapacity(VIDEO_COPY_FACTOR * clip.size)} but only ${formatCapacity(2 * clip.size)} of your capacity is left`;
  expect(over).toMatchObject({ status: 413, body: { code: 'capacityExceeded', message } });
  expect(Number((await testDb()('watermark_batches').where({ user_id: user.id }).count({ n: '*' }))[0].n)).toBe(0);
});

test('a video item is marked file to file: the copy is streamed to the store from a file, and the activity heartbeats at its steps and every 2 s of frames', async () => {
  const { caller, user } = await signedIn('personal');
  await grantCapacity(user.id, 5);
  const clip = (await galleryUpload(caller, video, 'trailer.mp4')).body.file as { id: string };
  const { items } = await createWatermarkBatch(testDb(), { userId: user.id, media: 'video', ipciId: null, files: [{ id: clip.id, name: 'trailer.mp4' }] });
  const base = store();
  const puts: Array<{ key: string; file: string | null; maxBytes: number }> = [];
  const recording: ObjectStore = Object.assign(Object.create(base), {
    put: (key: string, body: Readable, options: PutOptions) => {
      puts.push({ key, file: body instanceof ReadStream ? String(body.path) : null, maxBytes: options.maxBytes });
      return base.put(key, body, options);
    },
  });
  const beats: unknown[] = [];
  const activity = { heartbeat: (details: unknown) => beats.push(details) } as unknown as Context;
  const acts = watermarkBatchActivities(testDb(), recording);
  expect(await asyncLocalStorage.run(activity, () => acts.embedWatermarkItem({ itemId: items[0].id }))).toBe('done');

  const copy = await testDb()('watermark_items as w').join('gallery_files as f', 'f.id', 'w.copy_file_id').where('w.id', items[0].id).first('f.size');
  expect(puts).toEqual([{ key: `watermarked/${items[0].id}.mp4`, file: expect.stringMatching(/marked\.mp4$/), maxBytes: Number(copy.size) }]);
  expect(beats).toEqual([
    { step: 'embedding' },
    { step: 'embedding', seconds: 2 },
    { step: 'verifying', seconds: 2 },
    { step: 'measuring' },
    { step: 'storing' },
  ]);
});

/** POST /api/watermark-checks as the page sends it (size first), from an address of its own (the per-address limit). */
function identify(bytes: Buffer, name: string, lang = 'en-US') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  return new Caller(lang, { 'x-forwarded-for': `10.${randomBytes(3).join('.')}` }).request('POST', `/api/watermark-checks?size=${bytes.length}`, form);
}

test('anyone identifies a 2-second re-encoded cut of a marked video as its owner (found); an unmarked clip is no platform watermark; both are logged', async () => {
  const found = await identify(markedCut.bytes, 'found-online.mp4');
  expect(found).toMatchObject({ status: 200, body: { found: true, media: 'video' } });
  const logged = await testDb()('watermark_checks').where({ item_id: markedCut.itemId }).first();
  expect(logged).toMatchObject({ media: 'video', owner_id: markedCut.ownerId, file_name: 'found-online.mp4' });
  expect(logged.thumbnail_key).toBeTruthy();
  expect(await store().head(logged.thumbnail_key)).not.toBeNull();
  expect(await identify(video, 'unmarked.mp4')).toMatchObject({ status: 200, body: { found: false } });
});

test('a clip shorter than two seconds, or one ffmpeg cannot read, is a 422 in three languages and not logged', async () => {
  const cases: Array<['en-US' | 'zh-CN' | 'ja-JP', string]> = [
    ['en-US', 'This clip lasts 1 s; at least 2 s of video are needed to find a watermark'],
    ['zh-CN', '此片段时长 1 秒，识别水印至少需要 2 秒的视频'],
    ['ja-JP', 'このクリップの長さは 1 秒です。透かしの識別には 2 秒以上の動画が必要です'],
  ];
  const before = Number((await testDb()('watermark_checks').count({ n: '*' }))[0].n);
  for (const [lang, message] of cases) {
    expect(await identify(oneSecond, 'short.mp4', lang)).toMatchObject({ status: 422, body: { code: 'videoRejected', message } });
  }
  expect(await identify(brokenMp4, 'broken.mp4')).toMatchObject({ status: 422, body: { code: 'videoRejected', message: 'This video cannot be read; it may be damaged, or it is not an MP4 (H.264) video' } });
  expect(Number((await testDb()('watermark_checks').count({ n: '*' }))[0].n)).toBe(before);
});

async function keysOf(): Promise<string[]> {
  const keys: string[] = [];
  for await (const o of store().list('')) keys.push(o.key);
  return keys;
}

describe('on a machine without ffmpeg', () => {
  let api: ChildProcess;
  let own: string;
  let said = '';
  const freePort = () =>
    new Promise<number>((resolve, reject) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(port));
      });
      probe.on('error', reject);
    });

  beforeAll(async () => {
    const port = await freePort();
    api = runTs('no-ffmpeg-api', 'api/main.ts', { PORT: String(port), FFMPEG_PATH: '/nonexistent/ffmpeg', FFPROBE_PATH: '/nonexistent/ffprobe' });
    api.stderr?.on('data', (chunk: Buffer) => (said += chunk.toString()));
    own = `http://127.0.0.1:${port}`;
    await waitHealthy(`${own}/api/health`);
  }, 120_000);
  afterAll(() => stopChild(api));

  test('the API says how to install ffmpeg and keeps running', () => {
    expect(said).toContain('api: ffmpeg not found: video watermarking is off — install it with apt-get install -y ffmpeg');
    expect(api.exitCode).toBeNull();
  });

  test('a video upload or batch answers 503 saying video is off, in three languages; pictures still upload', async () => {
    const shared = process.env.IPCI_TEST_API;
    // A video that came in while ffmpeg was there is not watermarked without it.
    const { caller: owner, user: ownerUser } = await signedIn('personal');
    await grantCapacity(ownerUser.id, 5);
    const kept = (await galleryUpload(owner, video, 'kept.mp4')).body.file as { id: string };
    process.env.IPCI_TEST_API = own;
    try {
      expect(await owner.post('/api/watermarks/batches', { fileIds: [kept.id] })).toMatchObject({ status: 503, body: { code: 'ffmpegMissing' } });
      expect(await identify(video, 'clip.mp4', 'zh-CN')).toMatchObject({ status: 503, body: { message: '本服务器暂不支持视频（未安装 ffmpeg），图片功能不受影响' } });
      expect(Number((await testDb()('watermark_batches').where({ user_id: ownerUser.id }).count({ n: '*' }))[0].n)).toBe(0);
      const cases: Array<['en-US' | 'zh-CN' | 'ja-JP', string]> = [
        ['en-US', 'Video is switched off on this server (ffmpeg is not installed); pictures still work'],
        ['zh-CN', '本服务器暂不支持视频（未安装 ffmpeg），图片功能不受影响'],
        ['ja-JP', 'このサーバーでは動画を扱えません（ffmpeg が未インストール）。画像は通常どおり利用できます'],
      ];
      for (const [lang, message] of cases) {
        const { caller, user } = await signedIn('personal', ['user'], lang);
        await grantCapacity(user.id, 5);
        expect(await galleryUpload(caller, video, 'clip.mp4')).toMatchObject({ status: 503, body: { code: 'ffmpegMissing', message } });
        expect(await rowsOf(user.id)).toEqual({ uploads: 0, files: 0 });
        expect(await galleryUpload(caller, await png(), 'still.png')).toMatchObject({ status: 201 });
      }
    } finally {
      process.env.IPCI_TEST_API = shared;
    }
  });
});
