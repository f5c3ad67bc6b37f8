import Router from '@koa/router';
import type { Context } from 'koa';
import { verifyDiskSignature } from '../../storage/disk';
import { storageSigningSecret } from '../../storage/appStore';
import type { Disposition } from '../../storage';
import type { ApiDeps } from '../deps';
import { forbidden, notFound } from '../errors';
import { streamObject } from '../lib/sendObject';
import { anyone } from '../middleware/auth';

/** One value of a query parameter, or undefined: a repeated parameter (an array) is no value. */
const one = (ctx: Context, name: string) => {
  const v = ctx.query[name];
  return typeof v === 'string' ? v : undefined;
};

/**
 * The disk store's signed download addresses (storage/disk.ts signedUrl), handed out by sendObject
 * when downloads redirect. No session: the route that redirected here checked who may read, and the
 * signature (key, expiry, type, name and disposition) is that permission — an expired, altered or
 * missing one is a 403. With S3 storage the signed addresses point at the S3 server, so none lead here.
 */
export function fileRoutes({ store }: ApiDeps): Router {
  return new Router().get('/api/files/*key', anyone, async (ctx) => {
    if (store.kind !== 'disk') throw notFound();
    const key = String(ctx.params.key);
    const [expires, sig, name, type, disposition] = ['expires', 'sig', 'name', 'type', 'disposition'].map((p) => one(ctx, p));
    const genuine = expires !== undefined && sig !== undefined && verifyDiskSignature(storageSigningSecret(), { key, expires, sig, name, type, disposition });
    if (!genuine) throw forbidden('http.downloadLinkInvalid', 'downloadLinkInvalid');
    // A browser may keep what it fetched until the address expires, not longer.
    const maxAge = Math.max(0, Number(expires) - Math.floor(Date.now() / 1000));
    await streamObject(ctx, store, key, { mime: type || 'application/octet-stream', fileName: name, disposition: disposition as Disposition | undefined, cache: `private, max-age=${maxAge}` });
  });
}
