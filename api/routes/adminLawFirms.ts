import Router from '@koa/router';
import type { Context } from 'koa';
import { adminLawFirmListQuerySchema, lawFirmRecheckSchema, lawFirmRecommendSchema, lawFirmSchema } from '../../domain/lawFirms';
import type { Actor } from '../../domain/tasks';
import { adminLawFirmPage, lawFirm, saveLawFirmData, setRecommended, toLawFirmApplicationJson, type LawFirmRow } from '../../db/lawFirms';
import { recheckLawFirm } from '../../workflows/lawFirmListing';
import type { ApiDeps } from '../deps';
import { conflict, notFound } from '../errors';
import { directoryDetail, withApplicants } from '../lib/directoryAdmin';
import { checkOwnedUploads } from '../lib/ownedUploads';
import { runUpdate } from '../lib/workflowErrors';
import { allow, allowElement } from '../middleware/auth';
import { validate } from '../middleware/validate';
import { lawFirmUploadRefs, lawFirmUploads } from './lawFirms';

/**
 * Back office lawFirm (admin + admin.lawFirms.manage): every application with its applicant, the
 * listing's content edited by staff, recheck (suspend, restore) through the listing's workflow, and
 * the platform's recommendation. Reviewers decide the documents and review tasks in the inbox.
 */
export function adminLawFirmRoutes({ db, temporal, cfg }: ApiDeps): Router {
  const admin = allow('admin');
  const element = allowElement('admin.lawFirms.manage');

  const load = async (ctx: Context): Promise<LawFirmRow> => {
    const row = await lawFirm(db, ctx.params.id);
    if (!row) throw notFound();
    return row;
  };
  const fresh = async (id: string) => ({ application: toLawFirmApplicationJson((await lawFirm(db, id))!) });

  return new Router()
    .get('/api/admin/lawfirms', admin, element, validate(adminLawFirmListQuerySchema, 'query'), async (ctx) => {
      const { rows, next } = await adminLawFirmPage(db, ctx.state.input);
      ctx.body = { items: await withApplicants(db, rows, toLawFirmApplicationJson), next };
    })
    .get('/api/admin/lawfirms/:id', admin, element, async (ctx) => {
      const row = await load(ctx);
      ctx.body = await directoryDetail(db, cfg, { kind: 'lawFirmListing', row, application: toLawFirmApplicationJson(row), uploads: lawFirmUploads(db, row) });
    })
    // The listing's content as staff correct it; the files stay the firm's own uploads.
    .put('/api/admin/lawfirms/:id', admin, element, validate(lawFirmSchema), async (ctx) => {
      const row = await load(ctx);
      await checkOwnedUploads(db, row.user_id, lawFirmUploadRefs(ctx.state.input));
      if (!(await saveLawFirmData(db, row.id, ctx.state.input))) throw conflict('lawFirm.notEditable');
      ctx.body = await fresh(row.id);
    })
    .post('/api/admin/lawfirms/:id/recheck', admin, element, validate(lawFirmRecheckSchema), async (ctx) => {
      const row = await load(ctx);
      // Only a listed or suspended firm's workflow is running its listing; others have nothing to recheck.
      if (row.state !== 'listed' && row.state !== 'suspended') throw conflict('lawFirm.notRecheckable');
      const u = ctx.state.user;
      const actor: Actor = { userId: u.id, name: u.display_name || u.username, roles: u.roles };
      await runUpdate(() => temporal.workflow.getHandle(row.workflow_id).executeUpdate(recheckLawFirm, { args: [{ actor, recheck: ctx.state.input }] }));
      ctx.body = await fresh(row.id);
    })
    .put('/api/admin/lawfirms/:id/recommended', admin, element, validate(lawFirmRecommendSchema), async (ctx) => {
      const row = await load(ctx);
      await setRecommended(db, row.id, ctx.state.input.recommended);
      ctx.body = await fresh(row.id);
    });
}
