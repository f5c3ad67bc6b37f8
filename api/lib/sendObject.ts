import type { Context } from 'koa';
import { contentDisposition, type ByteRange, type Disposition, type ObjectStore } from '../../storage';
import type { DownloadConfig } from '../../storage/appStore';
import { HttpError, notFound } from '../errors';

/**
 * The one Range form browsers and players send for a file: `bytes=start-[end]` or a suffix
 * `bytes=-n`. Anything else is ignored (the whole object is sent), as HTTP allows.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | undefined {
  const m = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  if (m[1] === '') {
    const n = Number(m[2]);
    if (n === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

export interface SendOptions {
  /** The type the upload check found (never the client's word). */
  mime: string;
  /** Offered to the browser as the file's name (UTF-8 kept). */
  fileName?: string;
  /** inline (shown in the page) by default; attachment asks the browser to save it. */
  disposition?: Disposition;
  /** Cache-Control of a streamed answer; private by default. */
  cache?: string;
}

/**
 * Hands out a stored object the caller has been allowed to read (the route checks who may): streamed
 * through the API (streamObject) — or, when downloads redirect, 302 to a short-lived signed address
 * of the store carrying the same type and name. 404 when the store has no such object.
 */
export async function sendObject(ctx: Context, files: { store: ObjectStore; downloads: DownloadConfig }, key: string, o: SendOptions): Promise<void> {
  const { store, downloads } = files;
  if (!downloads.redirect) return streamObject(ctx, store, key, o);
  // Checked here so a missing file is this answer's 404, not a broken address handed to the browser.
  if (!(await store.head(key))) throw notFound();
  const url = await store.signedUrl(key, { expiresInSeconds: downloads.ttlSeconds, downloadName: o.fileName, contentType: o.mime, disposition: o.disposition });
  // A cached redirect would outlive its signature.
  ctx.set('Cache-Control', 'no-store');
  ctx.redirect(url);
}

/**
 * Streams a stored object through the API, honouring a Range request (206 with Content-Range; 416
 * past the end), with the given type and nosniff. Also the answer of a disk-signed address (/api/files).
 */
export async function streamObject(ctx: Context, store: ObjectStore, key: string, o: SendOptions): Promise<void> {
  const info = await store.head(key);
  if (!info) throw notFound();
  const disposition = contentDisposition(o.disposition, o.fileName);
  if (disposition) ctx.set('Content-Disposition', disposition);
  ctx.set('Cache-Control', o.cache ?? 'private, max-age=3600');
  ctx.set('Accept-Ranges', 'bytes');
  ctx.set('X-Content-Type-Options', 'nosniff');
  const range = parseRange(ctx.get('Range') || undefined, info.size);
  if (range === 'unsatisfiable') {
    ctx.set('Content-Range', `bytes */${info.size}`);
    throw new HttpError(416, 'rangeNotSatisfiable', 'http.rangeNotSatisfiable');
  }
  const object = await store.get(key, range);
  if (!object) throw notFound();
  ctx.type = o.mime;
  if (object.range) {
    ctx.status = 206;
    ctx.set('Content-Range', `bytes ${object.range.start}-${object.range.end}/${object.size}`);
    ctx.length = object.range.end - object.range.start + 1;
  } else ctx.length = object.size;
  ctx.body = object.body;
}
