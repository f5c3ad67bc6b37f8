export const LANGUAGES = ['zh-CN', 'en-US', 'ja-JP'] as const;
export type Lang = (typeof LANGUAGES)[number];
export const DEFAULT_LANG: Lang = 'zh-CN';
export const LANG_COOKIE = 'cookie-lang';
export const TOKEN_COOKIE = 'cookie-token';

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * Picks the caller's language: explicit cookie first, then the Accept-Language entry with the
 * highest q among the supported languages (a primary tag such as `en-GB` or `ja` matches), then the default.
 */
export function negotiateLang(cookie: string | undefined, acceptLanguage: string | undefined): Lang {
  if (isLang(cookie)) return cookie;
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((part, order) => {
      const [tag, ...params] = part.split(';').map((p) => p.trim().toLowerCase());
      const q = params.find((p) => p.startsWith('q='));
      return { tag, q: q ? Number(q.slice(2)) : 1, order };
    })
    .filter((e) => e.tag && e.q > 0)
    .sort((a, b) => b.q - a.q || a.order - b.order);
  for (const { tag } of ranked) {
    const hit = LANGUAGES.find((l) => l.toLowerCase() === tag) ?? LANGUAGES.find((l) => l.slice(0, 2).toLowerCase() === tag.split('-')[0]);
    if (hit) return hit;
  }
  return DEFAULT_LANG;
}
