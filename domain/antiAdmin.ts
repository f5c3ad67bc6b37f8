import './validation/locale';
import * as yup from 'yup';
import { chinaDate } from './dates';
import { BILL_STATES } from './orders';
import { keysetCursor } from './validation/keyset';
import { isoDate, trimmed } from './validation/rules';
import { WATERMARK_MEDIA, WATERMARK_STATES } from './watermark';

/**
 * The anti-counterfeiting back office (issue 14): `antifakeOrder` (the anti-counterfeit package
 * orders), `antiStatistics` (packages sold, capacity recharged and consumed, identification checks,
 * per China day) and the watermark views of the admin menu (image/video watermark, image/video
 * detection, detected watermark). Read-only: what staff may change about a package is `package`'s.
 */

const page = () => ({
  limit: yup.number().integer().min(1).max(100).default(20),
  after: keysetCursor(['date', 'uuid']),
});

/** /admin/antifakeOrder: by bill state, and an order number or (part of) the buyer's account. */
export const antiOrderListSchema = yup
  .object({
    bill: trimmed().oneOf(['', ...BILL_STATES]).default(''),
    q: trimmed().max(100).default(''),
    ...page(),
  })
  .noUnknown();
export type AntiOrderListQuery = yup.InferType<typeof antiOrderListSchema>;

/** A year and a day: a leap year's whole year, so "this year" and "the last 12 months" both fit. */
export const MAX_STATISTICS_DAYS = 366;
/** The range the statistics page opens with: the last 30 China days, today included. */
export const DEFAULT_STATISTICS_DAYS = 30;

const DAY_MS = 24 * 3600 * 1000;
const dayNumber = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / DAY_MS;
/** The calendar date `days` after a `YYYY-MM-DD` one (negative: before). */
export const addDays = (iso: string, days: number): string => new Date(Date.parse(`${iso}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
/** Every date from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}

/**
 * The range a statistics request asks for: without dates the last 30 China days up to today; with
 * one end only, 30 days from it or up to it.
 */
export function statisticsRange(q: { from?: string; to?: string }, now: Date = new Date()): { from: string; to: string } {
  const span = DEFAULT_STATISTICS_DAYS - 1;
  if (q.from && q.to) return { from: q.from, to: q.to };
  if (q.from) return { from: q.from, to: addDays(q.from, span) };
  const to = q.to || chinaDate(now);
  return { from: addDays(to, -span), to };
}

/**
 * /admin/antiStatistics: a range of China dates, both ends included. Without one the last 30 days;
 * the end may not come before the start, and one request spans at most MAX_STATISTICS_DAYS days.
 */
export const antiStatisticsSchema = yup
  .object({
    from: isoDate(),
    to: isoDate().test('range', 'validation.dateRangeOrder', function check(to) {
      const from = this.parent.from as string | undefined;
      if (!to || !from || !/^\d{4}-\d{2}-\d{2}$/.test(from)) return true;
      if (to < from) return false;
      const days = dayNumber(to) - dayNumber(from) + 1;
      return days <= MAX_STATISTICS_DAYS || this.createError({ message: 'validation.dateRangeLength', params: { max: MAX_STATISTICS_DAYS } });
    }),
  })
  .noUnknown();
export type AntiStatisticsQuery = yup.InferType<typeof antiStatisticsSchema>;

/** /admin/imageWatermark, /admin/videoWatermark: one medium's watermark items, by watermarkState. */
export const adminWatermarkItemSchema = yup
  .object({
    media: trimmed().required().oneOf([...WATERMARK_MEDIA] as string[]),
    state: trimmed().oneOf(['', ...WATERMARK_STATES]).default(''),
    ...page(),
  })
  .noUnknown();
export type AdminWatermarkItemQuery = yup.InferType<typeof adminWatermarkItemSchema>;

export const CHECK_ORIGINS = ['public', 'owner'] as const;

/**
 * /admin/imageDetection, /admin/videoDetection (one medium, found or not) and /admin/detectedWatermark
 * (found = true, any medium): the identification checks, by who asked (a visitor on the public page or
 * an owner checking against their own marks).
 */
export const adminWatermarkCheckSchema = yup
  .object({
    media: trimmed().oneOf(['', ...WATERMARK_MEDIA]).default(''),
    found: trimmed().oneOf(['', 'true', 'false']).default(''),
    origin: trimmed().oneOf(['', ...CHECK_ORIGINS]).default(''),
    ...page(),
  })
  .noUnknown();
export type AdminWatermarkCheckQuery = yup.InferType<typeof adminWatermarkCheckSchema>;
