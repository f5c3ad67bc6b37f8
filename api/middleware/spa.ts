import type { Middleware } from 'koa';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import serve from 'koa-static';
import compose from 'koa-compose';
import { LANG_COOKIE } from '../../domain/languages';
import { resolveLangRoute, UNPREFIXED_ROOTS } from '../../domain/routing';
import { isSitePage } from '../../domain/sitePages';

/** Vite names everything under assets/ by its content hash: a changed file is a new URL, so a copy never goes stale. */
function cacheControl(distDir: string, file: string): string {
  return path.relative(distDir, file).split(path.sep)[0] === 'assets' ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/**
 * Serves the built UI. Page requests get index.html after the language rule of spec part 1 §2
 * (redirects happen here so the first load already lands on the right language); unknown pages
 * answer 404 with the app, which shows 'This page could not be found'.
 */
export function spa(distDir: string): Middleware {
  const indexPath = path.join(distDir, 'index.html');
  let cached: { mtimeMs: number; html: string } | undefined;
  // A rebuild replaces the hashed assets, so index.html is re-read whenever it changes.
  const readIndex = async (): Promise<string | undefined> => {
    const info = await stat(indexPath).catch(() => undefined);
    if (!info) return undefined;
    if (cached?.mtimeMs !== info.mtimeMs) cached = { mtimeMs: info.mtimeMs, html: await readFile(indexPath, 'utf8') };
    return cached.html;
  };
  const page: Middleware = async (ctx, next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || ctx.path.startsWith('/api/')) return next();
    const cookieLang = ctx.cookies.get(LANG_COOKIE);
    const route = resolveLangRoute(ctx.path === '/' ? '/ipci' : ctx.path, cookieLang, ctx.search, ctx.get('accept-language'));
    if (route.kind === 'redirect') return ctx.redirect(route.to);
    const [, site, ...rest] = ctx.path.split('/').filter(Boolean);
    const known = route.kind === 'ok' ? isSitePage(site, rest.join('/')) : route.kind === 'unprefixed' && UNPREFIXED_ROOTS.includes(ctx.path.split('/')[1]);
    const index = await readIndex();
    if (!index) {
      ctx.status = 503;
      ctx.body = 'The UI is not built yet: run `npm run build:ui` (npm start does it for you).';
      return;
    }
    ctx.status = known ? 200 : 404;
    ctx.type = 'html';
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = index;
  };
  return compose([serve(distDir, { index: false, setHeaders: (res, file) => res.setHeader('Cache-Control', cacheControl(distDir, file)) }), page]);
}
