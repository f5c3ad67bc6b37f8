import Router from '@koa/router';
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/client';
import type { Context } from 'koa';
import { ipciOperations, type TakeDownKind } from '../../domain/ipci';
import { ipciBatchSchema, ipciListQuerySchema } from '../../domain/ipciList';
import { paperRequestSchema, type PaperAddress } from '../../domain/paperCertificate';
import { ipciStatusOf, listIpcis, ownIpci, ownIpcis, toIpciRowJson } from '../../db/ipciList';
import { deletePaper, insertPaper, paper, papersOf, toPaperJson } from '../../db/paperCertificates';
import { relistIpci, takeDownIpci } from '../../workflows/ipciLifecycle';
import { correctPaperAddress, paperCertificate } from '../../workflows/paperCertificate';
import { CaseId, CaseKind, CaseState, IpciCode, OwnerUserId } from '../../workflows/lib/searchAttributes';
import type { ApiDeps } from '../deps';
import { conflict, HttpError, notFound } from '../errors';
import { allow } from '../middleware/auth';
import { validate } from '../middleware/validate';
import { runUpdate } from '../lib/workflowErrors';

type Action = 'takeDown' | 'relist';
const operationOf = (action: Action, kind: TakeDownKind) => `${action}${kind === 'trade' ? 'Trade' : 'Title'}` as const;

export function ipciLifecycleRoutes({ db, temporal, cfg }: ApiDeps): Router {
  const loadOwn = async (ctx: Context) => {
    const row = await ownIpci(db, ctx.state.user.id, ctx.params.id);
    if (!row) throw notFound();
    return row;
  };

  /**
   * Batch select: the same Update on each certificate; the answer says per id whether
   * it worked or why not, in the caller's language. The list's operations are checked first so an
   * impossible one is refused without waking the workflow; its validator checks again.
   */
  const batch = (action: Action) => async (ctx: Context) => {
    const { ids, kind } = ctx.state.input as { ids: string[]; kind: TakeDownKind };
    const user = ctx.state.user;
    const unique = [...new Set(ids)];
    const rows = await ownIpcis(db, user.id, unique);
    const refuse = (id: string, key: string, params: Record<string, unknown> = {}) => ({ id, ok: false, message: ctx.state.t(key, params) });
    const one = async (id: string) => {
      const row = rows.get(id);
      if (!row) return refuse(id, 'ipci.notFound');
      if (!ipciOperations(ipciStatusOf(row)).includes(operationOf(action, kind))) return refuse(id, 'ipci.operationNotAllowed');
      try {
        const update = action === 'takeDown' ? takeDownIpci : relistIpci;
        const view = await runUpdate(() => temporal.workflow.getHandle(row.workflow_id).executeUpdate(update, { args: [{ userId: user.id, kind }] }));
        return { id, ok: true, state: view.state, operations: view.operations };
      } catch (err) {
        if (!(err instanceof HttpError)) throw err;
        // A finished lifecycle (the certificate became invalid meanwhile) answers like any closed case.
        return err.key === 'task.stale' ? refuse(id, 'ipci.operationNotAllowed') : refuse(id, err.key, err.params);
      }
    };
    // Each certificate has its own workflow, so the Updates run side by side.
    const results = await Promise.all(unique.map(one));
    ctx.body = { results };
  };

  return new Router()
    .get('/api/ipcis', allow('user'), validate(ipciListQuerySchema, 'query'), async (ctx) => {
      ctx.body = await listIpcis(db, ctx.state.user.id, ctx.state.input);
    })
    .post('/api/ipcis/takedown', allow('user'), validate(ipciBatchSchema), batch('takeDown'))
    .post('/api/ipcis/relist', allow('user'), validate(ipciBatchSchema), batch('relist'))
    .get('/api/ipcis/:id', allow('user'), async (ctx) => {
      ctx.body = { ipci: toIpciRowJson(await loadOwn(ctx)) };
    })
    .get('/api/ipcis/:id/paper', allow('user'), async (ctx) => {
      const row = await loadOwn(ctx);
      ctx.body = { items: (await papersOf(db, row.id)).map(toPaperJson) };
    })
    .post('/api/ipcis/:id/paper', allow('user'), validate(paperRequestSchema), async (ctx) => {
      const row = await loadOwn(ctx);
      const status = ipciStatusOf(row);
      if (!status.paid || status.invalid) throw conflict('ipci.paperNotAllowed');
      const user = ctx.state.user;
      const address: PaperAddress = ctx.state.input.address;
      const request = await insertPaper(db, row.id, user.id, address);
      if (!request) throw conflict('paper.alreadyRequested');
      try {
        await temporal.workflow.start(paperCertificate, {
          taskQueue: cfg.taskQueue,
          workflowId: request.workflow_id,
          args: [{ paperId: request.id, ipciId: row.id, userId: user.id, code: row.code!, slaOverrideMs: slaOverride() }],
          typedSearchAttributes: [
            { key: CaseId, value: request.id },
            { key: CaseKind, value: 'paperCertificate' },
            { key: CaseState, value: 'requested' },
            { key: OwnerUserId, value: user.id },
            { key: IpciCode, value: row.code! },
          ],
          memo: { title: `Paper certificate of IPCI ${row.code}` },
          staticSummary: `Paper certificate of IPCI ${row.code}`,
          staticDetails: `Request ${request.id} of user ${user.id}; the fulfilment task lives in queue "finance".`,
        });
      } catch (err) {
        if (!(err instanceof WorkflowExecutionAlreadyStartedError)) {
          await deletePaper(db, request.id);
          throw err;
        }
      }
      ctx.status = 201;
      ctx.body = { paper: toPaperJson(request) };
    })
    .put('/api/ipcis/:id/paper/:paperId', allow('user'), validate(paperRequestSchema), async (ctx) => {
      const row = await loadOwn(ctx);
      const request = await paper(db, ctx.params.paperId);
      if (!request || request.ipci_id !== row.id) throw notFound();
      if (request.state !== 'flagged') throw conflict('paper.notAwaitingCorrection');
      await runUpdate(() =>
        temporal.workflow.getHandle(request.workflow_id).executeUpdate(correctPaperAddress, { args: [{ userId: ctx.state.user.id, address: ctx.state.input.address }] }),
      );
      ctx.body = { paper: toPaperJson((await paper(db, request.id))!) };
    });
}

/** IPCI_PAPER_SLA_MS shortens the fulfilment SLA for tests and demos; unset in production. */
function slaOverride(): number | undefined {
  const ms = Number(process.env.IPCI_PAPER_SLA_MS);
  return Number.isFinite(ms) && ms > 0 ? ms : undefined;
}
