import { readLuma, watermarkDelta, type Reading } from './codec';
import { ffmpeg, ffmpegOutput, ffprobe, FfmpegFailed, rawFrames, writeFrame, type ProbeStream } from './ffmpeg';

/**
 * The blind watermark in short MP4/H.264 videos (issue 14), on top of the image codec (codec.ts).
 *
 * Embedding: ffmpeg decodes the video to raw yuv420p frames at its own frame rate; the codec's
 * luminance pattern for the payload (its tiled chips and sync template) is computed once for the
 * frame size and added to the Y plane of every frame — the same pattern in every frame, at a uniform
 * strength (the image codec's visual mask follows one picture's texture, which moves in a video) set
 * to VIDEO_PSNR; chroma is untouched. The frames are re-encoded with libx264 (crf 21, preset veryfast,
 * same size and rate, yuv420p), the audio copied as it is, the MP4 written with its index at the front
 * (faststart). The pattern is detail the encoder must keep, so the copy is larger than its original:
 * on the generated test videos (very compressible) about 2× at crf 21 against 3.3× at crf 18, which
 * reads back no better, and veryfast encodes 2–3× faster than fast for the same robustness.
 *
 * Reading: because the pattern stands still while the picture moves, the Y planes of a clip's frames
 * are averaged: the pattern adds up frame after frame while moving content, and the noise a
 * low-bitrate re-encoding adds to each frame, average towards a smooth picture the codec's band-pass
 * filter discards. The average is read like one image (readLuma: sync search over offset and scale, so
 * a cut, a crop or a downscale still reads; CRC and chip agreement, so a video without the mark reads
 * as null). A cut of the clip changes nothing spatially, so any stretch of MIN_CLIP_SECONDS reads.
 *
 * Measured on generated 1280×720 panning videos (tests/unit/videoWatermark.test.ts, bench/watermark.ts):
 * the exact payload after a re-encode at crf 30 and at 500 kbit/s, a 2-second cut from the middle and
 * a 50 % downscale; nothing on unmarked videos.
 */

/** The pattern's strength: the PSNR it alone costs each frame's luma, before encoding. */
export const VIDEO_PSNR = 44;
/** x264's constant-quality setting for the marked copy: visually near-lossless (see above for the size it costs). */
const MARKED_CRF = 21;
/** Frames beyond this many seconds add nothing a reading needs (it reads from ten times the minimum clip). */
const READ_SECONDS = 20;
/** How often, in seconds of video, embedding and reading report their progress (a batch's activity heartbeats on it). */
const PROGRESS_SECONDS = 2;

/** Told how many seconds of the video's frames have been processed so far. */
export type VideoProgress = (seconds: number) => void;

/** A counter of frames that calls `onProgress` every PROGRESS_SECONDS of them. */
function frameCounter(fps: number, onProgress: VideoProgress | undefined) {
  const every = Math.max(1, Math.round(PROGRESS_SECONDS * fps));
  let frames = 0;
  return () => {
    frames++;
    if (onProgress && frames % every === 0) onProgress(frames / fps);
  };
}

export type VideoFacts = {
  /** As shown: a phone video's rotation is applied (ffmpeg decodes upright). */
  width: number;
  height: number;
  durationS: number;
  fps: number;
  hasVideo: boolean;
  hasAudio: boolean;
};

/** A rotation of a quarter turn swaps width and height as the video is shown. */
function quarterTurn(stream: ProbeStream): boolean {
  const rotation = Number(stream.side_data_list?.find((d) => d.rotation !== undefined)?.rotation ?? stream.tags?.rotate ?? 0);
  return Math.abs(rotation) % 180 === 90;
}

function rate(r: string | undefined): number {
  const [n, d] = (r ?? '').split('/').map(Number);
  return n > 0 && d > 0 ? n / d : 0;
}

/** What ffprobe says about `file`, or null when it cannot read it as a media file at all. */
export async function probeVideo(file: string): Promise<VideoFacts | null> {
  const json = await ffprobe(file);
  if (!json?.streams) return null;
  const video = json.streams.find((s) => s.codec_type === 'video' && s.width && s.height);
  const hasAudio = json.streams.some((s) => s.codec_type === 'audio');
  const durationS = Number(json.format?.duration ?? video?.duration ?? 0) || 0;
  if (!video) return { width: 0, height: 0, durationS, fps: 0, hasVideo: false, hasAudio };
  const turned = quarterTurn(video);
  return {
    width: turned ? video.height! : video.width!,
    height: turned ? video.width! : video.height!,
    durationS,
    fps: rate(video.avg_frame_rate) || rate(video.r_frame_rate),
    hasVideo: true,
    hasAudio,
  };
}

/** The file is not a video ffmpeg can read (no video stream, or its probe failed). */
export class VideoUnreadable extends Error {}

/** Y plane bytes and whole yuv420p frame bytes of a width×height frame. */
const planes = (width: number, height: number) => {
  const luma = width * height;
  return { luma, frame: luma + 2 * Math.ceil(width / 2) * Math.ceil(height / 2) };
};

/** The decoder of `file`'s first video stream into raw yuv420p frames at a constant `fps`. */
const decoder = (file: string, fps: number, extra: string[] = []) =>
  ffmpeg(['-i', file, ...extra, '-map', '0:v:0', '-an', '-sn', '-r', String(fps), '-pix_fmt', 'yuv420p', '-f', 'rawvideo', 'pipe:1']);

/**
 * Writes to `outFile` (an MP4) `inFile` with `payload` (8 bytes) embedded in every frame, calling
 * `onProgress` every PROGRESS_SECONDS of frames. Rejects with VideoUnreadable when the input is no
 * video, FfmpegFailed when decoding or encoding fails, FfmpegMissing without ffmpeg. Returns the facts
 * of the input.
 */
export async function embedVideo(inFile: string, outFile: string, payload: Uint8Array, onProgress?: VideoProgress): Promise<VideoFacts> {
  const facts = await probeVideo(inFile);
  if (!facts?.hasVideo || !facts.fps) throw new VideoUnreadable(`${inFile} holds no video ffmpeg can read`);
  const { width, height, fps } = facts;
  // The chips' amplitude does not depend on the picture when the picture is flat: one uniform pattern.
  const delta = watermarkDelta(new Float32Array(width * height).fill(128), width, height, payload, { psnr: VIDEO_PSNR, visibilityCap: false });
  const size = planes(width, height);
  const counted = frameCounter(fps, onProgress);

  const dec = decoder(inFile, fps);
  const enc = ffmpeg(
    [
      '-f', 'rawvideo', '-pix_fmt', 'yuv420p', '-s', `${width}x${height}`, '-r', String(fps), '-i', 'pipe:0',
      '-i', inFile,
      '-map', '0:v:0', '-map', '1:a?',
      '-c:v', 'libx264', '-preset', 'veryfast', '-crf', String(MARKED_CRF), '-pix_fmt', 'yuv420p',
      '-c:a', 'copy', '-movflags', '+faststart', '-f', 'mp4', '-y', outFile,
    ],
    { input: true },
  );
  const pump = async () => {
    try {
      for await (const frame of rawFrames(dec.child.stdout, size.frame)) {
        // A copy per frame: the pipe may still hold the previous one when the next arrives.
        const out = Buffer.from(frame);
        // A clamped view rounds and clamps on assignment: several times faster than doing it by hand.
        const y = new Uint8ClampedArray(out.buffer, out.byteOffset, size.luma);
        for (let i = 0; i < size.luma; i++) y[i] = y[i] + delta[i];
        await writeFrame(enc.child.stdin!, out);
        counted();
      }
    } finally {
      enc.child.stdin!.end();
    }
  };
  try {
    await Promise.all([pump(), dec.done, enc.done]);
  } catch (err) {
    dec.child.kill('SIGKILL');
    enc.child.kill('SIGKILL');
    throw err;
  }
  return facts;
}

/**
 * The payload a video (or a clip of one) carries, or null when it carries none the codec can be sure
 * of. Reads up to READ_SECONDS from the start, calling `onProgress` every PROGRESS_SECONDS of frames.
 * Rejects with VideoUnreadable when the file is no video.
 */
export async function readVideo(file: string, onProgress?: VideoProgress): Promise<{ payload: Uint8Array; confidence: number; frames: number } | null> {
  const facts = await probeVideo(file);
  if (!facts?.hasVideo || !facts.fps) throw new VideoUnreadable(`${file} holds no video ffmpeg can read`);
  const { width, height } = facts;
  const size = planes(width, height);
  const sum = new Float64Array(size.luma);
  let frames = 0;
  const counted = frameCounter(facts.fps, onProgress);
  const dec = decoder(file, facts.fps, ['-t', String(READ_SECONDS)]);
  try {
    for await (const frame of rawFrames(dec.child.stdout, size.frame)) {
      for (let i = 0; i < size.luma; i++) sum[i] += frame[i];
      frames++;
      counted();
    }
    await dec.done;
  } catch (err) {
    dec.child.kill('SIGKILL');
    // A file damaged past some point still reads from the frames before it.
    if (!(err instanceof FfmpegFailed)) throw err;
    if (frames === 0) throw new VideoUnreadable(err.message);
  }
  if (!frames) return null;
  const mean = new Float32Array(size.luma);
  for (let i = 0; i < mean.length; i++) mean[i] = sum[i] / frames;
  const reading: Reading | null = readLuma(mean, width, height);
  return reading && { payload: reading.payload, confidence: reading.confidence, frames };
}

/** One frame of `file` as a PNG, `atS` seconds in (a gallery thumbnail); VideoUnreadable when there is none to decode. */
export async function videoFrame(file: string, atS: number): Promise<Buffer> {
  let png: Buffer;
  try {
    png = await ffmpegOutput(['-ss', atS.toFixed(3), '-i', file, '-map', '0:v:0', '-frames:v', '1', '-c:v', 'png', '-f', 'image2pipe', 'pipe:1']);
  } catch (err) {
    if (err instanceof FfmpegFailed) throw new VideoUnreadable(err.message);
    throw err;
  }
  if (!png.length) throw new VideoUnreadable(`${file}: no frame at ${atS} s`);
  return png;
}

/**
 * The PSNR of `marked`'s luma against `original`'s, as decoded (the pattern and the re-encoding
 * together), over their first READ_SECONDS: the pattern and the encoder's settings are the same
 * throughout, and a long video is not decoded twice more. ffmpeg's psnr filter gives each frame's
 * mean squared error.
 */
export async function videoPsnr(marked: string, original: string): Promise<number> {
  const window = ['-t', String(READ_SECONDS)];
  const stats = (await ffmpegOutput([...window, '-i', marked, ...window, '-i', original, '-lavfi', '[0:v][1:v]psnr=stats_file=-', '-f', 'null', '-'])).toString();
  const mse = [...stats.matchAll(/mse_y:([\d.]+)/g)].map((m) => Number(m[1]));
  if (!mse.length) throw new FfmpegFailed('the psnr filter measured no frame');
  const mean = mse.reduce((a, b) => a + b, 0) / mse.length;
  return mean === 0 ? Infinity : 10 * Math.log10((255 * 255) / mean);
}
