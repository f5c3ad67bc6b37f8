import { readFile } from 'node:fs/promises';
import type { WatermarkMedia } from '../../domain/watermark';
import { serveTasks } from '../../lib/threadPool';
import { payloadBigInt, readWatermark } from '../../watermark';
import { readVideo } from '../../watermark/video';

/**
 * One reader thread of api/lib/watermarkReader: reads the mark of the picture file named in each
 * task and answers it (a bigint, or null when the picture carries none); a picture whose pixels
 * cannot be decoded fails the task. A video clip's frames are averaged and read the same way.
 */
serveTasks(async ({ file, media }: { file: string; media: WatermarkMedia }) => {
  const found = media === 'video' ? await readVideo(file) : await readWatermark(await readFile(file));
  return { out: found ? payloadBigInt(found.payload) : null };
});
