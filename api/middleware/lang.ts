import type { Middleware } from 'koa';
import { LANG_COOKIE, negotiateLang } from '../../domain/languages';
import { translator } from '../i18n';

/** Sets ctx.state.lang and ctx.state.t from cookie-lang or Accept-Language. */
export const lang: Middleware = async (ctx, next) => {
  ctx.state.lang = negotiateLang(ctx.cookies.get(LANG_COOKIE), ctx.get('accept-language'));
  ctx.state.t = translator(ctx.state.lang);
  await next();
};
