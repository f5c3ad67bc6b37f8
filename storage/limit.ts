import { createHash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { ObjectTooLarge } from './store';

/**
 * Passes bytes through while counting and hashing them; errors with ObjectTooLarge as soon as more
 * than `maxBytes` went by, so a stream that is too large is never read to its end.
 */
export class SizeLimit extends Transform {
  bytes = 0;
  private readonly hash = createHash('sha256');

  constructor(private readonly maxBytes: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) return done(new ObjectTooLarge(this.maxBytes));
    this.hash.update(chunk);
    done(null, chunk);
  }

  sha256(): string {
    return this.hash.digest('hex');
  }
}
