import i18n, { type BackendModule, type ReadCallback, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANG, isLang, LANG_COOKIE, LANGUAGES, negotiateLang, type Lang } from '../../domain/languages';
import { browserLanguages, getCookie } from './lib/cookies';

type Catalogs = (typeof import('./locales/zh-CN'))['default'];

/** One chunk per language (ui/src/locales/<lang>.ts): a reader downloads only their own language. */
const LOADERS: Record<Lang, () => Promise<{ default: Catalogs }>> = {
  'zh-CN': () => import('./locales/zh-CN'),
  'en-US': () => import('./locales/en-US'),
  'ja-JP': () => import('./locales/ja-JP'),
};

/** i18next asks for a language's namespaces before switching to it (first load, language switcher). */
const catalogBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(lang: string, ns: string, done: ReadCallback) {
    if (!isLang(lang)) return done(null, {});
    LOADERS[lang]().then(
      (m) => done(null, m.default[ns as keyof Catalogs] ?? {}),
      (err: Error) => done(err, false),
    );
  },
};

/** The language to start in: the path prefix of a site page, else the cookie, else the browser's languages, else zh-CN. */
export function initialLang(pathname: string): Lang {
  const first = pathname.split('/').filter(Boolean)[0];
  if (isLang(first)) return first;
  return negotiateLang(getCookie(LANG_COOKIE), browserLanguages());
}

/**
 * Starts i18next in `lang`; resolves once that language's catalogs are in (the app renders then).
 * Tests pass every language's catalogs (ui/src/catalogs.ts) so that nothing is fetched. Missing keys
 * cannot happen (tests/ui/catalogs.test.ts), so there is no fallback language to download as well.
 */
export function setupI18n(lang: Lang = DEFAULT_LANG, bundled?: Record<Lang, Catalogs>): Promise<unknown> {
  if (i18n.isInitialized) return i18n.language === lang ? Promise.resolve() : i18n.changeLanguage(lang);
  const resources = bundled && (Object.fromEntries(LANGUAGES.map((l) => [l, bundled[l]])) as Resource);
  return i18n
    .use(catalogBackend)
    .use(initReactI18next)
    .init({
      resources,
      partialBundledLanguages: true,
      lng: lang,
      fallbackLng: false,
      supportedLngs: [...LANGUAGES],
      ns: ['common', 'errors', 'messages'],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: false },
    });
}

export function currentLang(): Lang {
  return isLang(i18n.language) ? i18n.language : DEFAULT_LANG;
}

export default i18n;
