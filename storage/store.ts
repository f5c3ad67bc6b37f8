import type { Readable } from 'node:stream';

/**
 * One interface for every file the platform keeps (uploads, certificates, later watermarked copies
 * and evidence): local disk by default, S3-compatible object storage when configured
 * (storage/index.ts openStore). Keys are opaque paths chosen by the platform, never a user's file
 * name; the content type and the original name (UTF-8 intact) travel as metadata.
 */
export interface ObjectInfo {
  key: string;
  size: number;
  contentType: string;
  /** The name the user uploaded the file under, if any. */
  originalName: string | null;
  lastModified: Date;
}

export interface PutOptions {
  contentType: string;
  originalName?: string;
  /** The stream is cut off past this many bytes: ObjectTooLarge, and nothing is stored. */
  maxBytes: number;
}

/** What put stored, with the SHA-256 of the bytes as they streamed through (hex). */
export interface PutResult extends ObjectInfo {
  sha256: string;
}

/** Bytes `start` to `end`, both inclusive (HTTP's Range); `end` omitted means to the last byte. */
export interface ByteRange {
  start: number;
  end?: number;
}

export interface ObjectStream extends ObjectInfo {
  body: Readable;
  /** The bytes returned when a range was asked for (inclusive). */
  range?: { start: number; end: number };
}

export type Disposition = 'inline' | 'attachment';

export interface SignedUrlOptions {
  expiresInSeconds: number;
  /** Offered as the download's file name (Content-Disposition). */
  downloadName?: string;
  /** The type the download is answered with (the upload check's, not whatever the object was stored as). */
  contentType?: string;
  /** inline by default, as when the API streams the file itself. */
  disposition?: Disposition;
}

export interface ObjectStore {
  readonly kind: 'disk' | 's3';
  /** Where its signed addresses point: pages must allow pictures from there when downloads redirect. */
  readonly origin: string;
  /** Streams `body` in (never whole in memory); a body over `maxBytes` or a failed stream leaves no object. */
  put(key: string, body: Readable, options: PutOptions): Promise<PutResult>;
  /** The object as a stream, optionally a byte range of it; null when there is none (or the range starts past its end). */
  get(key: string, range?: ByteRange): Promise<ObjectStream | null>;
  head(key: string): Promise<ObjectInfo | null>;
  /** Idempotent: deleting a missing object is not an error (a retried activity may delete twice). */
  delete(key: string): Promise<void>;
  /** Every object whose key starts with `prefix`, in key order. */
  list(prefix: string): AsyncIterable<ObjectInfo>;
  /** A time-limited download address for the object. */
  signedUrl(key: string, options: SignedUrlOptions): Promise<string>;
}

/**
 * The Content-Disposition of a download: a UTF-8 name as RFC 6266's filename* (the characters
 * encodeURIComponent leaves but RFC 5987 does not allow are escaped too), or none without either part.
 */
export function contentDisposition(disposition: Disposition | undefined, fileName: string | undefined): string | undefined {
  if (fileName === undefined) return disposition;
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${disposition ?? 'inline'}; filename*=UTF-8''${encoded}`;
}

export class ObjectTooLarge extends Error {
  constructor(readonly maxBytes: number) {
    super(`object larger than ${maxBytes} bytes`);
  }
}

/** Keys are ours: path segments of letters, digits, '-', '_' and '.', no empty, '.' or '..' segment. */
const KEY = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;
export function assertKey(key: string): void {
  if (key.length > 512 || !KEY.test(key) || key.split('/').some((s) => s === '.' || s === '..')) throw new RangeError(`not a storage key: ${JSON.stringify(key)}`);
}
export function assertPrefix(prefix: string): void {
  if (prefix !== '' && (prefix.length > 512 || !/^[A-Za-z0-9._/-]+$/.test(prefix) || prefix.split('/').some((s) => s === '..'))) throw new RangeError(`not a storage prefix: ${JSON.stringify(prefix)}`);
}
