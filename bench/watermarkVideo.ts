import { stat } from 'node:fs/promises';
import path from 'node:path';
import { inTempDir } from '../storage/localCopy';
import { payloadBigInt } from '../watermark';
import { ffmpeg } from '../watermark/ffmpeg';
import { syntheticVideo } from '../watermark/syntheticVideo';
import { embedVideo, readVideo, videoPsnr } from '../watermark/video';
import { ms, summarize, table } from './lib/stats';

/**
 * The video line of `npm run bench:watermark` (also `tsx bench/watermarkVideo.ts` alone): on
 * BENCH_WATERMARK_VIDEOS (3) generated 1920×1080 panning videos of BENCH_WATERMARK_VIDEO_SECONDS (6)
 * at 25 fps (watermark/syntheticVideo.ts), the embedding time per second of video (decode, add the
 * pattern, libx264 crf 18), the copy's luma PSNR and size against the original, then the share of
 * exact payloads and the reading time on 2-second cuts from the middle re-encoded at a lower bitrate
 * (crf 30, 500 kbit/s) and downscaled to 50 %, and the false payloads on the same cuts of the unmarked
 * originals.
 */
const VIDEOS = Number(process.env.BENCH_WATERMARK_VIDEOS ?? 3);
const SECONDS = Number(process.env.BENCH_WATERMARK_VIDEO_SECONDS ?? 6);
const W = 1920, H = 1080;

const CUTS: Array<[string, string[]]> = [
  ['2 s cut, crf 30', ['-c:v', 'libx264', '-crf', '30']],
  ['2 s cut, 500 kbit/s', ['-c:v', 'libx264', '-b:v', '500k']],
  ['2 s cut, 50 % downscale, crf 30', ['-vf', 'scale=960:540', '-c:v', 'libx264', '-crf', '30']],
];

const log = (line: string) => console.log(`[bench] ${line}`);
const payloadOf = (i: number) => (0x5eed_0000_0000_0000n + BigInt(i) * 0x0000_9e37_79b9_7f4bn) & 0xffff_ffff_ffff_ffffn;
const bytesOf = (v: bigint) => { const b = new Uint8Array(8); new DataView(b.buffer).setBigUint64(0, v); return b; };

export async function videoBench(): Promise<void> {
  if (!VIDEOS) return;
  log(`${VIDEOS} generated ${W}x${H} videos of ${SECONDS} s at 25 fps, ${CUTS.length} cuts each`);
  const embedPerSecond: number[] = [], psnr: number[] = [], growth: number[] = [], readMs: number[] = [];
  const exact = new Map<string, number>();
  let wrong = 0, falsePayloads = 0;
  await inTempDir(async (dir) => {
    const at = (name: string) => path.join(dir, name);
    for (let i = 0; i < VIDEOS; i++) {
      const payload = payloadOf(i);
      await syntheticVideo(at('original.mp4'), { width: W, height: H, seconds: SECONDS, seed: 20_000 + i, audio: true });
      const start = performance.now();
      await embedVideo(at('original.mp4'), at('marked.mp4'), bytesOf(payload));
      embedPerSecond.push((performance.now() - start) / SECONDS);
      psnr.push(await videoPsnr(at('marked.mp4'), at('original.mp4')));
      growth.push((await stat(at('marked.mp4'))).size / (await stat(at('original.mp4'))).size);
      for (const [name, codec] of CUTS) {
        for (const source of ['marked', 'original'] as const) {
          const from = (SECONDS - 2) / 2;
          await ffmpeg(['-ss', String(from), '-i', at(`${source}.mp4`), '-t', '2', ...codec, '-y', at('cut.mp4')]).done;
          const t = performance.now();
          const read = await readVideo(at('cut.mp4'));
          if (source === 'original') {
            if (read) falsePayloads++;
            continue;
          }
          readMs.push(performance.now() - t);
          if (read && payloadBigInt(read.payload) === payload) exact.set(name, (exact.get(name) ?? 0) + 1);
          else if (read) wrong++;
        }
      }
      log(`${i + 1}/${VIDEOS} videos`);
    }
  });
  const e = summarize(embedPerSecond), r = summarize(readMs);
  console.log(`\nvideo, ${W}×${H} at 25 fps, H.264 in and out\n`);
  console.log(
    table(
      ['embed ms per s of video p50', 'p95', 'read 2 s clip ms p50', 'p95', 'PSNR min dB', 'copy size / original'],
      [[ms(e.p50), ms(e.p95), ms(r.p50), ms(r.p95), Math.min(...psnr).toFixed(2), `${Math.min(...growth).toFixed(2)}–${Math.max(...growth).toFixed(2)}×`]],
    ),
  );
  console.log(`\nexact payloads, share of ${VIDEOS} videos\n`);
  console.log(table(['attack', 'ours'], CUTS.map(([name]) => [name, `${((100 * (exact.get(name) ?? 0)) / VIDEOS).toFixed(1)} %`])));
  console.log(`\nwrong payloads on marked cuts: ${wrong}; false payloads on ${VIDEOS * CUTS.length} cuts of the unmarked originals: ${falsePayloads} (target 0) ${falsePayloads === 0 ? 'met' : 'MISSED'}`);
}

if (require.main === module) {
  videoBench().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
