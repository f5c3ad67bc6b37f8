import './validation/locale';
import * as yup from 'yup';
import { isCalendarDate, trimmed } from './validation/rules';

/**
 * The Chinese working-day calendar: statutory holidays and adjusted working weekends (调休上班).
 * Dates are plain 'YYYY-MM-DD' strings in China's calendar; no time zone is involved here.
 */
export const CALENDAR_DAY_KINDS = ['holiday', 'workday'] as const;
export type CalendarDayKind = (typeof CALENDAR_DAY_KINDS)[number];
export interface CalendarDay {
  day: string;
  kind: CalendarDayKind;
  name: string;
}
export type CalendarSource = 'package' | 'admin';

export const CALENDAR_MIN_YEAR = 2000;
export const CALENDAR_MAX_YEAR = 2100;

/** Day of the week of a 'YYYY-MM-DD' date, 0 = Sunday; computed in UTC so the host zone never matters. */
export function weekdayOf(day: string): number {
  return new Date(`${day}T00:00:00Z`).getUTCDay();
}

/**
 * What the statutory rules need from a Chinese-calendar library: the Gregorian date of a lunar
 * date (non-leap month) and of the Qingming solar term. Injected so the rules stay pure.
 */
export interface Almanac {
  lunarToSolar(lunarYear: number, month: number, day: number): string;
  qingming(year: number): string;
}

/**
 * Statutory public holidays of a year under the rules in force since 2025 (全国年节及纪念日放假办法,
 * 2024 revision): 13 days, without the State Council's yearly bridging and make-up working weekends,
 * which nobody can know before the yearly notice. Used only for years with no official calendar.
 */
export function statutoryHolidays(year: number, almanac: Almanac): CalendarDay[] {
  const days = new Map<string, string>();
  const add = (day: string, name: string) => {
    // Mid-Autumn can fall on National Day: one day off, both names.
    const before = days.get(day);
    days.set(day, before && before !== name ? `${before}、${name}` : name);
  };
  const fixed = (month: number, day: number) => `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

  add(fixed(1, 1), '元旦');
  // Spring Festival: lunar New Year's Eve (the day before lunar 1/1, whether 12/29 or 12/30) to 1/3.
  const newYear = almanac.lunarToSolar(year, 1, 1);
  add(shiftDay(newYear, -1), '春节');
  for (let i = 0; i < 3; i++) add(shiftDay(newYear, i), '春节');
  add(almanac.qingming(year), '清明');
  add(fixed(5, 1), '劳动节');
  add(fixed(5, 2), '劳动节');
  add(almanac.lunarToSolar(year, 5, 5), '端午');
  for (let d = 1; d <= 3; d++) add(fixed(10, d), '国庆节');
  add(almanac.lunarToSolar(year, 8, 15), '中秋');

  return [...days].sort(([a], [b]) => a.localeCompare(b)).map(([day, name]) => ({ day, kind: 'holiday', name }));
}

/** 'YYYY-MM-DD' plus n days. */
export function shiftDay(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

export const calendarYearSchema = yup
  .object({ year: yup.number().required().integer().min(CALENDAR_MIN_YEAR).max(CALENDAR_MAX_YEAR) })
  .noUnknown();

/** An admin's entry of one year's official calendar (PUT /api/admin/calendar/:year). */
export function calendarYearBodySchema(year: number) {
  const day = yup
    .object({
      day: trimmed()
        .required()
        .test('real-date', 'validation.date', (v) => !v || isCalendarDate(v))
        .test('in-year', 'calendar.dayOutsideYear', (v) => !v || !isCalendarDate(v) || v.startsWith(`${year}-`)),
      kind: trimmed().required().oneOf(CALENDAR_DAY_KINDS),
      name: trimmed().required().max(64), // required() already refuses a blank name
    })
    .noUnknown()
    .test('workday-weekend', 'calendar.workdayNotWeekend', function (v) {
      // An adjusted working day only makes sense on a weekend; weekdays already are working days.
      if (!v || v.kind !== 'workday' || !v.day || !isCalendarDate(v.day)) return true;
      const wd = weekdayOf(v.day);
      return wd === 0 || wd === 6 || this.createError({ path: `${this.path}.day`, message: 'calendar.workdayNotWeekend' });
    });

  return yup
    .object({
      days: yup
        .array(day.required())
        .required()
        .max(366)
        .test('unique-days', 'calendar.duplicateDay', function (list) {
          const seen = new Set<string>();
          for (const [i, entry] of (list ?? []).entries()) {
            if (!entry?.day) continue;
            if (seen.has(entry.day)) return this.createError({ path: `days[${i}].day`, message: 'calendar.duplicateDay', params: { day: entry.day } });
            seen.add(entry.day);
          }
          return true;
        })
        .test('has-holiday', 'calendar.invalidYear', (list) => !list || list.some((d) => d?.kind === 'holiday')),
    })
    .noUnknown();
}
export type CalendarYearBody = yup.InferType<ReturnType<typeof calendarYearBodySchema>>;
