import sharp from 'sharp';
import { Readable } from 'node:stream';
import { THUMBNAIL_SIZE } from '../../domain/gallery';
import type { ObjectStore } from '../../storage';

/** The picture does not decode (sharp refused it): the caller's input, not our failure. */
export class Undecodable extends Error {}

/**
 * Stores a small WebP of the stored picture `sourceKey` under `key`: the original streams from the
 * store into sharp (never read whole into a buffer first), turned upright by its EXIF orientation,
 * shrunk to fit THUMBNAIL_SIZE. A grid of them costs a few kilobytes each instead of the originals.
 */
export async function putThumbnail(store: ObjectStore, sourceKey: string, key: string): Promise<void> {
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
