import type { TFunction } from 'i18next';

/** Dates and times are shown in China time everywhere (domain/dates.ts); deadlines name the zone. */
export { formatDate, formatDateTime, formatDeadline } from '../../../domain/dates';

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  if (n < 1024 * 1024 * 1024) return `${(n / 1024 / 1024).toFixed(1)} MB`;
  return `${(n / 1024 / 1024 / 1024).toFixed(2)} GB`;
}

let regionNames: { lang: string; names: Intl.DisplayNames | null } | null = null;
export function countryName(code: string, lang: string): string {
  if (!regionNames || regionNames.lang !== lang) {
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([lang], { type: 'region' });
    } catch {
      names = null;
    }
    regionNames = { lang, names };
  }
  return regionNames.names?.of(code) ?? code;
}

/**
 * Form messages are catalog keys of namespace `errors`, sometimes with params
 * (`validation.maxLength|{"max":100}`); server messages arrive already translated and are shown as-is.
 */
export function encodeError(key: string, params?: Record<string, unknown>): string {
  const clean: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(params ?? {})) {
    if (['path', 'value', 'originalValue', 'label', 'spec', 'type'].includes(k)) continue;
    if (v === null || ['string', 'number', 'boolean'].includes(typeof v)) clean[k] = v;
    else if (Array.isArray(v)) clean[k] = v.join(', ');
  }
  return Object.keys(clean).length ? `${key}|${JSON.stringify(clean)}` : key;
}

const KEY = /^[a-z][A-Za-z]*\.[A-Za-z.]+$/;
export function translateError(t: TFunction, message: string | undefined | null): string {
  if (!message) return '';
  const bar = message.indexOf('|');
  const key = bar === -1 ? message : message.slice(0, bar);
  if (!KEY.test(key)) return message;
  let params: Record<string, unknown> = {};
  if (bar !== -1) {
    try {
      params = JSON.parse(message.slice(bar + 1));
    } catch {
      params = {};
    }
  }
  return t(key, { ns: 'errors', defaultValue: message, ...params }) as string;
}
