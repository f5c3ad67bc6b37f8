import './validation/locale';
import * as yup from 'yup';
import type { Lang } from './languages';
import { IP_CATEGORIES } from './titleRegistration';
import { requiredText, trimmed } from './validation/rules';

/**
 * The admin-editable dictionaries the forms and filters use (back office ipCategory and rightScope).
 *
 * - ipCategory: its codes are the fixed domain list IP_CATEGORIES (the title wizard validates
 *   against it), so admins edit labels, order and whether a code is active (an inactive one leaves
 *   new forms and filters; stored data keeps its code and label) but cannot add codes.
 * - rightScope: the licensable channels / scopes of derivative merchandise and licensing (trade
 *   channels, trade-record authorization scopes). Fully editable: add, relabel, reorder, deactivate.
 *   Codes are never deleted: trades and records keep referring to them.
 */
export const DICTIONARY_TYPES = ['ipCategory', 'rightScope'] as const;
export type DictionaryType = (typeof DICTIONARY_TYPES)[number];

export function isDictionaryType(value: unknown): value is DictionaryType {
  return typeof value === 'string' && (DICTIONARY_TYPES as readonly string[]).includes(value);
}

/** Whether admins may add codes to the dictionary (ipCategory's codes are the domain's). */
export const DICTIONARY_OPEN: Record<DictionaryType, boolean> = { ipCategory: false, rightScope: true };

/** The same pattern trade channels are checked with (domain/trade.ts licenceTerms). */
export const DICTIONARY_CODE_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;
export const DICTIONARY_LABEL_MAX = 100;

export type DictionaryLabels = Record<Lang, string>;

export interface DictionaryEntry {
  code: string;
  labels: DictionaryLabels;
  sort: number;
  active: boolean;
}

const labels = () =>
  yup
    .object({
      'zh-CN': requiredText(DICTIONARY_LABEL_MAX),
      'en-US': requiredText(DICTIONARY_LABEL_MAX),
      'ja-JP': requiredText(DICTIONARY_LABEL_MAX),
    })
    .noUnknown()
    .required();

const entryFields = {
  labels: labels(),
  sort: yup.number().integer().min(0).max(9999).default(0),
  active: yup.boolean().default(true),
};

/** PUT /api/admin/dictionaries/:type/:code: what an admin may change on an existing entry. */
export const dictionaryEntryUpdateSchema = yup.object(entryFields).noUnknown();
export type DictionaryEntryUpdate = yup.InferType<typeof dictionaryEntryUpdateSchema>;

/** POST /api/admin/dictionaries/:type: a new entry (only for open dictionaries). */
export const dictionaryEntryCreateSchema = yup
  .object({
    code: trimmed().required().matches(DICTIONARY_CODE_PATTERN, 'dictionary.codePattern'),
    ...entryFields,
  })
  .noUnknown();
export type DictionaryEntryCreate = yup.InferType<typeof dictionaryEntryCreateSchema>;

const entry = (code: string, sort: number, zh: string, en: string, ja: string): DictionaryEntry => ({
  code,
  labels: { 'zh-CN': zh, 'en-US': en, 'ja-JP': ja },
  sort,
  active: true,
});

/** The seeded rightScope entries: the usual channels of derivative-merchandise and IP licensing. */
export const DEFAULT_RIGHT_SCOPES: readonly DictionaryEntry[] = [
  entry('toys', 10, '玩具', 'Toys', '玩具'),
  entry('apparel', 20, '服装服饰', 'Apparel and accessories', 'アパレル・服飾'),
  entry('stationery', 30, '文具', 'Stationery', '文房具'),
  entry('household', 40, '家居日用品', 'Household goods', '生活雑貨'),
  entry('foodPackaging', 50, '食品饮料包装', 'Food and beverage packaging', '食品・飲料パッケージ'),
  entry('digital', 60, '数字产品', 'Digital products', 'デジタル製品'),
  entry('publishing', 70, '出版物', 'Publishing', '出版'),
  entry('games', 80, '游戏', 'Games', 'ゲーム'),
  entry('filmTv', 90, '影视', 'Film and TV', '映画・テレビ'),
  entry('advertising', 100, '广告营销', 'Advertising and marketing', '広告・マーケティング'),
  entry('exhibitions', 110, '展览活动', 'Exhibitions and events', '展示・イベント'),
  entry('onlineStores', 120, '线上店铺', 'Online stores', 'オンラインストア'),
  entry('offlineRetail', 130, '线下零售', 'Offline retail', '実店舗販売'),
];

/** The ipCategory entries seeded from the title wizard's own labels (sort follows IP_CATEGORIES). */
export function defaultIpCategories(labelsOf: (code: string) => DictionaryLabels): DictionaryEntry[] {
  return IP_CATEGORIES.map((code, i) => ({ code, labels: labelsOf(code), sort: (i + 1) * 10, active: true }));
}

/** Active entries in dictionary order (sort, then code), as forms and filters offer them. */
export function activeEntries<E extends Pick<DictionaryEntry, 'code' | 'sort' | 'active'>>(entries: readonly E[]): E[] {
  return entries.filter((e) => e.active).sort((a, b) => a.sort - b.sort || a.code.localeCompare(b.code));
}
