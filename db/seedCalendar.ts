import type { Knex } from 'knex';
// The package's data file (documented in its README as chinese-days.json): reading the maps directly
// is far faster than asking its per-day functions, and those misread dates west of UTC.
import packageData from 'chinese-days/dist/chinese-days.json';
import type { CalendarDay } from '../domain/calendar';
import { CALENDAR_LOCK, calendarChanged } from './calendar';

/** Values look like "Spring Festival,春节,4": English name, Chinese name, length of the break. */
type DayMap = Record<string, string>;
const data = packageData as unknown as { holidays: DayMap; workdays: DayMap };

/** Every year chinese-days has official data for, with its holidays and adjusted working weekends. */
export function packageCalendar(): Map<number, CalendarDay[]> {
  const years = new Map<number, CalendarDay[]>();
  const put = (map: DayMap, kind: CalendarDay['kind']) => {
    for (const [day, label] of Object.entries(map)) {
      const year = Number(day.slice(0, 4));
      const [english, chinese] = label.split(',');
      const list = years.get(year) ?? [];
      list.push({ day, kind, name: (chinese || english || kind).slice(0, 64) });
      years.set(year, list);
    }
  };
  put(data.holidays, 'holiday');
  put(data.workdays, 'workday');
  for (const list of years.values()) list.sort((a, b) => a.day.localeCompare(b.day));
  return years;
}

const fingerprint = (days: readonly CalendarDay[]) =>
  days
    .map((d) => `${d.day}|${d.kind}|${d.name}`)
    .sort()
    .join('\n');

/**
 * Inserts (or, after a package upgrade corrected it, replaces) every year the package knows.
 * Years an admin entered are never touched. Runs at every start, so the steady state is two
 * reads and no writes.
 */
export async function seedCalendar(k: Knex): Promise<{ written: number[] }> {
  const wanted = packageCalendar();
  const written: number[] = [];
  await k.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(?)', [CALENDAR_LOCK]);
    const existing = new Map<number, string>((await trx('calendar_years').select('year', 'source')).map((r) => [r.year, r.source]));
    const stored = new Map<number, CalendarDay[]>();
    const rows: (CalendarDay & { year: number })[] = await trx('calendar_days as d')
      .join('calendar_years as y', 'y.year', 'd.year')
      .where('y.source', 'package')
      .select('d.year', trx.raw(`to_char(d.day, 'YYYY-MM-DD') as day`), 'd.kind', 'd.name');
    for (const r of rows) {
      const list = stored.get(r.year) ?? [];
      list.push({ day: r.day, kind: r.kind, name: r.name });
      stored.set(r.year, list);
    }

    for (const [year, days] of wanted) {
      const source = existing.get(year);
      if (source === 'admin') continue;
      if (source === 'package' && fingerprint(stored.get(year) ?? []) === fingerprint(days)) continue;
      written.push(year);
    }
    if (!written.length) return;

    await trx('calendar_years')
      .insert(written.map((year) => ({ year, source: 'package', updated_at: trx.fn.now() })))
      .onConflict('year')
      .merge(['source', 'updated_at']);
    await trx('calendar_days').whereIn('year', written).delete();
    const all = written.flatMap((year) => wanted.get(year)!.map((d) => ({ ...d, year })));
    for (let i = 0; i < all.length; i += 1000) await trx('calendar_days').insert(all.slice(i, i + 1000));
  });
  if (written.length) calendarChanged();
  return { written };
}
