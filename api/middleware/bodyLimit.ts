import { bodyParser } from '@koa/bodyparser';
import type { Middleware } from 'koa';
import { bodyTooLarge } from './errors';

/**
 * A tighter body limit for the paths matching `path` than the app-wide one: their bodies (JSON or
 * form) are parsed here, up to `bytes`, so the app's parser leaves them alone. Bigger bodies are
 * refused with 413 before they are read when Content-Length says so, else once the limit is passed.
 */
export function bodyLimit(path: RegExp, bytes: number): Middleware {
  // A body found too large while it streams is the parser's 413, answered by the errors middleware like this one.
  const parse = bodyParser({ enableTypes: ['json', 'form'], jsonLimit: bytes, formLimit: bytes });
  return async (ctx, next) => {
    if (!path.test(ctx.path)) return next();
    if (Number(ctx.get('content-length')) > bytes) throw bodyTooLarge(bytes);
    return parse(ctx, next);
  };
}
