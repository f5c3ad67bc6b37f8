import type { Middleware } from 'koa';
import { HttpError } from '../errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request forgery: a page elsewhere can make the browser send a form or a bodiless POST
 * with the session cookie. Unsafe methods are refused (403) when the browser says the request comes
 * from another site — `Sec-Fetch-Site: cross-site`, or an `Origin` that is neither this site's
 * public origin (PUBLIC_BASE_URL) nor the origin the request was sent to. Requests with neither
 * header (server-to-server callers such as payment providers' notifications, scripts, tests) carry no
 * browser cookie to abuse and pass; signed notifications need no exemption.
 */
export function csrf(env: NodeJS.ProcessEnv = process.env): Middleware {
  const publicOrigin = env.PUBLIC_BASE_URL ? new URL(env.PUBLIC_BASE_URL).origin : undefined;
  return async (ctx, next) => {
    if (!SAFE_METHODS.has(ctx.method)) {
      const site = ctx.get('sec-fetch-site');
      const origin = ctx.get('origin');
      const sameSite = site === 'same-origin' || site === 'same-site' || site === 'none';
      // (Koa 3's ctx.origin is the Origin header itself: the request's own origin is built here.)
      const foreignOrigin = origin !== '' && origin !== publicOrigin && origin !== `${ctx.protocol}://${ctx.host}`;
      if (site === 'cross-site' || (foreignOrigin && !sameSite)) throw new HttpError(403, 'crossSite', 'http.crossSite');
    }
    await next();
  };
}
