import Router from '@koa/router';
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/client';
import type { Context, Middleware } from 'koa';
import { protectionListQuerySchema, protectionSchema, protectionSupplementSchema } from '../../domain/protection';
import {
  deleteProtectionCaseRow,
  insertProtectionCase,
  protectionCase,
  protectionCasesOf,
  protectionIpciChoices,
  protectionUpdates,
  protectionUploadIds,
  toProtectionCaseJson,
  type ProtectionCaseRow,
} from '../../db/protection';
import { findUploads, toUploadJson } from '../../db/uploads';
import { protectionCase as protectionWorkflow, supplyProtectionMaterials } from '../../workflows/protectionCase';
import { protectionCaseStart } from '../../workflows/lib/protectionCaseStart';
import type { ApiDeps } from '../deps';
import { conflict, notFound } from '../errors';
import { envMs } from '../lib/envMs';
import { checkOwnedUploads } from '../lib/ownedUploads';
import { checkProtectionApplication, protectionFileRefs } from '../lib/protectionApplication';
import { runUpdate } from '../lib/workflowErrors';
import { allow } from '../middleware/auth';
import { requireVerifiedIdentity } from '../middleware/identity';
import { validate } from '../middleware/validate';

export { protectionFileRefs };

export const protectionUploads = async (db: ApiDeps['db'], ids: readonly string[]) =>
  Object.fromEntries((await findUploads(db, [...ids])).map((u) => [u.id, toUploadJson(u)]));

/**
 * Rights protection, the applicant's side (protect/rightprocess, usercenter/rightprotect,
 * protectdetail/:id, rightprotectupdate/:id). Another user's case is a 404: nobody learns it exists.
 */
export function protectionRoutes({ db, temporal, cfg }: ApiDeps): Router {
  const user = allow('user');
  const verified = requireVerifiedIdentity(db);

  const loadOwn: Middleware = async (ctx, next) => {
    const row = await protectionCase(db, ctx.params.id);
    if (!row || row.user_id !== ctx.state.user.id) throw notFound();
    ctx.state.protectionCase = row;
    await next();
  };
  const own = (ctx: Context) => ctx.state.protectionCase as ProtectionCaseRow;

  return new Router()
    .get('/api/protection/ipcis', user, async (ctx) => {
      ctx.body = await protectionIpciChoices(db, ctx.state.user.id);
    })
    .post('/api/protection/cases', user, verified, validate(protectionSchema), async (ctx) => {
      const data = ctx.state.input;
      const me: string = ctx.state.user.id;
      await checkProtectionApplication(db, me, data);
      const row = await insertProtectionCase(db, me, data);
      try {
        await temporal.workflow.start(protectionWorkflow, {
          taskQueue: cfg.taskQueue,
          ...protectionCaseStart({ caseId: row.id, workflowId: row.workflow_id, userId: me, kind: row.kind, code: row.code, slaOverrideMs: envMs('PROTECTION_SLA_MS') }),
        });
      } catch (err) {
        if (!(err instanceof WorkflowExecutionAlreadyStartedError)) {
          await deleteProtectionCaseRow(db, row.id);
          throw err;
        }
      }
      ctx.status = 201;
      ctx.body = { case: toProtectionCaseJson(row) };
    })
    .get('/api/protection/cases', user, validate(protectionListQuerySchema, 'query'), async (ctx) => {
      const { rows, next } = await protectionCasesOf(db, ctx.state.user.id, ctx.state.input);
      ctx.body = { items: rows.map((r) => toProtectionCaseJson(r)), next };
    })
    .get('/api/protection/cases/:id', user, loadOwn, async (ctx) => {
      const row = own(ctx);
      const updates = await protectionUpdates(db, row.id);
      ctx.body = { case: toProtectionCaseJson(row, updates), uploads: await protectionUploads(db, protectionUploadIds(row, updates)) };
    })
    .post('/api/protection/cases/:id/supplements', user, loadOwn, validate(protectionSupplementSchema), async (ctx) => {
      const row = own(ctx);
      if (row.state !== 'processing' || !row.supplement_requested) throw conflict('protection.noSupplementRequested');
      await checkOwnedUploads(db, ctx.state.user.id, protectionFileRefs('materials', ctx.state.input.materials));
      await runUpdate(() =>
        temporal.workflow.getHandle(row.workflow_id).executeUpdate(supplyProtectionMaterials, { args: [{ userId: ctx.state.user.id, supplement: ctx.state.input }] }),
      );
      ctx.body = { case: toProtectionCaseJson((await protectionCase(db, row.id))!, await protectionUpdates(db, row.id)) };
    });
}
