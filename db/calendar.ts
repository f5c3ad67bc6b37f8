import type { Knex } from 'knex';
import { getSolarDateFromLunar, getSolarTermDate } from 'chinese-days';
import { statutoryHolidays, type Almanac, type CalendarDay, type CalendarSource } from '../domain/calendar';

/** Query module for the working-day calendar (tables calendar_years, calendar_days). */

export interface CalendarYearRow {
  year: number;
  source: CalendarSource;
  updatedAt: Date;
}

export interface CalendarYear {
  year: number;
  /** true: the State Council's calendar is in the database; false: statutory holidays only. */
  official: boolean;
  source: CalendarSource | null;
  days: CalendarDay[];
}

/**
 * Bumped on every write from this process, so in-process caches (the due-date activity) drop
 * what they hold at once instead of waiting for their time limit.
 */
let version = 0;
export const calendarVersion = (): number => version;
export const calendarChanged = (): void => {
  version += 1;
};

/** Serialises calendar writers (the start-up seed of API and worker, admin edits); any fixed number. */
export const CALENDAR_LOCK = 0x63616c; // 'cal'

export async function listCalendarYears(k: Knex): Promise<CalendarYearRow[]> {
  const rows = await k('calendar_years').select('year', 'source', 'updated_at').orderBy('year');
  return rows.map((r) => ({ year: r.year, source: r.source, updatedAt: new Date(r.updated_at) }));
}

/** One official year with its days, or undefined when the year is not in the database. */
export async function loadCalendarYear(k: Knex, year: number): Promise<(CalendarYearRow & { days: CalendarDay[] }) | undefined> {
  const head = await k('calendar_years').where({ year }).first('year', 'source', 'updated_at');
  if (!head) return undefined;
  // to_char: node-pg would turn a `date` into a local-midnight Date, shifting it in some zones.
  const days: CalendarDay[] = await k('calendar_days')
    .where({ year })
    .select(k.raw(`to_char(day, 'YYYY-MM-DD') as day`), 'kind', 'name')
    .orderBy('day');
  return { year: head.year, source: head.source, updatedAt: new Date(head.updated_at), days };
}

/** The calendar a due date is computed from: the official one, else the statutory holidays. */
export async function calendarForYear(k: Knex, year: number): Promise<CalendarYear> {
  const row = await loadCalendarYear(k, year);
  if (row) return { year, official: true, source: row.source, days: row.days };
  return { year, official: false, source: null, days: provisionalHolidays(year) };
}

/** Replaces a year's days in one transaction (used by admins, and by the seed for package years). */
export async function replaceCalendarYear(k: Knex, year: number, days: readonly CalendarDay[], source: CalendarSource = 'admin'): Promise<void> {
  await k.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(?)', [CALENDAR_LOCK]);
    await trx('calendar_years')
      .insert({ year, source, updated_at: trx.fn.now() })
      .onConflict('year')
      .merge(['source', 'updated_at']);
    await trx('calendar_days').where({ year }).delete();
    for (let i = 0; i < days.length; i += 1000) {
      await trx('calendar_days').insert(days.slice(i, i + 1000).map((d) => ({ day: d.day, year, kind: d.kind, name: d.name })));
    }
  });
  calendarChanged();
}

/** Tasks whose due date was computed without an official calendar and may still change. */
export function openProvisionalTasks(k: Knex): Promise<{ id: string; workflow_id: string }[]> {
  return k('tasks').whereIn('status', ['open', 'claimed']).andWhere({ due_provisional: true }).select('id', 'workflow_id');
}

/**
 * chinese-days parses 'YYYY-M-D' strings as UTC midnight but reads them back with local-time
 * getters, so west of UTC (e.g. America/New_York) its answers come out a day early. Its results are
 * right whenever the host is at or east of UTC, so only then do we call it directly; otherwise the
 * call runs with TZ=UTC (synchronous, nothing can interleave) and the zone is restored.
 */
function inUtcIfNeeded<T>(year: number, fn: () => T): T {
  const westOfUtc = new Date(year, 0, 1).getTimezoneOffset() > 0 || new Date(year, 6, 1).getTimezoneOffset() > 0;
  if (!westOfUtc) return fn();
  const before = process.env.TZ;
  process.env.TZ = 'UTC';
  try {
    return fn();
  } finally {
    if (before === undefined) delete process.env.TZ;
    else process.env.TZ = before;
  }
}

const pad = (n: number) => String(n).padStart(2, '0');

export const chineseDaysAlmanac: Almanac = {
  lunarToSolar: (lunarYear, month, day) =>
    // `.date` is the ordinary month; `leapMonthDate` (a leap month of the same number) is never a festival.
    inUtcIfNeeded(lunarYear, () => getSolarDateFromLunar(`${lunarYear}-${pad(month)}-${pad(day)}`).date),
  qingming: (year) => inUtcIfNeeded(year, () => getSolarTermDate(year, 4, 'pure_brightness')),
};

const provisionalCache = new Map<number, CalendarDay[]>();

/** Statutory holidays of a year without an official calendar (pure in the year, so kept forever). */
export function provisionalHolidays(year: number): CalendarDay[] {
  let days = provisionalCache.get(year);
  if (!days) {
    days = statutoryHolidays(year, chineseDaysAlmanac);
    provisionalCache.set(year, days);
  }
  return days.map((d) => ({ ...d })); // callers may edit their copy
}
