import { isLang, Lang, negotiateLang } from './languages';

export type LangRoute =
  | { kind: 'ok'; lang: Lang }
  | { kind: 'redirect'; to: string }
  | { kind: 'notFound' }
  | { kind: 'unprefixed' };

const SITE_SEGMENTS = ['ipci', 'ipcimobile'];

/**
 * Spec part 1 §2: any path containing ipci starts with a supported language code;
 * a missing prefix takes the cookie language, else (a first visit, e.g. from a certificate's
 * QR code) the best of the three in Accept-Language, else zh-CN; a prefix that differs
 * from the cookie language is redirected to the cookie language.
 */
export function resolveLangRoute(pathname: string, cookieLang: string | undefined, search = '', acceptLanguage?: string): LangRoute {
  const segments = pathname.split('/').filter(Boolean);
  const siteAt = segments.findIndex((s) => SITE_SEGMENTS.includes(s));
  if (siteAt === -1) return { kind: 'unprefixed' };
  const preferred: Lang = negotiateLang(cookieLang, acceptLanguage);
  if (siteAt === 0) return { kind: 'redirect', to: `/${preferred}/${segments.join('/')}${search}` };
  if (siteAt > 1 || !isLang(segments[0])) return { kind: 'notFound' };
  const lang = segments[0];
  if (isLang(cookieLang) && cookieLang !== lang) {
    return { kind: 'redirect', to: `/${cookieLang}/${segments.slice(1).join('/')}${search}` };
  }
  return { kind: 'ok', lang };
}

/** First path segments the single-page app answers without a language prefix. */
export const UNPREFIXED_ROOTS = ['', 'manage', 'admin', 'login', 'sorry', 'pdfpage'];
