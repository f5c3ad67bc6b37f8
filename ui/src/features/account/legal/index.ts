import type { Lang } from '../../../../../domain/languages';
import { enUS } from './en-US';
import { jaJP } from './ja-JP';
import type { LegalTexts } from './types';
import { zhCN } from './zh-CN';

export type { LegalDocument, LegalTexts } from './types';

/** The legal documents of spec part 1 §1 / §9 in every site language (long prose: typed modules, not catalog strings). */
export const LEGAL_TEXTS: Record<Lang, LegalTexts> = { 'zh-CN': zhCN, 'en-US': enUS, 'ja-JP': jaJP };
