import type { Knex } from 'knex';
import { getDayDetail, getSolarDateFromLunar, getSolarTermDate } from 'chinese-days';
import { shiftDay, statutoryHolidays, type Almanac, type CalendarDay, type CalendarSource } from '../domain/calendar';

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
 * chinese-days parses 'YYYY-MM-DD' strings as UTC midnight but reads them back with local-time
 * getters, so west of UTC (e.g. America/New_York) its answers come out wrong. Rather than touch
 * process.env.TZ (process-wide: a Temporal worker's workflow threads would see it), we hand it the
 * form of a date it reads back as the day we mean, and undo the one-day shift of its solar-term
 * output; a range check then catches anything the package still gets wrong.
 */
const readsAs = (input: string | Date, day: string) => getDayDetail(input).date === day;

function packageInput(day: string): string | Date {
  if (readsAs(day, day)) return day;
  const [y, m, d] = day.split('-').map(Number);
  const local = new Date(y, m - 1, d);
  if (readsAs(local, day)) return local;
  throw new Error(`chinese-days misreads ${day} in this time zone`);
}

function within(day: string, from: string, to: string, what: string): string {
  const mmdd = day.slice(5);
  if (mmdd < from || mmdd > to) throw new Error(`chinese-days gave ${day} for ${what}, outside ${from}..${to}`);
  return day;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Where the festivals fall in 1901–2100 (the package's own range, checked): outside means a library fault. */
const WINDOWS: Record<string, [string, string]> = { '1-1': ['01-21', '02-20'], '5-5': ['05-27', '06-26'], '8-15': ['09-07', '10-08'] };

export const chineseDaysAlmanac: Almanac = {
  lunarToSolar: (lunarYear, month, day) => {
    // `.date` is the ordinary month; `leapMonthDate` (a leap month of the same number) is never a festival.
    const solar = getSolarDateFromLunar(packageInput(`${lunarYear}-${pad(month)}-${pad(day)}`)).date;
    const window = WINDOWS[`${month}-${day}`];
    return window ? within(solar, window[0], window[1], `lunar ${lunarYear}-${month}-${day}`) : solar;
  },
  qingming: (year) => {
    const raw = getSolarTermDate(year, 4, 'pure_brightness');
    // Its last step is the same string round trip getDayDetail does: measure that shift and undo it.
    const shift = (Date.parse(getDayDetail(raw).date) - Date.parse(raw)) / 86_400_000;
    return within(shiftDay(raw, -shift), '04-04', '04-06', `Qingming ${year}`);
  },
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
