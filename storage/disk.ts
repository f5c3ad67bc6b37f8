import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, opendir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { SizeLimit } from './limit';
import { assertKey, assertPrefix, type ByteRange, type ObjectInfo, type ObjectStore, type ObjectStream, type PutOptions, type PutResult, type SignedUrlOptions } from './store';

export interface DiskStoreOptions {
  root: string;
  /** Signed download addresses point at the API (`${publicBase}/api/files/<key>?expires=…&sig=…`). */
  publicBase: string;
  /** HMAC key of those addresses. */
  signingSecret: string;
}

interface Meta {
  contentType: string;
  originalName: string | null;
}

/**
 * Files on local disk (the default): an object is the file `<root>/<key>` — so the uploads an
 * installation already has are objects under their storage key —, its metadata `<root>/.meta/<key>.json`.
 * A put streams into `<root>/.tmp` and is renamed into place only once complete and within its limit.
 */
export function diskStore(o: DiskStoreOptions): ObjectStore {
  const file = (key: string) => path.join(o.root, key);
  const metaFile = (key: string) => path.join(o.root, '.meta', `${key}.json`);

  const info = async (key: string): Promise<ObjectInfo | null> => {
    const [s, meta] = await Promise.all([stat(file(key)).catch(() => null), readMeta(key)]);
    if (!s?.isFile()) return null;
    return { key, size: s.size, contentType: meta.contentType, originalName: meta.originalName, lastModified: s.mtime };
  };
  const readMeta = async (key: string): Promise<Meta> => {
    try {
      return JSON.parse(await readFile(metaFile(key), 'utf8')) as Meta;
    } catch {
      // Files written before the store existed have no metadata; the database row still knows it.
      return { contentType: 'application/octet-stream', originalName: null };
    }
  };

  return {
    kind: 'disk',
    origin: new URL(o.publicBase).origin,

    async put(key: string, body: Readable, options: PutOptions): Promise<PutResult> {
      assertKey(key);
      const tmp = path.join(o.root, '.tmp', randomUUID());
      await mkdir(path.dirname(tmp), { recursive: true });
      const limit = new SizeLimit(options.maxBytes);
      try {
        await pipeline(body, limit, createWriteStream(tmp));
        await mkdir(path.dirname(file(key)), { recursive: true });
        await mkdir(path.dirname(metaFile(key)), { recursive: true });
        const meta: Meta = { contentType: options.contentType, originalName: options.originalName ?? null };
        await writeFile(metaFile(key), JSON.stringify(meta));
        await rename(tmp, file(key));
      } finally {
        await rm(tmp, { force: true });
      }
      return { ...(await info(key))!, sha256: limit.sha256() };
    },

    async get(key: string, range?: ByteRange): Promise<ObjectStream | null> {
      assertKey(key);
      const found = await info(key);
      if (!found) return null;
      if (!range) return { ...found, body: createReadStream(file(key)) };
      if (range.start >= found.size) return null;
      const end = Math.min(range.end ?? found.size - 1, found.size - 1);
      return { ...found, body: createReadStream(file(key), { start: range.start, end }), range: { start: range.start, end } };
    },

    head(key: string) {
      assertKey(key);
      return info(key);
    },

    async delete(key: string): Promise<void> {
      assertKey(key);
      await rm(file(key), { force: true });
      await rm(metaFile(key), { force: true });
    },

    async *list(prefix: string): AsyncIterable<ObjectInfo> {
      assertPrefix(prefix);
      for await (const key of walk(o.root, '', prefix)) {
        // Gone since the walk saw it (deleted meanwhile): not an object any more.
        const found = await info(key);
        if (found) yield found;
      }
    },

    async signedUrl(key: string, options: SignedUrlOptions): Promise<string> {
      assertKey(key);
      const expires = Math.floor(Date.now() / 1000) + options.expiresInSeconds;
      const fields: SignedFields = { name: options.downloadName, type: options.contentType, disposition: options.disposition };
      const query = new URLSearchParams({ expires: String(expires) });
      for (const [field, value] of Object.entries(fields)) if (value) query.set(field, value);
      query.set('sig', diskSignature(o.signingSecret, key, expires, fields));
      return `${o.publicBase}/api/files/${key.split('/').map(encodeURIComponent).join('/')}?${query}`;
    },
  };
}

/** What a disk-signed address says about its answer besides the key; the signature covers all of it. */
interface SignedFields {
  name?: string;
  type?: string;
  disposition?: string;
}

function diskSignature(secret: string, key: string, expires: number, f: SignedFields): string {
  // A JSON array, so no name can move text into the field after it.
  return createHmac('sha256', secret)
    .update(JSON.stringify([key, expires, f.name ?? '', f.type ?? '', f.disposition ?? '']))
    .digest('base64url');
}

/** Whether a disk store's signed address is genuine and not expired (the API's /api/files route checks it). */
export function verifyDiskSignature(secret: string, a: SignedFields & { key: string; expires: string; sig: string }, now = Date.now()): boolean {
  const expires = Number(a.expires);
  if (!Number.isInteger(expires) || expires * 1000 <= now) return false;
  const want = Buffer.from(diskSignature(secret, a.key, expires, a));
  const got = Buffer.from(a.sig);
  return want.length === got.length && timingSafeEqual(want, got);
}

/**
 * The keys under `dir` (`rel` from the root) that start with `prefix`, in key order, yielded while
 * walking — an installation may hold millions — and only one directory's names held at a time (its
 * order needs them all). A directory sorts as `name/`, where its keys begin: `a-b` comes before
 * `a/c`. Names that cannot be keys (the store's own `.meta` and `.tmp`, anything assertKey refuses)
 * are not objects; directories whose keys cannot start with `prefix` are not entered.
 */
async function* walk(dir: string, rel: string, prefix: string): AsyncGenerator<string> {
  const names: string[] = [];
  const opened = await opendir(dir).catch(() => null);
  if (!opened) return;
  for await (const e of opened) {
    if (!isKey(e.name)) continue;
    if (e.isDirectory()) names.push(`${e.name}/`);
    else if (e.isFile()) names.push(e.name);
  }
  names.sort();
  for (const name of names) {
    const key = rel + name;
    if (name.endsWith('/')) {
      if (key.startsWith(prefix) || prefix.startsWith(key)) yield* walk(path.join(dir, name), key, prefix);
    } else if (key.startsWith(prefix) && isKey(key)) yield key;
  }
}

function isKey(key: string): boolean {
  try {
    assertKey(key);
    return true;
  } catch {
    return false;
  }
}
