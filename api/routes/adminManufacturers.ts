import Router from '@koa/router';
import type { Context } from 'koa';
import { adminManufacturerListQuerySchema, manufacturerRecheckSchema, manufacturerSchema } from '../../domain/manufacturers';
import type { Actor } from '../../domain/tasks';
import { adminManufacturerPage, manufacturer, saveManufacturerData, toManufacturerApplicationJson, type ManufacturerRow } from '../../db/manufacturers';
import { recheckManufacturer } from '../../workflows/manufacturerListing';
import type { ApiDeps } from '../deps';
import { conflict, notFound } from '../errors';
import { directoryDetail, withApplicants } from '../lib/directoryAdmin';
import { checkOwnedUploads } from '../lib/ownedUploads';
import { runUpdate } from '../lib/workflowErrors';
import { allow, allowElement } from '../middleware/auth';
import { validate } from '../middleware/validate';
import { manufacturerUploadRefs, manufacturerUploads } from './manufacturers';

/**
 * Back office manufacturers (admin + admin.manufacturers.manage): every application with its
 * applicant, the listing's content edited by staff, and recheck (suspend, relist) through the
 * listing's workflow. Reviewers decide the review tasks in the inbox.
 */
export function adminManufacturerRoutes({ db, temporal, cfg }: ApiDeps): Router {
  const admin = allow('admin');
  const element = allowElement('admin.manufacturers.manage');

  const load = async (ctx: Context): Promise<ManufacturerRow> => {
    const row = await manufacturer(db, ctx.params.id);
    if (!row) throw notFound();
    return row;
  };
  const fresh = async (id: string) => ({ application: toManufacturerApplicationJson((await manufacturer(db, id))!) });

  return new Router()
    .get('/api/admin/manufacturers', admin, element, validate(adminManufacturerListQuerySchema, 'query'), async (ctx) => {
      const { rows, next } = await adminManufacturerPage(db, ctx.state.input);
      ctx.body = { items: await withApplicants(db, rows, toManufacturerApplicationJson), next };
    })
    .get('/api/admin/manufacturers/:id', admin, element, async (ctx) => {
      const row = await load(ctx);
      ctx.body = await directoryDetail(db, cfg, { kind: 'manufacturerListing', row, application: toManufacturerApplicationJson(row), uploads: manufacturerUploads(db, row) });
    })
    // The listing's content as staff correct it; the files stay the applicant's own uploads.
    .put('/api/admin/manufacturers/:id', admin, element, validate(manufacturerSchema), async (ctx) => {
      const row = await load(ctx);
      await checkOwnedUploads(db, row.user_id, manufacturerUploadRefs(ctx.state.input));
      if (!(await saveManufacturerData(db, row.id, ctx.state.input))) throw conflict('manufacturer.notEditable');
      ctx.body = await fresh(row.id);
    })
    .post('/api/admin/manufacturers/:id/recheck', admin, element, validate(manufacturerRecheckSchema), async (ctx) => {
      const row = await load(ctx);
      if (row.state !== 'listed' && row.state !== 'suspended') throw conflict('manufacturer.notRecheckable');
      const u = ctx.state.user;
      const actor: Actor = { userId: u.id, name: u.display_name || u.username, roles: u.roles };
      await runUpdate(() => temporal.workflow.getHandle(row.workflow_id).executeUpdate(recheckManufacturer, { args: [{ actor, recheck: ctx.state.input }] }));
      ctx.body = await fresh(row.id);
    });
}
