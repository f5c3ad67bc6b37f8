import type { AddressInfo } from 'net';
import type { Server } from 'http';
import Koa from 'koa';
import { bodyParser } from '@koa/bodyparser';
import { WorkflowNotFoundError } from '@temporalio/client';
import { createDb } from '../../db/connection';
import { migrate } from '../../db/migrate';
import { calendarForYear, loadCalendarYear, provisionalHolidays, replaceCalendarYear } from '../../db/calendar';
import { packageCalendar, seedCalendar } from '../../db/seedCalendar';
import { workingDayActivities } from '../../activities/workingDays';
import { calendarRoutes } from '../../api/routes/calendar';
import type { ApiDeps } from '../../api/deps';
import { errors } from '../../api/middleware/errors';
import { lang } from '../../api/middleware/lang';
import type { CalendarDay } from '../../domain/calendar';

const k = createDb(process.env.DATABASE_URL, { min: 0, max: 4 });

/** A made-up official 2027 (the real one is not published yet) that differs from the statutory days. */
const OFFICIAL_2027: CalendarDay[] = [
  ...['01-01', '01-02', '01-03'].map((d) => ({ day: `2027-${d}`, kind: 'holiday' as const, name: '元旦' })),
  ...['02-05', '02-06', '02-07', '02-08', '02-09', '02-10', '02-11', '02-12', '02-13'].map((d) => ({ day: `2027-${d}`, kind: 'holiday' as const, name: '春节' })),
  { day: '2027-01-30', kind: 'workday', name: '春节' },
  { day: '2027-02-20', kind: 'workday', name: '春节' },
  { day: '2027-04-05', kind: 'holiday', name: '清明' },
  ...['10-01', '10-02', '10-03', '10-04', '10-05', '10-06', '10-07'].map((d) => ({ day: `2027-${d}`, kind: 'holiday' as const, name: '国庆节' })),
];

// The shared database may be used by other test files: leave 2027 and the tasks as we found them.
let had2027 = false;
const TASK_PREFIX = 'calendar-test/';

beforeAll(async () => {
  await migrate(k);
  had2027 = !!(await loadCalendarYear(k, 2027));
});

afterAll(async () => {
  if (!had2027) await k('calendar_years').where({ year: 2027 }).delete();
  await k('tasks').where('id', 'like', `${TASK_PREFIX}%`).delete();
  await k.destroy();
});

describe('seedCalendar', () => {
  it('loads every package year once and is idempotent', async () => {
    await seedCalendar(k);
    const again = await seedCalendar(k);
    expect(again.written).toEqual([]);

    const expected = packageCalendar();
    const years = await k('calendar_years').whereIn('year', [...expected.keys()]).select('year', 'source');
    expect(years).toHaveLength(expected.size);
    const y2026 = await loadCalendarYear(k, 2026);
    expect(y2026?.source).toBe('package');
    expect(y2026?.days).toEqual(expected.get(2026));
  });

  it('never overwrites a year an admin entered, and repairs a package year', async () => {
    await replaceCalendarYear(k, 2005, [{ day: '2005-01-01', kind: 'holiday', name: 'admin edit' }], 'admin');
    await k('calendar_days').where({ day: '2006-01-01' }).update({ name: 'tampered' });
    const { written } = await seedCalendar(k);
    expect(written).toEqual([2006]);
    expect((await loadCalendarYear(k, 2005))?.days).toEqual([{ day: '2005-01-01', kind: 'holiday', name: 'admin edit' }]);
    expect((await loadCalendarYear(k, 2006))?.days).toEqual(packageCalendar().get(2006));

    // Back to the package's 2005 for anyone else using this database.
    await k('calendar_years').where({ year: 2005 }).delete();
    expect((await seedCalendar(k)).written).toEqual([2005]);
  });
});

describe('computeDueDate', () => {
  beforeAll(() => seedCalendar(k));

  it('uses the official calendar from the database', async () => {
    const { computeDueDate } = workingDayActivities(k);
    // Friday 2026-09-25 (Mid-Autumn) + 5 working days over National Day → Friday 10-09, end of day in Shanghai.
    await expect(computeDueDate({ from: '2026-09-25T02:00:00Z', workingDays: 5 })).resolves.toEqual({ dueAt: '2026-10-09T15:59:59.999Z', provisional: false });
    // + 6 reaches the adjusted working Saturday 10-10.
    await expect(computeDueDate({ from: '2026-09-25T02:00:00Z', workingDays: 6 })).resolves.toEqual({ dueAt: '2026-10-10T15:59:59.999Z', provisional: false });
  });

  it('follows an admin correction of an official year made in the same process at once', async () => {
    // A past date, so that services sharing this database are not disturbed meanwhile.
    const { computeDueDate } = workingDayActivities(k);
    await expect(computeDueDate({ from: '2026-03-09T02:00:00Z', workingDays: 1 })).resolves.toMatchObject({ dueAt: '2026-03-10T15:59:59.999Z' });
    const y2026 = (await loadCalendarYear(k, 2026))!.days;
    try {
      await replaceCalendarYear(k, 2026, [...y2026, { day: '2026-03-10', kind: 'holiday', name: 'test' }], 'admin');
      await expect(computeDueDate({ from: '2026-03-09T02:00:00Z', workingDays: 1 })).resolves.toMatchObject({ dueAt: '2026-03-11T15:59:59.999Z' });
    } finally {
      await replaceCalendarYear(k, 2026, y2026, 'package');
    }
  });

  it('honours overrideMs (tests shorten SLAs)', async () => {
    const { computeDueDate } = workingDayActivities(k);
    await expect(computeDueDate({ from: '2026-09-25T02:00:00Z', workingDays: 5, overrideMs: 1500 })).resolves.toEqual({ dueAt: '2026-09-25T02:00:01.500Z', provisional: false });
  });

  it('is provisional past the last official year, and final once an admin enters it — even from another process', async () => {
    if (had2027) return; // somebody entered 2027 for real: nothing provisional left to check
    const { computeDueDate } = workingDayActivities(k);
    const before = await computeDueDate({ from: '2027-02-04T02:00:00Z', workingDays: 1 });
    expect(before).toEqual({ dueAt: '2027-02-09T15:59:59.999Z', provisional: true });
    await expect(computeDueDate({ from: '2027-02-19T02:00:00Z', workingDays: 1 })).resolves.toEqual({ dueAt: '2027-02-22T15:59:59.999Z', provisional: true });

    // Written behind the activity's back, as an API process would: its cached list of years does
    // not know 2027, but a provisional answer is always checked against the database.
    await k.transaction(async (trx) => {
      await trx('calendar_years').insert({ year: 2027, source: 'admin' });
      await trx('calendar_days').insert(OFFICIAL_2027.map((d) => ({ ...d, year: 2027 })));
    });
    try {
      await expect(computeDueDate({ from: '2027-02-04T02:00:00Z', workingDays: 1 })).resolves.toEqual({ dueAt: '2027-02-15T15:59:59.999Z', provisional: false });
      await expect(computeDueDate({ from: '2027-02-19T02:00:00Z', workingDays: 1 })).resolves.toEqual({ dueAt: '2027-02-20T15:59:59.999Z', provisional: false });
    } finally {
      await k('calendar_years').where({ year: 2027 }).delete();
    }
    // (The instance above may keep its official answer for up to a minute; a fresh one sees the removal.)
    await expect(workingDayActivities(k).computeDueDate({ from: '2027-02-04T02:00:00Z', workingDays: 1 })).resolves.toEqual(before);
  });
});

describe('GET/PUT /api/admin/calendar/:year', () => {
  let server: Server;
  let base = '';
  const signalled: string[] = [];
  let temporalDown = false;

  beforeAll(async () => {
    await seedCalendar(k);
    const temporal = {
      workflow: {
        getHandle: (workflowId: string) => ({
          signal: async () => {
            if (temporalDown) throw new Error('connection refused');
            if (workflowId.endsWith('/gone')) throw new WorkflowNotFoundError('not found', workflowId, undefined);
            signalled.push(workflowId);
          },
        }),
      },
    };
    const deps = { db: k, temporal } as unknown as ApiDeps;
    const app = new Koa();
    app.use(lang);
    app.use(errors);
    // Stands in for the session middleware: the role comes from a test header.
    app.use(async (ctx, next) => {
      const role = ctx.get('x-test-role');
      ctx.state.user = role ? { id: '00000000-0000-0000-0000-000000000001', roles: [role] } : undefined;
      await next();
    });
    app.use(bodyParser());
    app.use(calendarRoutes(deps).routes());
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

    const task = (id: string, status: string, provisional: boolean) => ({
      id: `${TASK_PREFIX}${id}`,
      queue: 'identity',
      candidate_role: 'reviewer',
      case_kind: 'identityReview',
      case_id: id,
      workflow_id: `${TASK_PREFIX}${id}`,
      step: 'review',
      title: 'calendar test',
      status,
      due_at: '2027-02-09T15:59:59.999Z',
      due_provisional: provisional,
      sla_working_days: 5,
    });
    await k('tasks').insert([task('open', 'open', true), task('claimed', 'claimed', true), task('gone', 'open', true), task('done', 'done', true), task('final', 'open', false)]);
  });

  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const call = (method: string, year: number | string, role?: string, body?: unknown) =>
    fetch(`${base}/api/admin/calendar/${year}`, {
      method,
      headers: { 'content-type': 'application/json', 'accept-language': 'en-US', ...(role && { 'x-test-role': role }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  it('is for admins only', async () => {
    expect((await call('GET', 2026)).status).toBe(401);
    expect((await call('GET', 2026, 'reviewer')).status).toBe(403);
    expect((await call('PUT', 2026, 'reviewer', { days: [] })).status).toBe(403);
  });

  it('shows an official year and, for a year not entered, the statutory holidays', async () => {
    const official = await call('GET', 2026, 'admin');
    expect(official.status).toBe(200);
    const y2026 = (await official.json()) as { days: CalendarDay[] };
    expect(y2026).toMatchObject({ year: 2026, official: true, source: 'package' });
    expect(y2026.days).toContainEqual({ day: '2026-10-10', kind: 'workday', name: '国庆节' });

    if (had2027) return;
    const provisional = await (await call('GET', 2027, 'admin')).json();
    expect(provisional).toEqual({ year: 2027, official: false, source: null, days: provisionalHolidays(2027) });
  });

  it('answers 400 with field messages in the caller language', async () => {
    const badYear = await call('GET', 1999, 'admin');
    expect(badYear.status).toBe(400);
    expect(((await badYear.json()) as { fields: unknown }).fields).toEqual({ year: 'Must be at least 2000' });

    const bad = await call('PUT', 2027, 'admin', {
      days: [
        { day: '2027-01-01', kind: 'holiday', name: '元旦' },
        { day: '2027-02-01', kind: 'workday', name: '春节' },
        { day: '2027-01-01', kind: 'holiday', name: '元旦' },
      ],
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      code: 'validation',
      fields: { 'days[1].day': 'An adjusted working day must be a Saturday or Sunday', 'days[2].day': '2027-01-01 is listed more than once' },
    });
    expect(await calendarForYear(k, 2027)).toMatchObject({ official: had2027 });
  });

  it('saves a year and asks open provisional tasks to recompute their due dates', async () => {
    if (had2027) return;
    try {
      const res = await call('PUT', 2027, 'admin', { days: OFFICIAL_2027 });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { days: CalendarDay[]; recomputed: number };
      expect(body).toMatchObject({ year: 2027, official: true, source: 'admin' });
      expect(body.days).toHaveLength(OFFICIAL_2027.length);
      // Open and claimed provisional tasks; not the finished one, not the final one, not a vanished workflow.
      expect(signalled).toEqual(expect.arrayContaining([`${TASK_PREFIX}open`, `${TASK_PREFIX}claimed`]));
      expect(signalled).not.toContain(`${TASK_PREFIX}done`);
      expect(signalled).not.toContain(`${TASK_PREFIX}final`);
      expect(body.recomputed).toBe(signalled.length);

      const { computeDueDate } = workingDayActivities(k);
      await expect(computeDueDate({ from: '2027-02-04T02:00:00Z', workingDays: 1 })).resolves.toEqual({ dueAt: '2027-02-15T15:59:59.999Z', provisional: false });

      temporalDown = true;
      expect((await call('PUT', 2027, 'admin', { days: OFFICIAL_2027 })).status).toBe(503);
    } finally {
      temporalDown = false;
      await k('calendar_years').where({ year: 2027 }).delete();
    }
  });
});
