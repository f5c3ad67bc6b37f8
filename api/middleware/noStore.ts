import type { Middleware } from 'koa';

/**
 * API answers depend on the session (whose profile, whose orders): no browser or shared cache may
 * keep them. Set before the route runs, so the few public, cacheable answers (the signing keys) set
 * their own Cache-Control over it, and errors keep it too.
 */
export const noStore: Middleware = async (ctx, next) => {
  if (ctx.path === '/api' || ctx.path.startsWith('/api/')) ctx.set('Cache-Control', 'no-store');
  await next();
};
