import os from 'node:os';
import path from 'node:path';
import type { WatermarkMedia } from '../../domain/watermark';
import { TaskFailed, threadPool } from '../../lib/threadPool';

/** The picture's pixels cannot be decoded (a damaged or truncated file): the caller's input, not our failure. */
export class UndecodablePicture extends Error {}

/** So many pictures wait already that this one would wait minutes: refused at once, to be sent again later. */
export class ReadersBusy extends Error {}

/**
 * Reading a watermark is up to a second or more of pure computation (decoding, then the codec's
 * search for its grid over the whole picture). On the API's event loop that would stall every other
 * request meanwhile, so pictures are read on worker threads: at most READERS at once, the rest
 * queued in order (lib/threadPool.ts).
 */
const READERS = Math.max(1, Math.min(2, os.availableParallelism() - 1));
/** Pictures that may wait for a reader (each holds its temporary file meanwhile); beyond them ReadersBusy. */
export const MAX_WAITING = 16;

const readers = threadPool<{ file: string; media: WatermarkMedia }, bigint | null>({
  script: path.join(__dirname, 'watermarkReaderThread.ts'),
  size: READERS,
  maxWaiting: MAX_WAITING,
  busy: () => new ReadersBusy('every watermark reader is busy'),
});

/**
 * The mark the picture (or the video clip, `media`) at `file` carries (null: none the codec can be
 * sure of), read on a reader thread; a video's frames are averaged there too (watermark/video.ts).
 */
export async function readWatermarkFile(file: string, media: WatermarkMedia = 'image'): Promise<bigint | null> {
  try {
    return await readers.run({ file, media });
  } catch (err) {
    throw err instanceof TaskFailed ? new UndecodablePicture('picture does not decode') : err;
  }
}
