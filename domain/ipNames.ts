/**
 * An IP's names as the user entered them (title registration: Chinese, required; English and
 * Japanese). Every view that names an IP — messages, inbox titles, bills and orders, the sandbox
 * checkout, lists — shows the reader's language when the user entered that name, the Chinese one otherwise.
 */
export interface IpNames {
  zh: string;
  en?: string | null;
  ja?: string | null;
}

const KEY: Record<string, keyof IpNames> = { 'zh-CN': 'zh', 'en-US': 'en', 'ja-JP': 'ja' };

export function ipNameIn(names: IpNames, lang: string): string {
  const own = names[KEY[lang] ?? 'zh'];
  return (own && own.trim()) || names.zh || names.en || names.ja || '';
}

/** The names as stored in columns ip_name_zh, ip_name_en, ip_name_ja. */
export const ipNamesOf = (row: { ip_name_zh: string; ip_name_en?: string | null; ip_name_ja?: string | null }): IpNames => ({
  zh: row.ip_name_zh,
  en: row.ip_name_en ?? null,
  ja: row.ip_name_ja ?? null,
});
