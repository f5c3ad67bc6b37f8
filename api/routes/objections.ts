import Router from '@koa/router';
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/client';
import type { Context, Middleware } from 'koa';
import {
  isOpenObjection,
  mayModifyObjection,
  newObjectionSchema,
  OBJECTION_UPLOAD_KIND,
  objectionAnswerSchema,
  objectionListQuerySchema,
  objectionSchema,
} from '../../domain/objections';
import { deleteObjectionRow, hideObjection, insertObjection, objection, objectionsOf, toHolderJson, toObjectionJson, type ObjectionRow } from '../../db/objections';
import { findUploads, toUploadJson } from '../../db/uploads';
import { answerObjection, modifyObjection, objection as objectionWorkflow, withdrawObjection } from '../../workflows/objection';
import { CaseId, CaseKind, CaseState, IpciCode, OwnerUserId } from '../../workflows/lib/searchAttributes';
import type { ApiDeps } from '../deps';
import { conflict, HttpError, notFound } from '../errors';
import { envMs } from '../lib/envMs';
import { checkOwnedUploads } from '../lib/ownedUploads';
import { runUpdate } from '../lib/workflowErrors';
import { allow } from '../middleware/auth';
import { requireVerifiedIdentity } from '../middleware/identity';
import { validate } from '../middleware/validate';

const attachmentRefs = (field: string, ids: readonly string[]) => ids.map((id, i) => ({ field: `${field}[${i}]`, id, kind: OBJECTION_UPLOAD_KIND }));

const uploadsOf = async (db: ApiDeps['db'], ids: readonly string[]) => Object.fromEntries((await findUploads(db, [...ids])).map((u) => [u.id, toUploadJson(u)]));

/**
 * Rights objections, the objector's side (trade/objection, usercenter/objection) and the holder's
 * answer (usercenter/objectionanswer/:id). Another user's objection is a 404: nobody learns it exists.
 */
export function objectionRoutes({ db, temporal, cfg }: ApiDeps): Router {
  const user = allow('user');
  const verified = requireVerifiedIdentity(db);

  const loadOwn: Middleware = async (ctx, next) => {
    const row = await objection(db, ctx.params.id);
    if (!row || row.objector_id !== ctx.state.user.id || row.deleted_at) throw notFound();
    ctx.state.objection = row;
    await next();
  };
  /** The holder sees an objection once it was admitted (they were told), never before. */
  const loadAsHolder: Middleware = async (ctx, next) => {
    const row = await objection(db, ctx.params.id);
    if (!row || row.holder_id !== ctx.state.user.id || row.answer_due_at === null) throw notFound();
    ctx.state.objection = row;
    await next();
  };
  const own = (ctx: Context) => ctx.state.objection as ObjectionRow;
  const fresh = async (id: string) => toObjectionJson((await objection(db, id))!);

  /** A listed IPCI (404 objection.ipciNotListed otherwise): only those can be objected to. */
  const listedIpci = async (ipciId: string) => {
    const ipci = await db('ipcis as i')
      .join('ip_listings as l', 'l.ipci_id', 'i.id')
      .where('i.id', ipciId)
      .where('l.listed', true)
      .first('i.id', 'i.user_id', 'i.code', 'i.workflow_id', 'i.holder', 'i.ip_name_zh', 'i.ip_name_en', 'i.ip_name_ja');
    if (!ipci) throw new HttpError(404, 'notFound', 'objection.ipciNotListed');
    return ipci;
  };

  return new Router()
    .get('/api/objections/targets/:id', user, async (ctx) => {
      const ipci = await listedIpci(ctx.params.id);
      ctx.body = {
        ipci: { id: ipci.id, code: ipci.code, holder: ipci.holder, ipNames: { zh: ipci.ip_name_zh, en: ipci.ip_name_en, ja: ipci.ip_name_ja } },
        own: ipci.user_id === ctx.state.user.id,
      };
    })
    .post('/api/objections', user, verified, validate(newObjectionSchema), async (ctx) => {
      const { ipciId, ...data } = ctx.state.input;
      const me = ctx.state.user.id;
      const ipci = await listedIpci(ipciId);
      if (ipci.user_id === me) throw conflict('objection.ownIp');
      await checkOwnedUploads(db, me, attachmentRefs('attachments', data.attachments));
      const row = await insertObjection(db, ipci.id, me, data);
      try {
        await temporal.workflow.start(objectionWorkflow, {
          taskQueue: cfg.taskQueue,
          workflowId: row.workflow_id,
          args: [
            {
              objectionId: row.id,
              ipciId: ipci.id,
              ipciWorkflowId: ipci.workflow_id,
              objectorId: me,
              holderId: ipci.user_id,
              code: ipci.code,
              answerTimeoutMs: envMs('OBJECTION_ANSWER_MS'),
              slaOverrideMs: envMs('OBJECTION_SLA_MS'),
            },
          ],
          typedSearchAttributes: [
            { key: CaseId, value: row.id },
            { key: CaseKind, value: 'objection' },
            { key: CaseState, value: 'pendingAudit' },
            { key: OwnerUserId, value: me },
            { key: IpciCode, value: ipci.code },
          ],
          memo: { title: `Objection to IPCI ${ipci.code}` },
          staticSummary: `Rights objection to IPCI ${ipci.code}`,
          staticDetails: `Objection ${row.id} of user ${me}; its staff tasks live in queue "objection".`,
        });
      } catch (err) {
        if (!(err instanceof WorkflowExecutionAlreadyStartedError)) {
          await deleteObjectionRow(db, row.id);
          throw err;
        }
      }
      ctx.status = 201;
      ctx.body = { objection: toObjectionJson(row) };
    })
    .get('/api/objections', user, validate(objectionListQuerySchema, 'query'), async (ctx) => {
      const { rows, next } = await objectionsOf(db, ctx.state.user.id, ctx.state.input);
      ctx.body = { items: rows.map(ctx.state.input.side === 'holder' ? toHolderJson : toObjectionJson), next };
    })
    .get('/api/objections/:id', user, loadOwn, async (ctx) => {
      const row = own(ctx);
      ctx.body = { objection: toObjectionJson(row), uploads: await uploadsOf(db, [...row.data.attachments, ...(row.holder_answer?.attachments ?? [])]) };
    })
    .put('/api/objections/:id', user, loadOwn, validate(objectionSchema), async (ctx) => {
      const row = own(ctx);
      if (!mayModifyObjection(row.state)) throw conflict('objection.notModifiable');
      await checkOwnedUploads(db, ctx.state.user.id, attachmentRefs('attachments', ctx.state.input.attachments));
      await runUpdate(() => temporal.workflow.getHandle(row.workflow_id).executeUpdate(modifyObjection, { args: [{ userId: ctx.state.user.id, data: ctx.state.input }] }));
      ctx.body = { objection: await fresh(row.id) };
    })
    // Delete: an open objection is withdrawn (its workflow closes it); a decided one leaves the list.
    .delete('/api/objections/:id', user, loadOwn, async (ctx) => {
      const row = own(ctx);
      if (isOpenObjection(row.state)) {
        await runUpdate(() => temporal.workflow.getHandle(row.workflow_id).executeUpdate(withdrawObjection, { args: [{ userId: ctx.state.user.id }] }));
      } else {
        await hideObjection(db, row.id);
      }
      ctx.status = 204;
    })
    .get('/api/objections/:id/answer', user, loadAsHolder, async (ctx) => {
      const row = own(ctx);
      ctx.body = {
        objection: toHolderJson(row),
        uploads: await uploadsOf(db, [...row.data.attachments, ...(row.holder_answer?.attachments ?? [])]),
      };
    })
    .post('/api/objections/:id/answer', user, loadAsHolder, validate(objectionAnswerSchema), async (ctx) => {
      const row = own(ctx);
      if (row.state !== 'pendingConfirmation' || row.holder_answer) throw conflict('objection.notAwaitingAnswer');
      await checkOwnedUploads(db, ctx.state.user.id, attachmentRefs('attachments', ctx.state.input.attachments));
      await runUpdate(() => temporal.workflow.getHandle(row.workflow_id).executeUpdate(answerObjection, { args: [{ userId: ctx.state.user.id, answer: ctx.state.input }] }));
      ctx.body = { objection: await fresh(row.id) };
    });
}
