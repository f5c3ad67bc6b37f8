import { shiftDay, weekdayOf, type CalendarDay } from '../../domain/calendar';

/**
 * Working-day arithmetic without I/O. Days are 'YYYY-MM-DD' in China's calendar; instants are
 * converted at UTC+8 (Asia/Shanghai has had no DST since 1991), so the host time zone never matters.
 */
const SHANGHAI_OFFSET_MS = 8 * 3600_000;
const DAY_MS = 86_400_000;

/** One year's calendar as the arithmetic needs it. */
export interface YearCalendar {
  year: number;
  /** false: no official calendar, statutory holidays only (no make-up working weekends). */
  official: boolean;
  holidays: ReadonlySet<string>;
  workdays: ReadonlySet<string>;
}

export function yearCalendar(year: number, official: boolean, days: readonly CalendarDay[]): YearCalendar {
  return {
    year,
    official,
    holidays: new Set(days.filter((d) => d.kind === 'holiday').map((d) => d.day)),
    workdays: new Set(days.filter((d) => d.kind === 'workday').map((d) => d.day)),
  };
}

/** The Shanghai calendar day an instant falls on. */
export function shanghaiDay(instant: string | Date): string {
  const ms = typeof instant === 'string' ? Date.parse(instant) : instant.getTime();
  if (Number.isNaN(ms)) throw new RangeError(`not an instant: ${String(instant)}`);
  return new Date(ms + SHANGHAI_OFFSET_MS).toISOString().slice(0, 10);
}

/** The last millisecond of a Shanghai calendar day, as an ISO instant (…T15:59:59.999Z). */
export function endOfShanghaiDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS - 1 - SHANGHAI_OFFSET_MS).toISOString();
}

export function isWorkingDay(day: string, cal: YearCalendar): boolean {
  if (cal.holidays.has(day)) return false;
  const wd = weekdayOf(day);
  return (wd >= 1 && wd <= 5) || cal.workdays.has(day);
}

export type AddResult = { day: string; provisional: boolean } | { missingYear: number };

/** Guards against a calendar that has (almost) no working days, e.g. a mistyped admin entry. */
const MAX_SPAN_DAYS = 3 * 366;

/**
 * The n-th working day after `fromDay` (n = 0: fromDay itself). `calendarOf` answers from what the
 * caller has loaded; an unknown year is returned as `missingYear` so the caller can load it and
 * call again (keeps this function synchronous and free of I/O). Provisional when any day counted
 * lies in a year without an official calendar.
 */
export function addWorkingDays(fromDay: string, n: number, calendarOf: (year: number) => YearCalendar | undefined): AddResult {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`working days must be a whole number ≥ 0, got ${n}`);
  let day = fromDay;
  let provisional = false;
  for (let left = n, step = 0; left > 0; step++) {
    if (step > MAX_SPAN_DAYS) throw new Error(`no ${n} working days within ${MAX_SPAN_DAYS} days after ${fromDay}: check the calendar`);
    day = shiftDay(day, 1);
    const cal = calendarOf(Number(day.slice(0, 4)));
    if (!cal) return { missingYear: Number(day.slice(0, 4)) };
    if (!cal.official) provisional = true;
    if (isWorkingDay(day, cal)) left--;
  }
  return { day, provisional };
}

/** The SLA due moment: the end (Shanghai time) of the n-th working day after the day `from` falls on. */
export function dueAfter(
  from: string,
  workingDays: number,
  calendarOf: (year: number) => YearCalendar | undefined,
): { dueAt: string; provisional: boolean } | { missingYear: number } {
  const r = addWorkingDays(shanghaiDay(from), workingDays, calendarOf);
  return 'missingYear' in r ? r : { dueAt: endOfShanghaiDay(r.day), provisional: r.provisional };
}
