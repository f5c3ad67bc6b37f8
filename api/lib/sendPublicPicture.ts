import type { Context } from 'koa';
import { createReadStream } from 'node:fs';
import path from 'node:path';

/**
 * Streams a stored picture of a public page (a catalogue IP's, a listed law firm's) to anyone. The
 * cache is short so a picture whose IP is taken down or whose firm is suspended stops being served
 * within a minute; nosniff keeps a browser to the type the upload check found.
 */
export function sendPublicPicture(ctx: Context, uploadDir: string, file: { mime: string; storage_key: string }): void {
  ctx.type = file.mime;
  ctx.set('Cache-Control', 'public, max-age=60');
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.body = createReadStream(path.join(uploadDir, file.storage_key));
}
