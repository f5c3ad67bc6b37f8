import Router from '@koa/router';
import type { Middleware } from 'koa';
import type { Knex } from 'knex';
import { WorkflowNotFoundError } from '@temporalio/client';
import { calendarYearBodySchema, calendarYearSchema, type CalendarDay, type CalendarYearBody } from '../../domain/calendar';
import { calendarForYear, openProvisionalTasks, replaceCalendarYear } from '../../db/calendar';
import { recomputeDue } from '../../workflows/lib/humanTask';
import type { ApiDeps } from '../deps';
import { HttpError } from '../errors';
import { allow } from '../middleware/auth';
import { validate } from '../middleware/validate';
import { checkInput } from '../../domain/validation/rules';

const PATH = '/api/admin/calendar/:year';
/** Signals in flight at once: enough to be quick, few enough not to flood the Temporal frontend. */
const SIGNAL_BATCH = 20;

/** ctx.state.year from the path, 2000–2100; a 400 with a `year` field message otherwise. */
const yearParam: Middleware = async (ctx, next) => {
  ctx.state.year = (await checkInput(calendarYearSchema, { year: ctx.params.year })).year;
  await next();
};

async function yearView(k: Knex, year: number) {
  const cal = await calendarForYear(k, year);
  return { year, official: cal.official, source: cal.source, days: cal.days };
}

/** Asks every open task with a provisional due date to recompute it; returns how many were told. */
async function recomputeProvisional(deps: ApiDeps): Promise<number> {
  const tasks = await openProvisionalTasks(deps.db);
  let count = 0;
  let failure: unknown;
  for (let i = 0; i < tasks.length; i += SIGNAL_BATCH) {
    const results = await Promise.allSettled(
      tasks.slice(i, i + SIGNAL_BATCH).map((t) => deps.temporal.workflow.getHandle(t.workflow_id).signal(recomputeDue)),
    );
    for (const r of results) {
      if (r.status === 'fulfilled') count++;
      // A workflow that has ended (or was never started) has nothing to recompute.
      else if (!(r.reason instanceof WorkflowNotFoundError)) failure ??= r.reason;
    }
  }
  if (failure) {
    // The calendar is saved; saving it again (idempotent) signals the rest.
    throw new HttpError(503, 'unavailable', 'http.unavailable');
  }
  return count;
}

/** GET / PUT /api/admin/calendar/:year — the official working-day calendar, admins only. */
export function calendarRoutes(deps: ApiDeps): Router {
  const router = new Router();

  router.get(PATH, allow('admin'), yearParam, async (ctx) => {
    ctx.body = await yearView(deps.db, ctx.state.year);
  });

  router.put(
    PATH,
    allow('admin'),
    yearParam,
    // The schema depends on the year (every day must lie inside it), so it is built per request.
    (ctx, next) => validate(calendarYearBodySchema(ctx.state.year))(ctx, next),
    async (ctx) => {
      const year: number = ctx.state.year;
      const input = ctx.state.input as CalendarYearBody;
      const days: CalendarDay[] = input.days.map((d) => ({ day: d.day, kind: d.kind as CalendarDay['kind'], name: d.name }));
      await replaceCalendarYear(deps.db, year, days, 'admin');
      const recomputed = await recomputeProvisional(deps);
      ctx.body = { ...(await yearView(deps.db, year)), recomputed };
    },
  );

  return router;
}
