import { readFile } from 'node:fs/promises';
import { parentPort } from 'node:worker_threads';
import type { WatermarkMedia } from '../../domain/watermark';
import { payloadBigInt, readWatermark } from '../../watermark';
import { readVideo } from '../../watermark/video';

/**
 * One reader thread of api/lib/watermarkReader: reads the mark of the picture file named in each
 * message and answers it (a bigint, or null when the picture carries none), or `undecodable` when
 * the picture's pixels cannot be decoded. A video clip's frames are averaged and read the same way.
 */
parentPort!.on('message', async ({ id, file, media }: { id: number; file: string; media: WatermarkMedia }) => {
  try {
    const found = media === 'video' ? await readVideo(file) : await readWatermark(await readFile(file));
    parentPort!.postMessage({ id, mark: found ? payloadBigInt(found.payload) : null });
  } catch {
    parentPort!.postMessage({ id, undecodable: true });
  }
});
