import Router from '@koa/router';
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/client';
import type { Context } from 'koa';
import { chinaDate } from '../../domain/dates';
import { isOpenLawFirm, lawFirmApplicationSchema, lawFirmDirectoryQuerySchema, lawFirmSchema, LAW_FIRM_UPLOAD_FIELDS, mayRenewListing, type LawFirmData } from '../../domain/lawFirms';
import {
  deleteLawFirmRow,
  directoryPage,
  insertLawFirm,
  lawFirm,
  lawFirmOf,
  lawFirmUploadIds,
  listedLawFirm,
  publicLawFirmImage,
  toLawFirmApplicationJson,
  toLawFirmPublicJson,
  type LawFirmRow,
} from '../../db/lawFirms';
import { findUploads, toUploadJson } from '../../db/uploads';
import { lawFirmListing, renewLawFirm, resubmitLawFirm } from '../../workflows/lawFirmListing';
import { CaseId, CaseKind, CaseState, OwnerUserId } from '../../workflows/lib/searchAttributes';
import type { ApiDeps } from '../deps';
import { conflict, HttpError, notFound } from '../errors';
import { envMs } from '../lib/envMs';
import { checkOwnedUploads, uploadRefsOf } from '../lib/ownedUploads';
import { runUpdate } from '../lib/workflowErrors';
import { sendPublicPicture } from '../lib/sendPublicPicture';
import { allow, anyone } from '../middleware/auth';
import { validate } from '../middleware/validate';

const notListed = () => new HttpError(404, 'notFound', 'lawFirm.notFound');

/** Every file field's uploads, each of its field's kind (licence files are no pictures and the other way round). */
export const lawFirmUploadRefs = (data: LawFirmData) => uploadRefsOf(data, LAW_FIRM_UPLOAD_FIELDS);

export const lawFirmUploads = async (db: ApiDeps['db'], row: LawFirmRow) => Object.fromEntries((await findUploads(db, lawFirmUploadIds(row.data))).map((u) => [u.id, toUploadJson(u)]));

/**
 * The law-firm directory (spec part 2 §1–§5). Public: listed firms (protect/legalrights, the detail
 * and its pictures; never the licence or qualification). The applying account: its one open
 * application (usercenter/lawfirm), applied with the agreement, corrected after a failed review,
 * renewed before its term ends; paying goes through the user centre's pay page with its order.
 */
export function lawFirmRoutes({ db, temporal, cfg, store, downloads }: ApiDeps): Router {
  const user = allow('user');

  /** The caller's open application (404 without one: there is nothing of theirs to change). */
  const openOwn = async (ctx: Context) => {
    const row = await lawFirmOf(db, ctx.state.user.id);
    if (!row || !isOpenLawFirm(row.state)) throw notFound();
    return row;
  };
  const fresh = async (id: string) => toLawFirmApplicationJson((await lawFirm(db, id))!);

  const start = async (row: LawFirmRow) => {
    try {
      await temporal.workflow.start(lawFirmListing, {
        taskQueue: cfg.taskQueue,
        workflowId: row.workflow_id,
        args: [
          {
            firmId: row.id,
            userId: row.user_id,
            paymentTimeoutMs: envMs('LAW_FIRM_PAYMENT_MS'),
            termMs: envMs('LAW_FIRM_TERM_MS'),
            slaOverrideMs: envMs('LAW_FIRM_SLA_MS'),
          },
        ],
        typedSearchAttributes: [
          { key: CaseId, value: row.id },
          { key: CaseKind, value: 'lawFirmListing' },
          { key: CaseState, value: 'documents' },
          { key: OwnerUserId, value: row.user_id },
        ],
        memo: { title: `Law firm listing ${row.id}` },
        staticSummary: 'Law firm directory listing',
        staticDetails: `Law firm ${row.id} of user ${row.user_id}; its staff tasks live in queue "directory", the fee's orders in child orderPayment workflows.`,
      });
    } catch (err) {
      if (!(err instanceof WorkflowExecutionAlreadyStartedError)) {
        await deleteLawFirmRow(db, row.id);
        throw err;
      }
    }
  };

  return new Router()
    .get('/api/public/lawfirms', anyone, validate(lawFirmDirectoryQuerySchema, 'query'), async (ctx) => {
      const { rows, next } = await directoryPage(db, ctx.state.input);
      ctx.body = { items: rows.map(toLawFirmPublicJson), next };
    })
    .get('/api/public/lawfirms/:id', anyone, async (ctx) => {
      const row = await listedLawFirm(db, ctx.params.id);
      if (!row) throw notListed();
      ctx.body = { firm: toLawFirmPublicJson(row) };
    })
    .get('/api/public/lawfirms/:id/images/:uploadId', anyone, async (ctx) => {
      const file = await publicLawFirmImage(db, ctx.params.id, ctx.params.uploadId);
      if (!file) throw notListed();
      await sendPublicPicture(ctx, { store, downloads }, file);
    })
    .get('/api/lawfirm/application', user, async (ctx) => {
      const row = await lawFirmOf(db, ctx.state.user.id);
      ctx.body = { application: row ? toLawFirmApplicationJson(row) : null, uploads: row ? await lawFirmUploads(db, row) : {} };
    })
    .post('/api/lawfirm/application', user, validate(lawFirmApplicationSchema), async (ctx) => {
      const { agreementAccepted: _accepted, ...data } = ctx.state.input as LawFirmData & { agreementAccepted: true };
      const me: string = ctx.state.user.id;
      const open = await lawFirmOf(db, me);
      if (open && isOpenLawFirm(open.state)) throw conflict('lawFirm.alreadyApplied');
      await checkOwnedUploads(db, me, lawFirmUploadRefs(data));
      const row = await insertLawFirm(db, me, data);
      if (!row) throw conflict('lawFirm.alreadyApplied');
      await start(row);
      ctx.status = 201;
      ctx.body = { application: toLawFirmApplicationJson(row) };
    })
    .put('/api/lawfirm/application', user, validate(lawFirmSchema), async (ctx) => {
      const row = await openOwn(ctx);
      if (row.state !== 'correction') throw conflict('lawFirm.notCorrectable');
      await checkOwnedUploads(db, ctx.state.user.id, lawFirmUploadRefs(ctx.state.input));
      await runUpdate(() => temporal.workflow.getHandle(row.workflow_id).executeUpdate(resubmitLawFirm, { args: [{ userId: ctx.state.user.id, data: ctx.state.input }] }));
      ctx.body = { application: await fresh(row.id) };
    })
    .post('/api/lawfirm/application/renew', user, async (ctx) => {
      const row = await openOwn(ctx);
      if (!mayRenewListing(row.state, row.listed_until, chinaDate(new Date()))) throw conflict('lawFirm.notRenewable');
      await runUpdate(() => temporal.workflow.getHandle(row.workflow_id).executeUpdate(renewLawFirm, { args: [{ userId: ctx.state.user.id }] }));
      ctx.body = { application: await fresh(row.id) };
    });
}
