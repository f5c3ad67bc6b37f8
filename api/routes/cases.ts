import Router from '@koa/router';
import type { Middleware } from 'koa';
import { PROCESSES } from '../../domain/processes';
import { isStaff } from '../../domain/roles';
import { caseEvents } from '../../db/caseEvents';
import { caseRef } from '../../db/cases';
import { workflowUrl } from '../../temporal/config';
import type { ApiDeps } from '../deps';
import { forbidden, notFound } from '../errors';
import { allow } from '../middleware/auth';

export function caseRoutes({ db, cfg, events }: ApiDeps): Router {
  // The case's owner and staff may see its timeline; nobody else learns it exists.
  const loadCase: Middleware = async (ctx, next) => {
    const ref = await caseRef(db, ctx.params.kind, ctx.params.id);
    if (!ref) throw notFound();
    const reader: string = ctx.state.user.id;
    if (ref.ownerId !== reader && !ref.viewerIds?.includes(reader) && !isStaff(ctx.state.user.roles)) throw forbidden();
    ctx.state.case = ref;
    await next();
  };

  return new Router()
    .get('/api/cases/:kind/:id', allow('user', 'reviewer', 'admin'), loadCase, async (ctx) => {
      const { kind, id } = ctx.params;
      ctx.body = {
        model: PROCESSES[kind],
        events: await caseEvents(db, kind, id),
        workflowUrl: isStaff(ctx.state.user.roles) ? workflowUrl(cfg, ctx.state.case.workflowId) : null,
      };
    })
    .get('/api/cases/:kind/:id/stream', allow('user', 'reviewer', 'admin'), loadCase, async (ctx) => {
      events.stream(ctx, `case:${ctx.params.kind}:${ctx.params.id}`);
    });
}
