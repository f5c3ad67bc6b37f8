import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, NoSuchKey, NotFound, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Readable } from 'node:stream';
import { SizeLimit } from './limit';
import { assertKey, assertPrefix, contentDisposition, type ByteRange, type ObjectInfo, type ObjectStore, type ObjectStream, type PutOptions, type PutResult, type SignedUrlOptions } from './store';

export interface S3StoreOptions {
  /** http(s)://host:port of any S3-compatible server (MinIO, versitygw, Ceph RGW, OSS or COS in S3 mode…). */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /**
   * false: virtual-hosted style (the bucket as the host's first label), which AWS recommends and
   * Alibaba OSS and Tencent COS (buckets since 2024) require; true (default): the bucket in the path.
   */
  pathStyle?: boolean;
}

/** S3 metadata is ASCII: the original (UTF-8) name travels percent-encoded. */
const NAME_META = 'original-name';

/**
 * S3 keeps at most 2 KB of metadata per object and the name travels percent-encoded (up to three
 * characters a byte): past this a name is cut, at a character, so that any file name can be stored.
 * The database row that owns the object keeps the name as sent.
 */
const NAME_METADATA_BYTES = 600;
function metadataName(name: string): string {
  let kept = '';
  let bytes = 0;
  for (const char of name) {
    bytes += Buffer.byteLength(char);
    if (bytes > NAME_METADATA_BYTES) break;
    kept += char;
  }
  return kept;
}

const missing = (err: unknown) => err instanceof NoSuchKey || err instanceof NotFound || (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404);

/**
 * S3-compatible object storage through the AWS SDK v3, path-style by default (one endpoint, the
 * bucket in the path), so any S3-compatible server works. A put streams in parts (lib-storage)
 * through the size limit; a refused or failed put aborts its multipart upload and removes what may
 * have been written.
 */
export function s3Store(o: S3StoreOptions): ObjectStore {
  const pathStyle = o.pathStyle ?? true;
  const endpoint = new URL(o.endpoint);
  const client = new S3Client({
    endpoint: o.endpoint,
    region: o.region,
    forcePathStyle: pathStyle,
    credentials: { accessKeyId: o.accessKeyId, secretAccessKey: o.secretAccessKey },
    // Checksums only where a request needs them: not every S3-compatible server knows the newer headers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = o.bucket;

  const head = async (key: string): Promise<ObjectInfo | null> => {
    try {
      const r = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
      return toInfo(key, r.ContentLength ?? 0, r.ContentType, r.Metadata, r.LastModified);
    } catch (err) {
      if (missing(err)) return null;
      throw err;
    }
  };

  const remove = async (key: string) => {
    await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
  };

  return {
    kind: 's3',
    origin: pathStyle ? endpoint.origin : `${endpoint.protocol}//${Bucket}.${endpoint.host}`,

    async put(key: string, body: Readable, options: PutOptions): Promise<PutResult> {
      assertKey(key);
      const limit = new SizeLimit(options.maxBytes);
      body.on('error', (err) => limit.destroy(err));
      const upload = new Upload({
        client,
        params: {
          Bucket,
          Key: key,
          Body: body.pipe(limit),
          ContentType: options.contentType,
          Metadata: options.originalName ? { [NAME_META]: encodeURIComponent(metadataName(options.originalName)) } : undefined,
        },
        leavePartsOnError: false,
        // Parts in flight are held in memory (5 MiB each, copied as they are cut): two keep an API
        // streaming a large upload well under 100 MB while the server still gets them back to back.
        queueSize: 2,
      });
      try {
        await upload.done();
      } catch (err) {
        // A single-part upload may have completed before the stream failed: nothing of it may stay.
        await remove(key).catch(() => undefined);
        throw err instanceof Error && limit.errored ? limit.errored : err;
      }
      return { ...(await head(key))!, sha256: limit.sha256() };
    },

    async get(key: string, range?: ByteRange): Promise<ObjectStream | null> {
      assertKey(key);
      try {
        const r = await client.send(new GetObjectCommand({ Bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end ?? ''}` : undefined }));
        const total = range ? Number(/\/(\d+)$/.exec(r.ContentRange ?? '')?.[1] ?? r.ContentLength ?? 0) : (r.ContentLength ?? 0);
        const info = toInfo(key, total, r.ContentType, r.Metadata, r.LastModified);
        const body = r.Body as Readable;
        if (!range) return { ...info, body };
        const [, start, end] = /bytes (\d+)-(\d+)/.exec(r.ContentRange ?? '') ?? [];
        return { ...info, body, range: { start: Number(start), end: Number(end) } };
      } catch (err) {
        // 416: the range starts past the end, like a missing object for the caller.
        if (missing(err) || (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 416)) return null;
        throw err;
      }
    },

    head(key: string) {
      assertKey(key);
      return head(key);
    },

    async delete(key: string): Promise<void> {
      assertKey(key);
      await remove(key);
    },

    async *list(prefix: string): AsyncIterable<ObjectInfo> {
      assertPrefix(prefix);
      let token: string | undefined;
      do {
        const r = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix || undefined, ContinuationToken: token }));
        for (const item of r.Contents ?? []) {
          // The listing carries no metadata; the caller heads an object when it needs its type or name.
          if (item.Key) yield { key: item.Key, size: item.Size ?? 0, contentType: 'application/octet-stream', originalName: null, lastModified: item.LastModified ?? new Date(0) };
        }
        token = r.IsTruncated ? r.NextContinuationToken : undefined;
      } while (token);
    },

    async signedUrl(key: string, options: SignedUrlOptions): Promise<string> {
      assertKey(key);
      // The server answers with these headers, and they are part of what the signature covers.
      const command = new GetObjectCommand({
        Bucket,
        Key: key,
        ResponseContentType: options.contentType,
        ResponseContentDisposition: contentDisposition(options.disposition, options.downloadName),
      });
      return getSignedUrl(client, command, { expiresIn: options.expiresInSeconds });
    },
  };
}

function toInfo(key: string, size: number, contentType: string | undefined, meta: Record<string, string> | undefined, lastModified: Date | undefined): ObjectInfo {
  const name = meta?.[NAME_META];
  let originalName: string | null = null;
  if (name) {
    try {
      originalName = decodeURIComponent(name);
    } catch {
      originalName = name;
    }
  }
  return { key, size, contentType: contentType ?? 'application/octet-stream', originalName, lastModified: lastModified ?? new Date(0) };
}
