import i18next, { TFunction } from 'i18next';
import { SHARED_CATALOGS } from '../domain/locales';
import { DEFAULT_LANG, LANGUAGES, Lang } from '../domain/languages';

const instance = i18next.createInstance();
void instance.init({
  resources: SHARED_CATALOGS,
  lng: DEFAULT_LANG,
  fallbackLng: DEFAULT_LANG,
  supportedLngs: [...LANGUAGES],
  ns: ['errors', 'messages'],
  defaultNS: 'errors',
  initAsync: false,
  interpolation: { escapeValue: false },
});

export function translator(lang: Lang): TFunction {
  return instance.getFixedT(lang, 'errors');
}

/** Site messages, e-mail and SMS texts: the `messages` namespace in the reader's language. */
export function messageTranslator(lang: Lang): TFunction {
  return instance.getFixedT(lang, 'messages');
}
