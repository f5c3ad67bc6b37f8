import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { ObjectStore } from './store';

/** A folder of its own under the system's temporary folder for `fn`, removed with everything in it afterwards. */
export async function inTempDir<T>(fn: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(tmpdir(), 'ipci-'));
  try {
    return await fn(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * `fn` with the stored object `key` as a file on this machine, streamed there (never whole in
 * memory) and removed afterwards: for tools that need a file to seek in, as ffmpeg does in an MP4
 * whose index comes last. Rejects when the object is missing.
 */
export function withLocalCopy<T>(store: ObjectStore, key: string, fn: (file: string) => Promise<T>): Promise<T> {
  return inTempDir(async (dir) => {
    const object = await store.get(key);
    if (!object) throw new Error(`stored object ${key} is missing`);
    const file = path.join(dir, 'object');
    await pipeline(object.body, createWriteStream(file));
    return fn(file);
  });
}
