export const LANGUAGES = ['zh-CN', 'en-US', 'ja-JP'] as const;
export type Lang = (typeof LANGUAGES)[number];
export const DEFAULT_LANG: Lang = 'zh-CN';
export const LANG_COOKIE = 'cookie-lang';
export const TOKEN_COOKIE = 'cookie-token';

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Picks the caller's language: explicit cookie first, then Accept-Language, then the default. */
export function negotiateLang(cookie: string | undefined, acceptLanguage: string | undefined): Lang {
  if (isLang(cookie)) return cookie;
  for (const part of (acceptLanguage ?? '').split(',')) {
    const tag = part.split(';')[0].trim().toLowerCase();
    const hit = LANGUAGES.find((l) => l.toLowerCase() === tag || l.slice(0, 2).toLowerCase() === tag.slice(0, 2));
    if (hit) return hit;
  }
  return DEFAULT_LANG;
}
