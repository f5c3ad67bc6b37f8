import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { WatermarkMedia } from '../../domain/watermark';

/** The picture's pixels cannot be decoded (a damaged or truncated file): the caller's input, not our failure. */
export class UndecodablePicture extends Error {}

/** So many pictures wait already that this one would wait minutes: refused at once, to be sent again later. */
export class ReadersBusy extends Error {}

/**
 * Reading a watermark is up to a second or more of pure computation (decoding, then the codec's
 * search for its grid over the whole picture). On the API's event loop that would stall every other
 * request meanwhile, so pictures are read on worker threads: at most READERS at once, the rest
 * queued in order. Threads start when first needed, are kept for the next picture, do not keep the
 * process alive, and one that dies is replaced (its picture's request fails, nothing else).
 */
const READERS = Math.max(1, Math.min(2, os.availableParallelism() - 1));
/** Pictures that may wait for a reader (each holds its temporary file meanwhile); beyond them ReadersBusy. */
export const MAX_WAITING = 16;

/** The API runs TypeScript through tsx (`node --import tsx`); a thread registers it before loading its script. */
const BOOTSTRAP = `require('tsx/cjs'); require(${JSON.stringify(path.join(__dirname, 'watermarkReaderThread.ts'))});`;

interface Job {
  id: number;
  file: string;
  media: WatermarkMedia;
  resolve: (mark: bigint | null) => void;
  reject: (err: Error) => void;
}

interface Reader {
  worker: Worker;
  job: Job | null;
}

const readers: Reader[] = [];
const queue: Job[] = [];
let nextId = 0;

function startReader(): Reader {
  const reader: Reader = { worker: new Worker(BOOTSTRAP, { eval: true }), job: null };
  reader.worker.unref();
  reader.worker.on('message', (m: { id: number; mark?: bigint | null; undecodable?: true }) => {
    const job = reader.job;
    if (!job || job.id !== m.id) return;
    reader.job = null;
    if (m.undecodable) job.reject(new UndecodablePicture('picture does not decode'));
    else job.resolve(m.mark ?? null);
    dispatch();
  });
  const lost = (err: Error) => {
    readers.splice(readers.indexOf(reader), 1);
    reader.job?.reject(err);
    reader.job = null;
    dispatch();
  };
  reader.worker.on('error', lost);
  reader.worker.on('exit', (code) => readers.includes(reader) && lost(new Error(`watermark reader thread exited (${code})`)));
  readers.push(reader);
  return reader;
}

function dispatch(): void {
  while (queue.length) {
    const reader = readers.find((r) => !r.job) ?? (readers.length < READERS ? startReader() : undefined);
    if (!reader) return;
    const job = queue.shift()!;
    reader.job = job;
    reader.worker.postMessage({ id: job.id, file: job.file, media: job.media });
  }
}

/**
 * The mark the picture (or the video clip, `media`) at `file` carries (null: none the codec can be
 * sure of), read on a reader thread; a video's frames are averaged there too (watermark/video.ts).
 */
export function readWatermarkFile(file: string, media: WatermarkMedia = 'image'): Promise<bigint | null> {
  if (queue.length >= MAX_WAITING) return Promise.reject(new ReadersBusy('every watermark reader is busy'));
  return new Promise((resolve, reject) => {
    queue.push({ id: nextId++, file, media, resolve, reject });
    dispatch();
  });
}
