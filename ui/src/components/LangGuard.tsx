import { useLayoutEffect, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { resolveLangRoute } from '../../../domain/routing';
import { isLang, LANG_COOKIE, LANGUAGES, negotiateLang, type Lang } from '../../../domain/languages';
import { browserLanguages, getCookie, setLangCookie } from '../lib/cookies';
import { NotFoundPage } from '../pages/NotFoundPage';

/**
 * Spec part 1 §2 on every navigation: `/ipci/...` gets the cookie language (else the browser's
 * languages, as the server reads Accept-Language, else zh-CN),
 * a path language that differs from the cookie language is redirected to it, an unsupported
 * code is a 404; otherwise the language is remembered and the interface follows it.
 * Staff pages have no prefix and use the same choice.
 */
export function LangGuard({ children }: { children: ReactNode }) {
  const location = useLocation();
  const { i18n } = useTranslation();
  const cookie = getCookie(LANG_COOKIE);
  const route = resolveLangRoute(location.pathname, cookie, location.search + location.hash, browserLanguages());
  const lang: Lang | null = route.kind === 'ok' ? route.lang : route.kind === 'unprefixed' ? negotiateLang(cookie, browserLanguages()) : null;

  useLayoutEffect(() => {
    if (route.kind === 'ok' && cookie !== route.lang) setLangCookie(route.lang);
    if (lang && i18n.language !== lang) void i18n.changeLanguage(lang);
    if (lang) document.documentElement.lang = lang;
  }, [route.kind, lang, cookie, i18n]);

  if (route.kind === 'redirect') return <Navigate to={route.to} replace />;
  if (route.kind === 'notFound') return <NotFoundPage />;
  return <>{children}</>;
}

/** The same page in another language: `/{lang}/ipci/...` swaps the prefix; staff pages stay put. */
export function pathInLang(pathname: string, lang: Lang): string {
  const segments = pathname.split('/').filter(Boolean);
  if (segments.length > 1 && isLang(segments[0]) && segments[1].startsWith('ipci')) {
    return '/' + [lang, ...segments.slice(1)].join('/');
  }
  return pathname;
}

export function useSwitchLanguage() {
  const location = useLocation();
  const navigate = useNavigate();
  const { i18n } = useTranslation();
  return (lang: Lang) => {
    setLangCookie(lang);
    void i18n.changeLanguage(lang);
    navigate(pathInLang(location.pathname, lang) + location.search + location.hash);
  };
}

export const LANGUAGE_NAMES: Record<Lang, string> = { 'zh-CN': '简体中文', 'en-US': 'English', 'ja-JP': '日本語' };
export { LANGUAGES };
