import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { payloadBigInt } from '../../watermark';
import { ffmpeg, ffmpegAvailable, FfmpegMissing } from '../../watermark/ffmpeg';
import { syntheticImage } from '../../watermark/synthetic';
import { syntheticVideo } from '../../watermark/syntheticVideo';
import { embedVideo, probeVideo, readVideo, VideoUnreadable } from '../../watermark/video';

/**
 * The video watermark on a generated 1280×720 panning video with audio: embedded once, then
 * re-encoded at a lower bitrate (crf 30, 500 kbit/s) and cut to two seconds from the middle, also
 * downscaled to half — each still gives the exact payload; the unmarked video and its clips give
 * nothing; files ffmpeg cannot read are told apart from unmarked videos.
 */
jest.setTimeout(120_000);

let dir: string;
const at = (name: string) => path.join(dir, name);
const PAYLOAD = 0xc0ff_ee15_2026_0b1en;
const bytes = (v: bigint) => { const b = new Uint8Array(8); new DataView(b.buffer).setBigUint64(0, v); return b; };

/** A 2-second cut from the middle of `source`, re-encoded with `codec` (ffmpeg's output options). */
async function clip(source: string, name: string, codec: string[]): Promise<string> {
  await ffmpeg(['-ss', '1', '-i', at(source), '-t', '2', ...codec, '-y', at(name)]).done;
  return at(name);
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'video-watermark-'));
  await syntheticVideo(at('original.mp4'), { width: 1280, height: 720, seconds: 4, seed: 5, audio: true });
  await embedVideo(at('original.mp4'), at('marked.mp4'), bytes(PAYLOAD));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

test('the marked copy is an MP4 of the same size, rate and length, its audio kept, and reads back exactly', async () => {
  const [before, after] = [await probeVideo(at('original.mp4')), await probeVideo(at('marked.mp4'))];
  expect(after).toMatchObject({ width: 1280, height: 720, fps: 25, hasVideo: true, hasAudio: true });
  expect(after!.durationS).toBeCloseTo(before!.durationS, 0);
  const read = await readVideo(at('marked.mp4'));
  expect(payloadBigInt(read!.payload)).toBe(PAYLOAD);
});

test.each([
  ['crf 30', ['-c:v', 'libx264', '-crf', '30']],
  ['500 kbit/s', ['-c:v', 'libx264', '-b:v', '500k']],
  ['a 50 % downscale at crf 30', ['-vf', 'scale=640:360', '-c:v', 'libx264', '-crf', '30']],
])('a 2-second clip from the middle re-encoded at %s gives the exact payload', async (name, codec) => {
  const read = await readVideo(await clip('marked.mp4', `marked ${name.replace(/\W+/g, '-')}.mp4`, codec));
  expect(read).not.toBeNull();
  expect(payloadBigInt(read!.payload)).toBe(PAYLOAD);
  expect(read!.frames).toBe(50);
});

test('an unmarked video and its re-encoded clip carry nothing', async () => {
  expect(await readVideo(at('original.mp4'))).toBeNull();
  expect(await readVideo(await clip('original.mp4', 'original crf 30.mp4', ['-c:v', 'libx264', '-crf', '30']))).toBeNull();
});

test('a file ffmpeg cannot read, or one without a picture, is no video', async () => {
  const png = await sharp(Buffer.from(syntheticImage(64, 64, 1)), { raw: { width: 64, height: 64, channels: 3 } }).png().toBuffer();
  await writeFile(at('garbage.mp4'), Buffer.from('ftypisom but not really a video at all'.repeat(50)));
  await writeFile(at('picture.mp4'), png);
  expect(await probeVideo(at('garbage.mp4'))).toBeNull();
  await expect(readVideo(at('garbage.mp4'))).rejects.toThrow(VideoUnreadable);
  await expect(embedVideo(at('garbage.mp4'), at('out.mp4'), bytes(PAYLOAD))).rejects.toThrow(VideoUnreadable);
  await ffmpeg(['-f', 'lavfi', '-i', 'sine=duration=1', '-c:a', 'aac', '-y', at('sound.m4a')]).done;
  expect(await probeVideo(at('sound.m4a'))).toMatchObject({ hasVideo: false, hasAudio: true });
  await expect(readVideo(at('sound.m4a'))).rejects.toThrow(VideoUnreadable);
});

test('without ffmpeg the calls say so rather than calling the file unreadable', async () => {
  const missing = { ...process.env, FFMPEG_PATH: '/nonexistent/ffmpeg', FFPROBE_PATH: '/nonexistent/ffprobe' };
  expect(await ffmpegAvailable(missing)).toBe(false);
  expect(await ffmpegAvailable()).toBe(true);
  const saved = process.env.FFPROBE_PATH;
  process.env.FFPROBE_PATH = missing.FFPROBE_PATH;
  try {
    await expect(probeVideo(at('marked.mp4'))).rejects.toThrow(FfmpegMissing);
  } finally {
    if (saved === undefined) delete process.env.FFPROBE_PATH;
    else process.env.FFPROBE_PATH = saved;
  }
});
