import type { Knex } from 'knex';
import { ApplicationFailure } from '@temporalio/common';
import { calendarVersion, listCalendarYears, loadCalendarYear, provisionalHolidays } from '../db/calendar';
import { dueAfter, yearCalendar, type YearCalendar } from './lib/workingDayMath';

export interface DueDateInput {
  /** ISO instant the SLA starts from (the task's creation). */
  from: string;
  workingDays: number;
  /** Tests only: the SLA lasts this many milliseconds instead of working days. */
  overrideMs?: number;
}

export interface DueDate {
  dueAt: string;
  /** Some counted day lies in a year without an official calendar: the date may still move. */
  provisional: boolean;
}

/** The calendar changes once or twice a year; a minute of staleness is harmless (see below). */
const CACHE_MS = 60_000;

/**
 * Due dates in Chinese working days, computed in an activity because the calendar is data that
 * changes (a workflow must not read it). Calendars are cached per instance: the list of official
 * years for CACHE_MS (or until this process writes the calendar), each year's days until that
 * year's updated_at changes.
 */
export function workingDayActivities(k: Knex, options: { cacheMs?: number } = {}) {
  const cacheMs = options.cacheMs ?? CACHE_MS;
  let index: { at: number; version: number; updated: Map<number, number> } | undefined;
  const officialYears = new Map<number, { updated: number; cal: YearCalendar }>();
  const provisionalYears = new Map<number, YearCalendar>();

  /** year → updated_at of every official year; `fresh` tells whether it was just read. */
  async function yearIndex(force: boolean): Promise<{ updated: Map<number, number>; fresh: boolean }> {
    if (!force && index && Date.now() - index.at < cacheMs && index.version === calendarVersion()) return { updated: index.updated, fresh: false };
    const version = calendarVersion();
    const rows = await listCalendarYears(k);
    index = { at: Date.now(), version, updated: new Map(rows.map((r) => [r.year, r.updatedAt.getTime()])) };
    return { updated: index.updated, fresh: true };
  }

  async function calendarOf(year: number, updatedIndex: Map<number, number>): Promise<YearCalendar> {
    const updated = updatedIndex.get(year);
    if (updated !== undefined) {
      const hit = officialYears.get(year);
      if (hit && hit.updated === updated) return hit.cal;
      const row = await loadCalendarYear(k, year);
      if (row) {
        const cal = yearCalendar(year, true, row.days);
        officialYears.set(year, { updated: row.updatedAt.getTime(), cal });
        return cal;
      }
    }
    let cal = provisionalYears.get(year);
    if (!cal) provisionalYears.set(year, (cal = yearCalendar(year, false, provisionalHolidays(year))));
    return cal;
  }

  async function compute(input: DueDateInput, updatedIndex: Map<number, number>): Promise<DueDate> {
    const loaded = new Map<number, YearCalendar>();
    for (;;) {
      const r = dueAfter(input.from, input.workingDays, (y) => loaded.get(y));
      if (!('missingYear' in r)) return r;
      loaded.set(r.missingYear, await calendarOf(r.missingYear, updatedIndex));
    }
  }

  async function computeDueDate(input: DueDateInput): Promise<DueDate> {
    const from = Date.parse(input.from);
    if (Number.isNaN(from) || !Number.isInteger(input.workingDays) || input.workingDays < 0) {
      // A malformed input would fail the same way on every retry.
      throw ApplicationFailure.nonRetryable(`computeDueDate: bad input ${JSON.stringify(input)}`, 'BadInput');
    }
    if (input.overrideMs !== undefined) return { dueAt: new Date(from + input.overrideMs).toISOString(), provisional: false };

    let years = await yearIndex(false);
    let due = await compute(input, years.updated);
    if (due.provisional && !years.fresh) {
      // The recomputeDue signal follows an admin entry that may have been made in another process,
      // within this cache's lifetime: never answer "provisional" from a cached list of years.
      years = await yearIndex(true);
      due = await compute(input, years.updated);
    }
    return due;
  }

  return { computeDueDate };
}
