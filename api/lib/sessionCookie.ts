import type { Context } from 'koa';
import { TOKEN_COOKIE } from '../../domain/languages';
import { publicSiteIsHttps } from './siteOrigin';

/**
 * Sets (or, with null, clears) the session cookie. It is `Secure` whenever the site is served over
 * HTTPS: the request came in over TLS (or through a trusted proxy that says so), or the public
 * address is https — TLS may end at a proxy the API is not told about.
 */
export function setSessionCookie(ctx: Context, token: string | null, expires?: Date, env: NodeJS.ProcessEnv = process.env): void {
  const secure = ctx.secure || publicSiteIsHttps(env);
  // The cookies module refuses a Secure cookie on a plain-HTTP hop unless told the site is secure.
  ctx.cookies.secure = secure;
  ctx.cookies.set(TOKEN_COOKIE, token, { httpOnly: true, sameSite: 'lax', expires, overwrite: true, secure });
}
