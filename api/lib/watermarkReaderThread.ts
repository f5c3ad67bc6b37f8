import { readFile } from 'node:fs/promises';
import { parentPort } from 'node:worker_threads';
import { payloadBigInt, readWatermark } from '../../watermark';

/**
 * One reader thread of api/lib/watermarkReader: reads the mark of the picture file named in each
 * message and answers it (a bigint, or null when the picture carries none), or `undecodable` when
 * the picture's pixels cannot be decoded.
 */
parentPort!.on('message', async ({ id, file }: { id: number; file: string }) => {
  try {
    const found = await readWatermark(await readFile(file));
    parentPort!.postMessage({ id, mark: found ? payloadBigInt(found.payload) : null });
  } catch {
    parentPort!.postMessage({ id, undecodable: true });
  }
});
