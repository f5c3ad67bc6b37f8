import { execFileSync } from 'child_process';
import { join } from 'path';
import { calendarYearBodySchema, statutoryHolidays, weekdayOf, type CalendarDay } from '../../domain/calendar';
import { chineseDaysAlmanac, provisionalHolidays } from '../../db/calendar';
import { packageCalendar } from '../../db/seedCalendar';
import {
  addWorkingDays,
  dueAfter,
  endOfShanghaiDay,
  isWorkingDay,
  shanghaiDay,
  yearCalendar,
  type YearCalendar,
} from '../../activities/lib/workingDayMath';

// What the activity does against the database, with the package's data standing in for it:
// official years as the package has them, later years from the statutory holidays.
const official = packageCalendar();
const calendars = new Map<number, YearCalendar>();
function calendarOf(year: number): YearCalendar {
  let cal = calendars.get(year);
  if (!cal) {
    const days = official.get(year);
    cal = days ? yearCalendar(year, true, days) : yearCalendar(year, false, provisionalHolidays(year));
    calendars.set(year, cal);
  }
  return cal;
}
function due(from: string, n: number) {
  const r = dueAfter(from, n, calendarOf);
  if ('missingYear' in r) throw new Error('unreachable');
  return r;
}
const holidaysOf = (days: CalendarDay[]) => days.filter((d) => d.kind === 'holiday').map((d) => d.day);

describe('package data', () => {
  it('covers 2004 to 2026 with holidays and adjusted working weekends', () => {
    const years = [...official.keys()].sort();
    expect(years[0]).toBe(2004);
    expect(years.at(-1)).toBe(2026);
    const y2026 = official.get(2026)!;
    expect(y2026).toContainEqual({ day: '2026-10-10', kind: 'workday', name: '国庆节' });
    expect(y2026).toContainEqual({ day: '2026-09-25', kind: 'holiday', name: '中秋' });
    // Adjusted working days are always weekends.
    for (const days of official.values()) for (const d of days) if (d.kind === 'workday') expect([0, 6]).toContain(weekdayOf(d.day));
  });
});

describe('official year (2026)', () => {
  it('counts over Mid-Autumn and National Day: Friday 2026-09-25 + 5 working days is Friday 10-09', () => {
    // 09-25 Mid-Autumn (from-day itself is not counted), 09-26/27 off, 09-28..30 work (3),
    // 10-01..07 National Day, 10-08 (4), 10-09 (5).
    expect(due('2026-09-25T02:00:00Z', 5)).toEqual({ dueAt: '2026-10-09T15:59:59.999Z', provisional: false });
  });

  it('counts the adjusted working weekends: Saturday 10-10 and Sunday 09-20 are working days', () => {
    expect(due('2026-09-25T02:00:00Z', 6)).toEqual({ dueAt: '2026-10-10T15:59:59.999Z', provisional: false });
    expect(due('2026-09-18T02:00:00Z', 1).dueAt).toBe(endOfShanghaiDay('2026-09-20'));
    // An ordinary weekend is not.
    expect(due('2026-09-11T02:00:00Z', 1).dueAt).toBe(endOfShanghaiDay('2026-09-14'));
  });
});

describe('year without an official calendar (2027)', () => {
  const days = statutoryHolidays(2027, chineseDaysAlmanac);

  it('has the 13 statutory holidays of the 2025 rules', () => {
    expect(holidaysOf(days)).toEqual([
      '2027-01-01',
      '2027-02-05', // lunar New Year's Eve (腊月廿九 in 2027: the twelfth month has 29 days)
      '2027-02-06',
      '2027-02-07',
      '2027-02-08',
      '2027-04-05', // Qingming
      '2027-05-01',
      '2027-05-02',
      '2027-06-09', // Dragon Boat, lunar 5/5
      '2027-09-15', // Mid-Autumn, lunar 8/15
      '2027-10-01',
      '2027-10-02',
      '2027-10-03',
    ]);
    expect(days.find((d) => d.day === '2027-02-05')?.name).toBe('春节');
  });

  it('computes statutory days that the official calendars of 2025 and 2026 indeed give off', () => {
    for (const year of [2025, 2026]) {
      const off = new Set(holidaysOf(official.get(year)!));
      expect(holidaysOf(statutoryHolidays(year, chineseDaysAlmanac)).filter((d) => !off.has(d))).toEqual([]);
    }
  });

  it('makes no weekend a working day: Saturday 2027-01-30 before the Spring Festival stays off', () => {
    expect(isWorkingDay('2027-02-05', calendarOf(2027))).toBe(false);
    expect(isWorkingDay('2027-01-30', calendarOf(2027))).toBe(false);
    expect(isWorkingDay('2027-02-09', calendarOf(2027))).toBe(true);
    // Thursday 02-04 + 1: Fri 02-05 eve, weekend, Mon 02-08 (lunar 1/3) are off → Tuesday 02-09.
    expect(due('2027-02-04T02:00:00Z', 1)).toEqual({ dueAt: '2027-02-09T15:59:59.999Z', provisional: true });
  });

  it('is provisional as soon as one counted day lies in 2027, not before', () => {
    // Wed 2026-12-30 + 3: Thu 12-31 (1), Fri 01-01 off, Mon 01-04 (2), Tue 01-05 (3).
    expect(due('2026-12-30T02:00:00Z', 3)).toEqual({ dueAt: '2027-01-05T15:59:59.999Z', provisional: true });
    expect(due('2026-12-28T02:00:00Z', 3)).toEqual({ dueAt: '2026-12-31T15:59:59.999Z', provisional: false });
  });

  it('merges Mid-Autumn into National Day when they coincide (2028 has a leap 5th month too)', () => {
    // 2028: lunar new year 01-26, Dragon Boat in the ordinary 5th month (05-28), Mid-Autumn 10-03.
    const y2028 = statutoryHolidays(2028, chineseDaysAlmanac);
    expect(holidaysOf(y2028)).toEqual(expect.arrayContaining(['2028-01-25', '2028-01-26', '2028-05-28', '2028-10-03']));
    expect(y2028).toHaveLength(12);
    expect(y2028.find((d) => d.day === '2028-10-03')?.name).toBe('国庆节、中秋');
  });

  it('does not depend on the host time zone (chinese-days misreads dates west of UTC)', () => {
    // Jest sandboxes process.env, so the zone can only be changed in a child process.
    const code = `const { statutoryHolidays } = require('./domain/calendar');
      const { chineseDaysAlmanac } = require('./db/calendar');
      process.stdout.write(JSON.stringify(statutoryHolidays(2027, chineseDaysAlmanac).map((d) => d.day)));`;
    for (const TZ of ['America/New_York', 'Pacific/Pago_Pago', 'Pacific/Kiritimati']) {
      const out = execFileSync(process.execPath, ['--require', 'tsx/cjs', '-e', code], { cwd: join(__dirname, '../..'), env: { ...process.env, TZ } });
      expect([TZ, JSON.parse(String(out))]).toEqual([TZ, holidaysOf(days)]);
    }
  });
});

describe('Asia/Shanghai day boundary', () => {
  it('takes the day an instant falls on in Shanghai (UTC+8)', () => {
    expect(shanghaiDay('2026-01-05T17:00:00Z')).toBe('2026-01-06');
    expect(shanghaiDay('2026-01-05T15:59:59.999Z')).toBe('2026-01-05');
    // So 17:00Z on Monday counts from Tuesday: + 1 → end of Wednesday Jan 7 in Shanghai.
    expect(due('2026-01-05T17:00:00Z', 1).dueAt).toBe('2026-01-07T15:59:59.999Z');
    expect(due('2026-01-05T15:00:00Z', 1).dueAt).toBe('2026-01-06T15:59:59.999Z');
  });
});

describe('addWorkingDays', () => {
  it('n = 0 is the start day itself; negative or fractional n is refused', () => {
    expect(addWorkingDays('2026-10-03', 0, calendarOf)).toEqual({ day: '2026-10-03', provisional: false });
    expect(() => addWorkingDays('2026-10-03', -1, calendarOf)).toThrow(RangeError);
    expect(() => addWorkingDays('2026-10-03', 1.5, calendarOf)).toThrow(RangeError);
  });

  it('asks for a year it has not been given', () => {
    const only2026 = (y: number) => (y === 2026 ? calendarOf(2026) : undefined);
    expect(addWorkingDays('2026-12-30', 3, only2026)).toEqual({ missingYear: 2027 });
  });

  it('refuses a calendar without working days instead of looping', () => {
    const allOff = (y: number): YearCalendar => ({ year: y, official: true, holidays: { has: () => true } as unknown as Set<string>, workdays: new Set() });
    expect(() => addWorkingDays('2026-01-01', 1, allOff)).toThrow(/check the calendar/);
  });
});

describe('admin calendar schema', () => {
  const schema = calendarYearBodySchema(2027);
  async function fieldErrors(body: unknown): Promise<Record<string, string>> {
    try {
      await schema.validate(body, { abortEarly: false });
      return {};
    } catch (err) {
      const e = err as { inner: { path: string; message: string }[] };
      return Object.fromEntries(e.inner.map((i) => [i.path, i.message]));
    }
  }

  it('accepts a year of holidays and weekend working days', async () => {
    expect(
      await fieldErrors({
        days: [
          { day: '2027-01-01', kind: 'holiday', name: '元旦' },
          { day: '2027-01-30', kind: 'workday', name: '春节' },
        ],
      }),
    ).toEqual({});
  });

  it('names the offending field', async () => {
    expect(
      await fieldErrors({
        days: [
          { day: '2027-01-01', kind: 'holiday', name: '元旦' },
          { day: '2027-02-30', kind: 'holiday', name: 'x' },
          { day: '2026-12-31', kind: 'holiday', name: 'x' },
          { day: '2027-02-01', kind: 'workday', name: 'x' }, // a Monday
          { day: '2027-01-01', kind: 'holiday', name: 'again' },
          { day: '2027-03-01', kind: 'vacation', name: '' },
          { day: '2027-03-02', kind: 'holiday', name: 'x'.repeat(65) },
        ],
      }),
    ).toEqual({
      'days[1].day': 'validation.date',
      'days[2].day': 'calendar.dayOutsideYear',
      'days[3].day': 'calendar.workdayNotWeekend',
      'days[4].day': 'calendar.duplicateDay',
      'days[5].kind': 'validation.oneOf',
      'days[5].name': 'validation.required',
      'days[6].name': 'validation.maxLength',
    });
  });

  it('refuses a year without any holiday', async () => {
    expect(await fieldErrors({ days: [] })).toEqual({ days: 'calendar.invalidYear' });
  });
});
