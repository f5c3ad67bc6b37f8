import { MAX_VIDEO_SECONDS } from '../../domain/watermark';
import { ffmpegAvailable } from '../../watermark/ffmpeg';
import { probeVideo, type VideoFacts } from '../../watermark/video';
import { HttpError } from '../errors';

/**
 * Every route that takes or makes a video asks this first: without ffmpeg on this machine video is
 * off (a 503 saying so in the caller's language) while everything else keeps working.
 */
export async function requireFfmpeg(): Promise<void> {
  if (!(await ffmpegAvailable())) throw new HttpError(503, 'ffmpegMissing', 'video.ffmpegMissing');
}

const refused = (key: string, params: Record<string, unknown> = {}) => new HttpError(422, 'videoRejected', key, params, { file: { key, params } });
const seconds = (s: number) => Math.round(s * 10) / 10;

/**
 * The facts of a video file on this machine, or a 422 naming what is wrong: ffmpeg cannot read it
 * (or it holds no picture), it is longer than `maxSeconds` (the gallery: MAX_VIDEO_SECONDS) or shorter
 * than `minSeconds` (identification: MIN_CLIP_SECONDS).
 */
export async function checkVideo(file: string, o: { maxSeconds?: number; minSeconds?: number } = {}): Promise<VideoFacts> {
  const facts = await probeVideo(file);
  if (!facts?.hasVideo || !facts.fps) throw refused('video.unreadable');
  const max = o.maxSeconds ?? MAX_VIDEO_SECONDS;
  if (facts.durationS > max) throw refused('video.tooLong', { seconds: seconds(facts.durationS), max });
  if (o.minSeconds && facts.durationS < o.minSeconds) throw refused('video.clipTooShort', { seconds: seconds(facts.durationS), min: o.minSeconds });
  return facts;
}
