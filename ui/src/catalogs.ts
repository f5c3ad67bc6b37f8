import type { Lang } from '../../domain/languages';
import zhCN from './locales/zh-CN';
import enUS from './locales/en-US';
import jaJP from './locales/ja-JP';

/**
 * Every language's catalogs at once, for tests and tools. The app itself never imports this module:
 * ui/src/i18n.ts fetches the reader's language alone.
 */
export const ALL_CATALOGS: Record<Lang, typeof zhCN> = { 'zh-CN': zhCN, 'en-US': enUS, 'ja-JP': jaJP };

/** The `common` namespace: the base catalog plus one file per feature area (ui/locales/<area>/<lang>.json). */
export const UI_CATALOGS: Record<Lang, (typeof zhCN)['common']> = { 'zh-CN': zhCN.common, 'en-US': enUS.common, 'ja-JP': jaJP.common };
