import { useTranslation } from 'react-i18next';
import { DEFAULT_LANG, isLang, type Lang } from '../../../domain/languages';

export function useLang(): Lang {
  const { i18n } = useTranslation();
  return isLang(i18n.language) ? i18n.language : DEFAULT_LANG;
}

/** A site link in the current language: `site('usercenter')` → `/en-US/ipci/usercenter`. */
export function useSitePath() {
  const lang = useLang();
  return (rest = '') => `/${lang}/ipci${rest ? '/' + rest.replace(/^\//, '') : ''}`;
}
