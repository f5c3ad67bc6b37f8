import { bodyParser } from '@koa/bodyparser';
import type { Middleware } from 'koa';
import { HttpError } from '../errors';

const tooLarge = (bytes: number) => new HttpError(413, 'payloadTooLarge', 'http.bodyTooLarge', { max: `${Math.round(bytes / 1024)} KB` });

/**
 * A tighter body limit for the paths matching `path` than the app-wide one: their bodies (JSON or
 * form) are parsed here, up to `bytes`, so the app's parser leaves them alone. Bigger bodies are
 * refused with 413 before they are read when Content-Length says so, else once the limit is passed.
 */
export function bodyLimit(path: RegExp, bytes: number): Middleware {
  const parse = bodyParser({
    enableTypes: ['json', 'form'],
    jsonLimit: bytes,
    formLimit: bytes,
    onError: (err) => {
      throw (err as { status?: number }).status === 413 ? tooLarge(bytes) : err;
    },
  });
  return async (ctx, next) => {
    if (!path.test(ctx.path)) return next();
    if (Number(ctx.get('content-length')) > bytes) throw tooLarge(bytes);
    return parse(ctx, next);
  };
}
