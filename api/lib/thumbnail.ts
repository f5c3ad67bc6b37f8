import sharp from 'sharp';
import { Readable } from 'node:stream';
import { THUMBNAIL_SIZE } from '../../domain/gallery';
import type { ObjectStore } from '../../storage';
import { withLocalCopy } from '../../storage/localCopy';
import { probeVideo, videoFrame, VideoUnreadable, type VideoFacts } from '../../watermark/video';
import { isVideoMime } from '../../domain/watermark';

/** The picture does not decode (sharp refused it): the caller's input, not our failure. */
export class Undecodable extends Error {}

/**
 * Stores a small WebP of the stored picture `sourceKey` under `key`: the original streams from the
 * store into sharp (never read whole into a buffer first), turned upright by its EXIF orientation,
 * shrunk to fit THUMBNAIL_SIZE. A grid of them costs a few kilobytes each instead of the originals.
 * A video (by `mime`) is copied to a temporary file for ffmpeg, which needs to seek in it.
 */
export async function putThumbnail(store: ObjectStore, sourceKey: string, key: string, mime: string): Promise<void> {
  if (isVideoMime(mime)) {
    return withLocalCopy(store, sourceKey, async (file) => {
      const facts = await probeVideo(file);
      if (!facts?.hasVideo) throw new Undecodable('video does not decode');
      await putVideoThumbnail(store, file, key, facts);
    });
  }
  const object = await store.get(sourceKey);
  if (!object) throw new Error(`stored picture ${sourceKey} is missing`);
  const image = sharp().rotate().resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 70 });
  let readFailed: Error | undefined;
  object.body.on('error', (err) => {
    readFailed = err;
    image.destroy(err);
  });
  object.body.pipe(image);
  let webp: Buffer;
  try {
    webp = await image.toBuffer();
  } catch (err) {
    if (readFailed) throw readFailed;
    throw new Undecodable('picture does not decode', { cause: err });
  }
  await store.put(key, Readable.from([webp]), { contentType: 'image/webp', maxBytes: webp.length });
}

/**
 * A video's thumbnail: its frame a second in (the first is often black), or from the middle of a
 * shorter one, shrunk as a picture's. Undecodable when ffmpeg finds no frame to decode there.
 */
export async function putVideoThumbnail(store: ObjectStore, file: string, key: string, facts: VideoFacts): Promise<void> {
  let frame: Buffer;
  try {
    frame = await videoFrame(file, Math.min(1, facts.durationS / 2));
  } catch (err) {
    if (err instanceof VideoUnreadable) throw new Undecodable('video does not decode', { cause: err });
    throw err;
  }
  const webp = await sharp(frame).resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 70 }).toBuffer();
  await store.put(key, Readable.from([webp]), { contentType: 'image/webp', maxBytes: webp.length });
}
