import type { Middleware } from 'koa';
import compress from 'koa-compress';
import { constants } from 'node:zlib';

const compressor = compress({ threshold: 1024, br: { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } } });

/**
 * gzip or brotli, as the client asks, for every compressible answer of at least 1 KB (the UI's
 * scripts and styles, JSON, HTML). Server-sent event streams are left alone: a compressor holds
 * bytes back until its buffer fills, so an event would reach the browser late or never.
 */
export const compression: Middleware = (ctx, next) =>
  compressor(ctx, async () => {
    await next();
    if (ctx.response.is('text/event-stream')) ctx.compress = false;
  });
