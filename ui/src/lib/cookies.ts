import { LANG_COOKIE, type Lang } from '../../../domain/languages';

export function getCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  for (const part of document.cookie.split(';')) {
    const [k, ...rest] = part.trim().split('=');
    if (k === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

/** Spec part 1 §2: the language cookie, path=/, kept for a year. */
export function setLangCookie(lang: Lang): void {
  document.cookie = `${LANG_COOKIE}=${encodeURIComponent(lang)}; path=/; max-age=${365 * 24 * 3600}; SameSite=Lax`;
}

/** The browser's languages in the form of an Accept-Language header, so the UI negotiates as the server does. */
export function browserLanguages(): string {
  return typeof navigator === 'undefined' ? '' : (navigator.languages ?? [navigator.language]).join(',');
}
