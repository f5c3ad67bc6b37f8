import type { Context } from 'koa';
import multer from '@koa/multer';
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Credentials } from '../../domain/credentials';
import { THUMBNAIL_SIZE } from '../../domain/gallery';
import { formatBytes } from '../../domain/uploads';
import {
  CHECK_IMAGE_EXTENSIONS,
  CHECK_IMAGE_TYPES,
  MAX_CHECK_IMAGE_BYTES,
  MAX_CHECK_VIDEO_BYTES,
  MAX_WATERMARK_PIXELS,
  MIN_CHECK_SIDE,
  MIN_CLIP_SECONDS,
  VIDEO_TYPES,
  type WatermarkMedia,
} from '../../domain/watermark';
import { diskStore } from '../../storage/disk';
import { readCredentials } from '../../watermark/credentials';
import { videoFrame } from '../../watermark/video';
import { badRequest, HttpError } from '../errors';
import { assertWellFormed } from '../middleware/wellFormed';
import { receiveUpload } from './receiveUpload';
import { safeError } from './safeError';
import { sniffFile } from './sniff';
import { storedBytes } from './storedBytes';
import { ReadersBusy, readWatermarkFile, UndecodablePicture } from './watermarkReader';
import { checkVideo, requireFfmpeg } from './videoFiles';
import type { StoredUpload } from './storeEngine';

/**
 * A suspect file someone wants identified (public protect/antifake, the owner's watermarkdetect).
 * It is never kept: it streams through receiveUpload's checks into a store of its own in a fresh
 * temporary folder, is read there, and the folder is removed when the request ends, whatever happens.
 * Only a check that found a mark keeps something of it: a small WebP for the owner (thumbnail).
 */
export interface Suspect {
  media: WatermarkMedia;
  mime: string;
  /** The name it was sent under (for the log; never used as a path). */
  name: string;
  size: number;
  sha256: string;
  /** Where it lies while the request runs (an ffmpeg input, or read whole by a decoder). */
  path: string;
  width: number | null;
  height: number | null;
}

/** What reading a suspect found: the mark it carries, if any, and its content credentials (C2PA), if any. */
export interface SuspectReading {
  mark: bigint | null;
  /** Left out by a medium that carries none (video). */
  credentials?: Credentials | null;
}

/**
 * One medium the identification takes: its types by content, its limit, the checks on its header
 * before decoding, how its mark is read and how its evidence thumbnail is drawn. A medium is added by
 * adding its entry here (the route needs nothing else).
 */
export interface SuspectKind {
  media: WatermarkMedia;
  types: readonly string[];
  extensions: readonly string[];
  maxBytes: number;
  /** Refuses (throws a 4xx) what cannot be read before anything is decoded. */
  check(s: Suspect): Promise<void>;
  read(s: Suspect): Promise<SuspectReading>;
  thumbnail(s: Suspect): Promise<Buffer>;
}

const undecodable = () => new HttpError(422, 'imageRejected', 'watermark.check.undecodable', {}, { file: { key: 'watermark.check.undecodable' } });

const image: SuspectKind = {
  media: 'image',
  types: CHECK_IMAGE_TYPES,
  extensions: CHECK_IMAGE_EXTENSIONS,
  maxBytes: MAX_CHECK_IMAGE_BYTES,
  async check(s) {
    // The sniff reads the size of jpeg, png and gif; webp and tiff are asked of sharp (their header only).
    const { width, height } = s.width && s.height ? { width: s.width, height: s.height } : await sharp(s.path).metadata().catch(() => ({ width: 0, height: 0 }));
    if (!width || !height) throw undecodable();
    if (Math.min(width, height) < MIN_CHECK_SIDE) {
      throw new HttpError(422, 'imageRejected', 'watermark.check.tooSmall', { min: MIN_CHECK_SIDE }, { file: { key: 'watermark.check.tooSmall', params: { min: MIN_CHECK_SIDE } } });
    }
    if (width * height > MAX_WATERMARK_PIXELS) {
      const max = MAX_WATERMARK_PIXELS / 1e6;
      throw new HttpError(422, 'imageRejected', 'watermark.check.tooManyPixels', { max }, { file: { key: 'watermark.check.tooManyPixels', params: { max } } });
    }
  },
  async read(s) {
    let mark: bigint | null;
    try {
      // On a reader thread: the codec's search would otherwise hold up every other request.
      mark = await readWatermarkFile(s.path);
    } catch (err) {
      // Its header was fine, its pixels are not (a truncated or damaged file).
      if (err instanceof UndecodablePicture) throw undecodable();
      if (err instanceof ReadersBusy) throw new HttpError(503, 'busy', 'watermark.check.busy');
      throw err;
    }
    // A manifest travels in the file's metadata, apart from the pixels: a copy can keep one and lose the other.
    return { mark, credentials: await readCredentials(await readFile(s.path)) };
  },
  thumbnail: (s) => sharp(s.path).rotate().resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 70 }).toBuffer(),
};

/**
 * A clip (issue 14: at least MIN_CLIP_SECONDS of a marked video, re-encoded or cut as it was found):
 * ffmpeg must be here (503 otherwise), the clip must decode and last long enough (422s in three
 * languages), then its frames are averaged and read (watermark/video.ts). Its evidence is a frame.
 */
const video: SuspectKind = {
  media: 'video',
  types: VIDEO_TYPES,
  extensions: ['mp4'],
  maxBytes: MAX_CHECK_VIDEO_BYTES,
  async check(s) {
    await requireFfmpeg();
    // Any length is read (its first seconds): only a clip too short to hold a mark is refused.
    const facts = await checkVideo(s.path, { minSeconds: MIN_CLIP_SECONDS, maxSeconds: Infinity });
    // The sniff knows no video's size: the check completes the suspect's facts for what follows.
    s.width = facts.width;
    s.height = facts.height;
  },
  async read(s) {
    try {
      // On a reader thread, as a picture: averaging the frames and the search would hold up other requests.
      return { mark: await readWatermarkFile(s.path, 'video') };
    } catch (err) {
      if (err instanceof UndecodablePicture) throw new HttpError(422, 'videoRejected', 'video.unreadable', {}, { file: { key: 'video.unreadable' } });
      if (err instanceof ReadersBusy) throw new HttpError(503, 'busy', 'watermark.check.busy');
      throw err;
    }
  },
  async thumbnail(s) {
    const frame = await videoFrame(s.path, 0);
    return sharp(frame).resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 70 }).toBuffer();
  },
};

export const SUSPECT_KINDS: readonly SuspectKind[] = [image, video];

/** The most any medium takes: what a declared size and the stream are held to before the type is known. */
export const MAX_SUSPECT_BYTES = Math.max(...SUSPECT_KINDS.map((k) => k.maxBytes));

const tooLarge = (max: number) => new HttpError(413, 'payloadTooLarge', 'watermark.check.tooLarge', { max: formatBytes(max) });

/** A declared size (the `size` query, read before the body) past every medium's limit: refused before a byte is read. */
export function refuseDeclaredSize(size: number): void {
  if (size > MAX_SUSPECT_BYTES) throw tooLarge(MAX_SUSPECT_BYTES);
}

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

const SUSPECT_PREFIX = 'ipci-suspect-';
const HOUR = 3600_000;

/**
 * Removes suspects' temporary folders older than `maxAgeMs` under `tmp`: a request removes its own,
 * but one cut short by a crash or a kill leaves its folder behind. No request lasts a day, so an
 * older folder is nobody's (whichever API process on this machine made it).
 */
export async function sweepStaleSuspects(tmp = os.tmpdir(), maxAgeMs = 24 * HOUR, now = Date.now()): Promise<number> {
  let removed = 0;
  for (const name of await readdir(tmp)) {
    if (!name.startsWith(SUSPECT_PREFIX)) continue;
    const at = path.join(tmp, name);
    const info = await stat(at).catch(() => null);
    if (!info?.isDirectory() || now - info.mtimeMs < maxAgeMs) continue;
    await rm(at, { recursive: true, force: true });
    removed++;
  }
  return removed;
}

/** The sweep runs with the first suspect of a process and then at most hourly, beside the request, never holding it up. */
let lastSweep = 0;
function sweepNowAndThen(): void {
  if (Date.now() - lastSweep < HOUR) return;
  lastSweep = Date.now();
  sweepStaleSuspects().catch((err) => console.error(`[suspectFile] sweeping stale temporary folders: ${safeError(err)}`));
}

/**
 * Receives the request's one `file` as a suspect, checks it by content (type, its medium's limit and
 * header rules: each refusal a 4xx naming the rule), hands it to `use`, and removes every trace of it
 * afterwards. The kind it was found to be comes with it.
 */
export async function withSuspect<T>(ctx: Context, use: (s: Suspect, kind: SuspectKind) => Promise<T>): Promise<T> {
  sweepNowAndThen();
  const root = await mkdtemp(path.join(os.tmpdir(), SUSPECT_PREFIX));
  try {
    // A store of the request's own: receiveUpload's engine, limits and answers to a broken body, nothing kept.
    const store = diskStore({ root, publicBase: 'http://localhost', signingSecret: randomBytes(16).toString('hex') });
    await receiveUpload(ctx, store, MAX_SUSPECT_BYTES, () => tooLarge(MAX_SUSPECT_BYTES));
    const file = ctx.file as (multer.File & StoredUpload) | undefined;
    assertWellFormed([ctx.request.body, file?.originalname]);
    if (!file) throw badRequest({ file: { key: 'validation.upload' } });
    const sniffed = await sniffFile(storedBytes(store, file.key, file.size, file.head));
    const kind = sniffed && SUSPECT_KINDS.find((k) => k.types.includes(sniffed.mime));
    if (!sniffed || !kind) {
      throw new HttpError(415, 'unsupportedMediaType', 'http.unsupportedMediaType', { allowed: SUSPECT_KINDS.flatMap((k) => k.extensions).join(', ') });
    }
    if (file.size > kind.maxBytes) throw tooLarge(kind.maxBytes);
    const at = path.join(root, file.key);
    const suspect: Suspect = {
      media: kind.media,
      mime: sniffed.mime,
      name: file.originalname,
      size: file.size,
      sha256: await sha256Of(at),
      path: at,
      width: sniffed.width,
      height: sniffed.height,
    };
    await kind.check(suspect);
    return await use(suspect, kind);
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}
