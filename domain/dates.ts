/**
 * Dates and times as the platform shows them, in one place for the UI, the API's texts and the
 * certificate PDF. The business runs on China's calendar: issue and validity dates, due dates and
 * SLAs are China dates, so every date and time is shown in China time (Asia/Shanghai) whatever the
 * reader's or the server's zone — the certificate, the verification page and the messages then
 * name the same day — and a time of day that is a limit (a due time, a payment deadline) names the zone.
 */
export const CHINA_TIME_ZONE = 'Asia/Shanghai';

/** The zone's name as each site language writes it after a time. */
const ZONE_NAME: Record<string, string> = { 'zh-CN': '北京时间', 'en-US': 'China time', 'ja-JP': '中国時間' };

const PLAIN_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

type Input = Date | string | null | undefined;

/** A `YYYY-MM-DD` value is a calendar date already (no zone); anything else an instant. */
function parse(value: Date | string): { at: Date; plain: boolean } | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : { at: value, plain: false };
  const m = PLAIN_DATE.exec(value);
  if (m) return { at: new Date(Date.UTC(+m[1], +m[2] - 1, +m[3])), plain: true };
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? null : { at, plain: false };
}

// Building an Intl formatter costs more than formatting with one: one per language and style.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = locale + JSON.stringify(options);
  let f = formatters.get(key);
  if (!f) formatters.set(key, (f = new Intl.DateTimeFormat(locale, options)));
  return f;
}

/** The China calendar date (`YYYY-MM-DD`) of an instant; a `YYYY-MM-DD` value is returned as it is. */
export function chinaDate(value: Date | string): string {
  const p = parse(value);
  if (!p) throw new RangeError(`not a date: ${String(value)}`);
  if (p.plain) return p.at.toISOString().slice(0, 10);
  return formatter('en-CA', { timeZone: CHINA_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(p.at);
}

/** A date in the reader's language, on China's calendar: `2026年11月25日`, `Nov 25, 2026`. '—' when there is none. */
export function formatDate(value: Input, locale: string, style: 'medium' | 'long' = 'medium'): string {
  if (!value) return '—';
  const p = parse(value);
  if (!p) return String(value);
  return formatter(locale, { dateStyle: style, timeZone: p.plain ? 'UTC' : CHINA_TIME_ZONE }).format(p.at);
}

/** Date and time of day in China time, 24-hour; with `zone`, the zone named after it: `Nov 25, 2026, 23:59 (China time)`. */
export function formatDateTime(value: Input, locale: string, { zone = false }: { zone?: boolean } = {}): string {
  if (!value) return '—';
  const p = parse(value);
  if (!p) return String(value);
  const text = formatter(locale, { dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23', timeZone: CHINA_TIME_ZONE }).format(p.at);
  return zone ? text + zoneName(locale) : text;
}

/** A limit in time (a due time, a payment deadline): China time with the zone named. */
export function formatDeadline(value: Input, locale: string): string {
  return formatDateTime(value, locale, { zone: true });
}

/** What follows a time to name the zone: ` (China time)`, `（北京时间）`, `（中国時間）`. */
function zoneName(locale: string): string {
  const name = ZONE_NAME[locale] ?? ZONE_NAME['en-US'];
  return locale === 'zh-CN' || locale === 'ja-JP' ? `（${name}）` : ` (${name})`;
}
