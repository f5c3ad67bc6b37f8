import Router from '@koa/router';
import type { ApiDeps } from '../deps';
import { workerPollers } from '../../temporal/client';

async function check(fn: () => Promise<string | undefined>) {
  try {
    return { ok: true, detail: await fn() };
  } catch (err) {
    return { ok: false, detail: (err as Error).message };
  }
}

export function healthRoutes({ db, temporal, cfg }: ApiDeps): Router {
  return new Router().get('/api/health', async (ctx) => {
    const [database, temporalStatus, worker] = await Promise.all([
      check(async () => {
        await db.raw('select 1');
        return undefined;
      }),
      check(async () => {
        await temporal.workflowService.getSystemInfo({});
        return cfg.address;
      }),
      check(async () => {
        const n = await workerPollers(temporal, cfg);
        if (!n) throw new Error(`no worker polls task queue ${cfg.taskQueue}`);
        return `${n} poller(s)`;
      }),
    ]);
    const ok = database.ok && temporalStatus.ok && worker.ok;
    ctx.status = ok ? 200 : 503;
    ctx.body = { status: ok ? 'ok' : 'degraded', database, temporal: temporalStatus, worker };
  });
}
