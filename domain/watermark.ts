import './validation/locale';
import * as yup from 'yup';
import { keysetCursor } from './validation/keyset';
import { trimmed, UUID_PATTERN } from './validation/rules';

/**
 * The dark-watermark service (issue 14): a user picks gallery files (user centre `addwatermarkimage`),
 * the watermarkBatch workflow embeds a blind watermark (watermark/ for images, watermark/video.ts for
 * MP4/H.264 through ffmpeg) carrying a random 64-bit mark that names one watermark_items row — and
 * through it the owner and the IPCI —, and the copy goes back into the gallery (counted against
 * capacity), JPEG and PNG copies with a C2PA manifest (watermark/credentials.ts). Anyone may identify
 * a suspect image or clip (public `protect/antifake`); the owner checks against their own marks
 * (`watermarkdetect`) and sees every check that found one of them (`detected watermark`).
 */
export const WATERMARK_MEDIA = ['image', 'video'] as const;
export type WatermarkMedia = (typeof WATERMARK_MEDIA)[number];

/** Part 2 §3 watermarkState, per item (and mirrored on the original's gallery row). */
export const WATERMARK_STATES = ['pending', 'embedding', 'done', 'failed'] as const;
export type WatermarkState = (typeof WATERMARK_STATES)[number];

export const WATERMARK_BATCH_STATES = ['running', 'finished'] as const;

/** Files one request may take: a page of the gallery grid; larger sets are several batches. */
export const MAX_WATERMARK_BATCH = 50;
/** Items embedded at once by one batch (the worker has other work; sharp uses the cores). */
export const WATERMARK_PARALLELISM = 2;

/** The codec's tile is 256 px: a smaller picture cannot hold one whole payload. */
export const MIN_WATERMARK_SIDE = 256;
/** Decoding holds the luminance as float32: 40 MP is 160 MB, the most one embedding may take. */
export const MAX_WATERMARK_PIXELS = 40_000_000;

export const VIDEO_TYPES = ['video/mp4'] as const;
export const VIDEO_EXTENSIONS = ['mp4', 'm4v'] as const;
/** A file of this type (by content) is a video: ffmpeg reads and writes it. */
export const isVideoMime = (mime: string) => (VIDEO_TYPES as readonly string[]).includes(mime);
/** A short video: the service is for clips and trailers, not feature films. */
export const MAX_VIDEO_SECONDS = 300;
/**
 * How much larger than its original a video's marked copy may be, for the batch's capacity check: the
 * pattern is detail the encoder must keep (watermark/video.ts), so x264 at crf 21 writes about 2.05×
 * the original on the generated test videos and 2–3× on camera footage (measured on 1080p videos of
 * up to 300 s); a picture's copy is about its original's size. 3 keeps a batch from being accepted
 * and then failing item by item at its copies' own capacity check.
 */
export const VIDEO_COPY_FACTOR = 3;
/** Identification needs at least this much of a marked video. */
export const MIN_CLIP_SECONDS = 2;

/** A suspect file for identification (public or the owner's): enough for a photo or a short clip. */
export const MAX_CHECK_IMAGE_BYTES = 30 * 1024 * 1024;
export const MAX_CHECK_VIDEO_BYTES = 200 * 1024 * 1024;
/** What sharp decodes (it has no BMP decoder, so a bitmap could be sniffed but never read). */
export const CHECK_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/tiff'] as const;
/** Named to the visitor when a file's type is refused. */
export const CHECK_IMAGE_EXTENSIONS = ['jpg', 'png', 'webp', 'gif', 'tif'] as const;
/** A suspect smaller than this on a side is an icon, not a copy of a picture: refused before reading. */
export const MIN_CHECK_SIDE = 64;

/**
 * The mark as stored: Postgres' bigint is signed, the payload an unsigned 64-bit number, so the same
 * 64 bits are kept as their two's-complement reading.
 */
export const markToDb = (mark: bigint): string => BigInt.asIntN(64, mark).toString();
export const markFromDb = (stored: string | number | bigint): bigint => BigInt.asUintN(64, BigInt(stored));
/** The mark as 8 big-endian bytes (the codec's payload). */
export function markBytes(mark: bigint): Uint8Array {
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setBigUint64(0, BigInt.asUintN(64, mark));
  return bytes;
}

const id = () => trimmed().matches(UUID_PATTERN, { message: 'validation.invalid', excludeEmptyString: true });

/** A batch: gallery files of one medium, optionally naming one of the user's IPCIs. */
export const watermarkBatchSchema = yup
  .object({
    fileIds: yup
      .array(id().required())
      .required()
      .min(1)
      .max(MAX_WATERMARK_BATCH)
      .test('unique', 'validation.invalid', (v) => !v || new Set(v).size === v.length),
    ipciId: id().nullable(),
  })
  .noUnknown();
export type WatermarkBatchInput = yup.InferType<typeof watermarkBatchSchema>;

export const watermarkItemListSchema = yup
  .object({
    media: trimmed().oneOf([...WATERMARK_MEDIA] as string[]),
    limit: yup.number().integer().min(1).max(100).default(20),
    after: keysetCursor(['date', 'uuid']),
  })
  .noUnknown();

export const watermarkCheckListSchema = yup
  .object({
    media: trimmed().oneOf([...WATERMARK_MEDIA] as string[]),
    found: yup.boolean(),
    limit: yup.number().integer().min(1).max(100).default(20),
    after: keysetCursor(['date', 'uuid']),
  })
  .noUnknown();

/** The query of an identification upload, read before its body (as the gallery's). */
export const watermarkCheckUploadSchema = yup
  .object({ size: yup.number().typeError('validation.integer').required().integer().min(1).max(Number.MAX_SAFE_INTEGER) })
  .noUnknown();
