import { createHash } from 'node:crypto';
import path from 'node:path';
import { pipeline } from 'node:stream';
import type { Knex } from 'knex';
import { appStore, uploadDir } from './appStore';
import { SizeLimit } from './limit';
import type { ObjectInfo, ObjectStore } from './store';

/**
 * Moving an installation's files from the disk store to the one STORAGE_URL names (`npm run
 * storage:copy`, scripts/storageCopy.ts): every object is streamed across, and counts only once the
 * target gives back the same size and SHA-256. A rerun skips what is already there, so the command
 * can be interrupted, repeated, and run a second time to catch files written during the first.
 */

export interface Described {
  contentType: string;
  originalName: string | null;
}

/** The type and name of objects the disk store keeps no metadata for, looked up a batch of keys at a time. */
export type DescribeKeys = (keys: string[]) => Promise<Map<string, Described>>;

export type Outcome = 'copied' | 'replaced' | 'already there' | 'differs' | 'failed' | 'gone';

export interface CopyResult {
  key: string;
  outcome: Outcome;
  /** Bytes written to the target (0 unless copied or replaced). */
  bytes: number;
  /** Why it failed or differs. */
  reason?: string;
}

export interface CopySummary {
  copied: number;
  /** Of those copied, how many overwrote a differing object (`replace`). */
  replaced: number;
  alreadyThere: number;
  /** In the target with other bytes, type or name, and kept as it was. */
  differs: number;
  failed: number;
  /** Deleted from the disk between the listing and the copy (a retention purge, say). */
  gone: number;
  bytes: number;
  seconds: number;
}

export interface CopyOptions {
  source: ObjectStore;
  target: ObjectStore;
  describe?: DescribeKeys;
  /** Objects in flight at once. */
  concurrency?: number;
  /**
   * Overwrite a target object that differs from the source. Off by default: after the switch the
   * platform writes to the target, and a stale disk file must not silently replace a newer object
   * (a certificate generated again under the same key).
   */
  replace?: boolean;
  onObject?: (result: CopyResult, summary: CopySummary) => void;
}

/** Spool files of the upload code before the store (multer's temporary files): not objects. */
const SPOOL = 'incoming/';
const UNKNOWN = 'application/octet-stream';
const LOOKUP_BATCH = 500;

export async function copyObjects(o: CopyOptions): Promise<CopySummary> {
  const started = Date.now();
  const summary: CopySummary = { copied: 0, replaced: 0, alreadyThere: 0, differs: 0, failed: 0, gone: 0, bytes: 0, seconds: 0 };
  const work = described(o.source.list(''), o.describe)[Symbol.asyncIterator]();
  // An async generator queues concurrent next() calls, so the workers share one walk.
  const worker = async () => {
    for (let n = await work.next(); !n.done; n = await work.next()) {
      const [info, meta] = n.value;
      const result = await copyOne(o, info, meta).catch((err: Error): CopyResult => ({ key: info.key, outcome: 'failed', bytes: 0, reason: err.message }));
      tally(summary, result);
      summary.seconds = (Date.now() - started) / 1000;
      o.onObject?.(result, summary);
    }
  };
  await Promise.all(Array.from({ length: o.concurrency ?? 4 }, worker));
  summary.seconds = (Date.now() - started) / 1000;
  return summary;
}

function tally(s: CopySummary, r: CopyResult): void {
  if (r.outcome === 'copied' || r.outcome === 'replaced') s.copied += 1;
  if (r.outcome === 'replaced') s.replaced += 1;
  if (r.outcome === 'already there') s.alreadyThere += 1;
  if (r.outcome === 'differs') s.differs += 1;
  if (r.outcome === 'failed') s.failed += 1;
  if (r.outcome === 'gone') s.gone += 1;
  s.bytes += r.bytes;
}

/** The listing with each object's type and name: its metadata, else its key's kind, else `describe`. */
async function* described(list: AsyncIterable<ObjectInfo>, describe?: DescribeKeys): AsyncGenerator<[ObjectInfo, Described]> {
  let batch: ObjectInfo[] = [];
  const flush = async function* () {
    const unknown = batch.filter((i) => !hasMetadata(i) && !certificate(i.key)).map((i) => i.key);
    const looked = describe && unknown.length ? await describe(unknown) : new Map<string, Described>();
    for (const i of batch) yield [i, hasMetadata(i) ? i : (certificate(i.key) ?? looked.get(i.key) ?? i)] as [ObjectInfo, Described];
    batch = [];
  };
  for await (const info of list) {
    if (info.key.startsWith(SPOOL)) continue;
    batch.push(info);
    if (batch.length >= LOOKUP_BATCH) yield* flush();
  }
  yield* flush();
}

// The disk store reports files written before it existed with the default type and no name.
const hasMetadata = (i: ObjectInfo) => i.contentType !== UNKNOWN || i.originalName !== null;

/** Certificates are generated PDFs under certificates/<ipci id>.pdf (activities/ipciIssuance). */
const certificate = (key: string): Described | null => (/^certificates\/[^/]+\.pdf$/.test(key) ? { contentType: 'application/pdf', originalName: null } : null);

async function copyOne(o: CopyOptions, info: ObjectInfo, meta: Described): Promise<CopyResult> {
  const { key } = info;
  const existing = await o.target.head(key);
  let difference: string | null = null;
  if (existing) {
    if (existing.size !== info.size) difference = `size ${existing.size} where the disk has ${info.size}`;
    else if (existing.contentType !== meta.contentType || existing.originalName !== meta.originalName) difference = 'content type or original name';
    else {
      const [mine, theirs] = await Promise.all([digest(o.source, key), digest(o.target, key)]);
      if (!mine) return { key, outcome: 'gone', bytes: 0 };
      if (theirs && mine.sha256 === theirs.sha256 && mine.bytes === theirs.bytes) return { key, outcome: 'already there', bytes: 0 };
      difference = 'SHA-256';
    }
    if (!o.replace) return { key, outcome: 'differs', bytes: 0, reason: `the target's object differs (${difference}); kept — --replace overwrites it` };
  }

  const src = await o.source.get(key);
  if (!src) return { key, outcome: 'gone', bytes: 0 };
  // Counts and hashes what is read from the disk; a file grown since the listing is refused.
  const read = new SizeLimit(src.size);
  let put;
  try {
    put = await o.target.put(key, pipeline(src.body, read, () => undefined), { contentType: meta.contentType, originalName: meta.originalName ?? undefined, maxBytes: src.size });
  } finally {
    // A put that gave up early must not leave the file open.
    read.destroy();
  }
  const sha256 = read.sha256();
  const back = await digest(o.target, key);
  const problem =
    read.bytes !== src.size ? `read ${read.bytes} bytes of ${src.size}`
    : put.sha256 !== sha256 ? 'the target received other bytes than were read'
    : !back || back.bytes !== read.bytes || back.sha256 !== sha256 ? 'reading the copy back gave other bytes'
    : put.contentType !== meta.contentType || put.originalName !== meta.originalName ? 'the target did not keep the content type or original name'
    : null;
  if (problem) {
    // Nothing that is not a verified copy stays in the target; the next run copies it again.
    await o.target.delete(key);
    return { key, outcome: 'failed', bytes: 0, reason: problem };
  }
  return { key, outcome: existing ? 'replaced' : 'copied', bytes: read.bytes };
}

async function digest(store: ObjectStore, key: string): Promise<{ sha256: string; bytes: number } | null> {
  const found = await store.get(key);
  if (!found) return null;
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of found.body) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { sha256: hash.digest('hex'), bytes };
}

/** Uploads' type and original name from their rows (uploads.storage_key). */
export function describeFromDatabase(k: Knex): DescribeKeys {
  return async (keys) => {
    const rows: { storage_key: string; mime: string; original_name: string }[] = await k('uploads').whereIn('storage_key', keys).select('storage_key', 'mime', 'original_name');
    return new Map(rows.map((r) => [r.storage_key, { contentType: r.mime, originalName: r.original_name }]));
  };
}

/**
 * The disk store under UPLOAD_DIR and the store STORAGE_URL names; refused when STORAGE_URL is unset
 * or is a folder overlapping UPLOAD_DIR (the copy would list its own writes, or be the same files).
 */
export function copyStores(env: NodeJS.ProcessEnv = process.env): { source: ObjectStore; target: ObjectStore; root: string } {
  if (!env.STORAGE_URL) throw new Error('STORAGE_URL is not set: name the store to copy into, e.g. STORAGE_URL=s3://KEY:SECRET@host/bucket');
  const root = path.resolve(uploadDir(env));
  const target = appStore(env);
  const url = new URL(env.STORAGE_URL);
  if (url.protocol === 'file:') {
    const dir = path.resolve(decodeURIComponent(url.pathname));
    const inside = (a: string, b: string) => !path.relative(a, b).startsWith('..') && !path.isAbsolute(path.relative(a, b));
    if (inside(root, dir) || inside(dir, root)) throw new Error(`STORAGE_URL is the disk store itself or overlaps it (${dir} and UPLOAD_DIR ${root}): name another store`);
  }
  return { source: appStore({ ...env, STORAGE_URL: '' }), target, root };
}
