import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANG, isLang, LANG_COOKIE, LANGUAGES, negotiateLang, type Lang } from '../../domain/languages';
import { SHARED_CATALOGS } from '../../domain/locales';
import zhCN from '../locales/zh-CN.json';
import enUS from '../locales/en-US.json';
import jaJP from '../locales/ja-JP.json';
import zhAccount from '../locales/account/zh-CN.json';
import enAccount from '../locales/account/en-US.json';
import jaAccount from '../locales/account/ja-JP.json';
import zhSecurity from '../locales/security/zh-CN.json';
import enSecurity from '../locales/security/en-US.json';
import jaSecurity from '../locales/security/ja-JP.json';
import zhProfile from '../locales/profile/zh-CN.json';
import enProfile from '../locales/profile/en-US.json';
import jaProfile from '../locales/profile/ja-JP.json';
import zhAdmin from '../locales/admin/zh-CN.json';
import enAdmin from '../locales/admin/en-US.json';
import jaAdmin from '../locales/admin/ja-JP.json';
import zhTitle from '../locales/title/zh-CN.json';
import enTitle from '../locales/title/en-US.json';
import jaTitle from '../locales/title/ja-JP.json';
import zhOrder from '../locales/order/zh-CN.json';
import enOrder from '../locales/order/en-US.json';
import jaOrder from '../locales/order/ja-JP.json';
import zhIpci from '../locales/ipci/zh-CN.json';
import enIpci from '../locales/ipci/en-US.json';
import jaIpci from '../locales/ipci/ja-JP.json';
import zhCertificate from '../locales/certificate/zh-CN.json';
import enCertificate from '../locales/certificate/en-US.json';
import jaCertificate from '../locales/certificate/ja-JP.json';
import zhSite from '../locales/site/zh-CN.json';
import enSite from '../locales/site/en-US.json';
import jaSite from '../locales/site/ja-JP.json';
import { mergeCatalogs } from '../../domain/locales/merge';
import { browserLanguages, getCookie } from './lib/cookies';

/** The `common` namespace: the base catalog plus one file per feature area (ui/locales/<area>/<lang>.json). */
export const UI_CATALOGS: Record<Lang, typeof zhCN> = {
  'zh-CN': mergeCatalogs(zhCN, zhAccount, zhSecurity, zhProfile, zhAdmin, zhTitle, zhIpci, zhCertificate, zhOrder, zhSite),
  'en-US': mergeCatalogs(enUS, enAccount, enSecurity, enProfile, enAdmin, enTitle, enIpci, enCertificate, enOrder, enSite),
  'ja-JP': mergeCatalogs(jaJP, jaAccount, jaSecurity, jaProfile, jaAdmin, jaTitle, jaIpci, jaCertificate, jaOrder, jaSite),
};

/** The language to start in: the path prefix of a site page, else the cookie, else the browser's languages, else zh-CN. */
export function initialLang(pathname: string): Lang {
  const first = pathname.split('/').filter(Boolean)[0];
  if (isLang(first)) return first;
  return negotiateLang(getCookie(LANG_COOKIE), browserLanguages());
}

export function setupI18n(lang: Lang = DEFAULT_LANG) {
  if (i18n.isInitialized) {
    if (i18n.language !== lang) void i18n.changeLanguage(lang);
    return i18n;
  }
  const resources = Object.fromEntries(
    LANGUAGES.map((l) => [l, { common: UI_CATALOGS[l], errors: SHARED_CATALOGS[l].errors, messages: SHARED_CATALOGS[l].messages }]),
  );
  void i18n.use(initReactI18next).init({
    resources,
    lng: lang,
    fallbackLng: DEFAULT_LANG,
    supportedLngs: [...LANGUAGES],
    ns: ['common', 'errors', 'messages'],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: false },
  });
  return i18n;
}

export function currentLang(): Lang {
  return isLang(i18n.language) ? i18n.language : DEFAULT_LANG;
}

export default i18n;
