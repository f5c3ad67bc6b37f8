import type multer from '@koa/multer';
import { randomUUID } from 'node:crypto';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { ObjectTooLarge, type ObjectStore } from '../../storage';

/** What the engine adds to multer's file: where the upload went, its size and its first bytes. */
export interface StoredUpload {
  key: string;
  size: number;
  head: Buffer;
}

/** The store failed (not the request's body): the caller answers it as its own error. */
export class StoreFailed extends Error {
  constructor(cause: unknown) {
    super('the upload could not be stored', { cause });
  }
}

/**
 * Holds the body back until its first `bytes` are in (or it ended): the object's content type is
 * known from them before the store receives anything.
 */
class HeadCapture extends Transform {
  readonly head: Promise<Buffer>;
  private chunks: Buffer[] | null = [];
  private held = 0;
  private resolveHead!: (head: Buffer) => void;

  constructor(private readonly bytes: number) {
    super();
    this.head = new Promise((resolve, reject) => {
      this.resolveHead = resolve;
      this.once('error', reject);
    });
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    if (!this.chunks) return done(null, chunk);
    this.chunks.push(chunk);
    this.held += chunk.length;
    if (this.held >= this.bytes) this.release();
    done();
  }

  override _flush(done: TransformCallback): void {
    if (this.chunks) this.release();
    done();
  }

  private release(): void {
    const held = Buffer.concat(this.chunks!);
    this.chunks = null;
    this.resolveHead(held.subarray(0, this.bytes));
    this.push(held);
  }
}

/**
 * A multer storage engine that streams each file straight into the store under a fresh opaque key
 * (never the user's name, which travels as metadata), through the store's size limit: nothing is
 * spooled and the body is never whole in memory. A body that fails or is too large leaves no object;
 * multer removes stored files of a request it aborts, and the route removes one it refuses.
 */
export function storeEngine(o: { store: ObjectStore; maxBytes: number; headBytes: number; contentType: (head: Buffer) => Promise<string> }): multer.StorageEngine {
  return {
    _handleFile(_req, file, callback) {
      const body = (file as unknown as { stream: Readable }).stream;
      const capture = new HeadCapture(o.headBytes);
      let bodyError: Error | undefined;
      body.on('error', (err) => {
        bodyError = err;
        capture.destroy(err);
      });
      body.pipe(capture);
      const store = async (): Promise<StoredUpload> => {
        const key = randomUUID();
        const head = await capture.head;
        const contentType = await o.contentType(head);
        // A body that failed meanwhile would give the store a stream that never ends.
        if (capture.destroyed) throw bodyError ?? new Error('upload body closed');
        const put = await o.store.put(key, capture, { maxBytes: o.maxBytes, contentType, originalName: file.originalname });
        return { key, size: put.size, head };
      };
      store().then(
        (stored) => callback(null, stored as unknown as multer.File),
        (err) => callback(bodyError ?? (err instanceof ObjectTooLarge ? err : new StoreFailed(err))),
      );
    },
    _removeFile(_req, file, callback) {
      const { key } = file as unknown as StoredUpload;
      // multer takes null for success (@types/koa__multer asks for an Error).
      o.store.delete(key).then(() => callback(null as unknown as Error), callback);
    },
  };
}
