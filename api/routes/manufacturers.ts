import Router from '@koa/router';
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/client';
import type { Context } from 'koa';
import { manufacturerApplicationSchema, manufacturerDirectoryQuerySchema, manufacturerSchema, MANUFACTURER_UPLOAD_FIELDS, type ManufacturerData } from '../../domain/manufacturers';
import {
  deleteManufacturerRow,
  directoryPage,
  insertManufacturer,
  listedManufacturer,
  manufacturer,
  manufacturerOf,
  manufacturerUploadIds,
  publicManufacturerImage,
  toManufacturerApplicationJson,
  toManufacturerPublicJson,
  type ManufacturerRow,
} from '../../db/manufacturers';
import { findUploads, toUploadJson } from '../../db/uploads';
import { manufacturerListing, resubmitManufacturer } from '../../workflows/manufacturerListing';
import { CaseId, CaseKind, CaseState, OwnerUserId } from '../../workflows/lib/searchAttributes';
import type { ApiDeps } from '../deps';
import { conflict, HttpError, notFound } from '../errors';
import { envMs } from '../lib/envMs';
import { checkOwnedUploads, uploadRefsOf } from '../lib/ownedUploads';
import { runUpdate } from '../lib/workflowErrors';
import { sendPublicPicture } from '../lib/sendPublicPicture';
import { allow, anyone } from '../middleware/auth';
import { validate } from '../middleware/validate';

const notListed = () => new HttpError(404, 'notFound', 'manufacturer.notFound');

/** Every file field's uploads, each of its field's kind (a licence copy is no showcase picture and the other way round). */
export const manufacturerUploadRefs = (data: ManufacturerData) => uploadRefsOf(data, MANUFACTURER_UPLOAD_FIELDS);

export const manufacturerUploads = async (db: ApiDeps['db'], row: ManufacturerRow) =>
  Object.fromEntries((await findUploads(db, manufacturerUploadIds(row.data))).map((u) => [u.id, toUploadJson(u)]));

/**
 * The anti-counterfeiting manufacturer directory (spec part 2 §1–§5, protect/antifake). Public:
 * listed manufacturers, their detail and pictures (never the licence copy). The applying account:
 * its one application (usercenter/manufacturer), made with the agreement and corrected after a
 * failed review.
 */
export function manufacturerRoutes({ db, temporal, cfg, store, downloads }: ApiDeps): Router {
  const user = allow('user');

  const start = async (row: ManufacturerRow) => {
    try {
      await temporal.workflow.start(manufacturerListing, {
        taskQueue: cfg.taskQueue,
        workflowId: row.workflow_id,
        args: [{ manufacturerId: row.id, userId: row.user_id, slaOverrideMs: envMs('MANUFACTURER_SLA_MS') }],
        typedSearchAttributes: [
          { key: CaseId, value: row.id },
          { key: CaseKind, value: 'manufacturerListing' },
          { key: CaseState, value: 'review' },
          { key: OwnerUserId, value: row.user_id },
        ],
        memo: { title: `Manufacturer listing ${row.id}` },
        staticSummary: 'Anti-counterfeiting manufacturer listing',
        staticDetails: `Manufacturer ${row.id} of user ${row.user_id}; its review tasks live in queue "directory".`,
      });
    } catch (err) {
      if (!(err instanceof WorkflowExecutionAlreadyStartedError)) {
        await deleteManufacturerRow(db, row.id);
        throw err;
      }
    }
  };

  /** The caller's application (404 without one: there is nothing of theirs to change). */
  const own = async (ctx: Context) => {
    const row = await manufacturerOf(db, ctx.state.user.id);
    if (!row) throw notFound();
    return row;
  };

  return new Router()
    .get('/api/public/manufacturers', anyone, validate(manufacturerDirectoryQuerySchema, 'query'), async (ctx) => {
      const { rows, next } = await directoryPage(db, ctx.state.input);
      ctx.body = { items: rows.map(toManufacturerPublicJson), next };
    })
    .get('/api/public/manufacturers/:id', anyone, async (ctx) => {
      const row = await listedManufacturer(db, ctx.params.id);
      if (!row) throw notListed();
      ctx.body = { manufacturer: toManufacturerPublicJson(row) };
    })
    .get('/api/public/manufacturers/:id/images/:uploadId', anyone, async (ctx) => {
      const file = await publicManufacturerImage(db, ctx.params.id, ctx.params.uploadId);
      if (!file) throw notListed();
      await sendPublicPicture(ctx, { store, downloads }, file);
    })
    .get('/api/manufacturer/application', user, async (ctx) => {
      const row = await manufacturerOf(db, ctx.state.user.id);
      ctx.body = { application: row ? toManufacturerApplicationJson(row) : null, uploads: row ? await manufacturerUploads(db, row) : {} };
    })
    .post('/api/manufacturer/application', user, validate(manufacturerApplicationSchema), async (ctx) => {
      const { agreementAccepted: _accepted, ...data } = ctx.state.input as ManufacturerData & { agreementAccepted: true };
      const me: string = ctx.state.user.id;
      if (await manufacturerOf(db, me)) throw conflict('manufacturer.alreadyApplied');
      await checkOwnedUploads(db, me, manufacturerUploadRefs(data));
      const row = await insertManufacturer(db, me, data);
      if (!row) throw conflict('manufacturer.alreadyApplied');
      await start(row);
      ctx.status = 201;
      ctx.body = { application: toManufacturerApplicationJson(row) };
    })
    .put('/api/manufacturer/application', user, validate(manufacturerSchema), async (ctx) => {
      const row = await own(ctx);
      if (row.state !== 'correction') throw conflict('manufacturer.notCorrectable');
      await checkOwnedUploads(db, ctx.state.user.id, manufacturerUploadRefs(ctx.state.input));
      await runUpdate(() => temporal.workflow.getHandle(row.workflow_id).executeUpdate(resubmitManufacturer, { args: [{ userId: ctx.state.user.id, data: ctx.state.input }] }));
      ctx.body = { application: toManufacturerApplicationJson((await manufacturer(db, row.id))!) };
    });
}
