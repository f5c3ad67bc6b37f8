import type { Readable } from 'node:stream';
import type { ObjectStore } from '../../storage';

/**
 * A stored upload as the content checks read it: the head captured while the body streamed in
 * serves most reads, the rest are ranged reads of the store — a file of any size on disk or in S3 is
 * read only where a check looks, never whole unless a decoder needs all of it.
 */
export interface StoredBytes {
  size: number;
  /** The first bytes (all of them for a small file). */
  head: Buffer;
  /** `length` bytes at `position`, fewer past the end. The result may share memory with a cache: read it, do not change it. */
  readAt(position: number, length: number): Promise<Buffer>;
  /** The whole object, for a decoder (sharp) that takes nothing less. */
  readAll(): Promise<Buffer>;
}

/**
 * What one ranged read past the head fetches at least: the next reads usually fall close by (a zip's
 * entry headers, a bitmap's sampled rows), and on S3 a request costs far more than its bytes.
 */
const WINDOW = 64 * 1024;

export function storedBytes(store: ObjectStore, key: string, size: number, head: Buffer): StoredBytes {
  const fetch = async (start: number, end: number): Promise<Buffer> => {
    const object = await store.get(key, { start, end: end - 1 });
    // The object was stored moments ago by this request; its absence is the store's failure.
    if (!object) throw new Error(`stored upload ${key} is missing`);
    return collect(object.body, end - start);
  };
  let window = { at: 0, bytes: head };
  return {
    size,
    head,
    async readAt(position, length) {
      const end = Math.min(size, position + Math.max(0, length));
      if (end <= position) return Buffer.alloc(0);
      for (const w of [{ at: 0, bytes: head }, window]) {
        if (position >= w.at && end <= w.at + w.bytes.length) return w.bytes.subarray(position - w.at, end - w.at);
      }
      window = { at: position, bytes: await fetch(position, Math.min(size, Math.max(end, position + WINDOW))) };
      return window.bytes.subarray(0, end - position);
    },
    readAll: () => (head.length >= size ? Promise.resolve(head) : fetch(0, size)),
  };
}

/** Into one buffer of the expected size (a growing list of chunks would hold the bytes twice when joined). */
async function collect(body: Readable, length: number): Promise<Buffer> {
  const out = Buffer.allocUnsafe(length);
  let at = 0;
  for await (const chunk of body) at += (chunk as Buffer).copy(out, at);
  return out.subarray(0, at);
}
