import Router from '@koa/router';
import type { Context } from 'koa';
import { adminObjectionListQuerySchema } from '../../domain/objections';
import { ipInformationQuerySchema, staffTakeDownSchema } from '../../domain/ipInformation';
import { ipInformation, ipInformationPage, toIpInformationJson } from '../../db/ipInformation';
import { adminObjections, objection, toObjectionJson } from '../../db/objections';
import { findUploads, toUploadJson } from '../../db/uploads';
import { findUser } from '../../db/users';
import { workflowUrl } from '../../temporal/config';
import { staffRelistIpci, staffTakeDownIpci } from '../../workflows/ipciLifecycle';
import type { ApiDeps } from '../deps';
import { notFound } from '../errors';
import { userSummary } from '../lib/taskSubjects';
import { runUpdate } from '../lib/workflowErrors';
import { allow, allowElement } from '../middleware/auth';
import { validate } from '../middleware/validate';

/**
 * Back office (admin): IP information (admin/ipInformation: every listing, staff take-down with a
 * reason and relist, through the IPCI's lifecycle workflow) and rights objections (admin/objection;
 * staff decide them in the inbox, the detail links to the tasks and the timeline).
 */
export function adminObjectionRoutes({ db, temporal, cfg }: ApiDeps): Router {
  const admin = allow('admin');
  const ipElement = allowElement('admin.ipInformation.manage');
  const objectionElement = allowElement('admin.objections.view');

  const loadIp = async (ctx: Context) => {
    const row = await ipInformation(db, ctx.params.id);
    if (!row) throw notFound();
    return row;
  };
  const staffName = (ctx: Context) => ctx.state.user.display_name || ctx.state.user.username;

  return new Router()
    .get('/api/admin/ip-information', admin, ipElement, validate(ipInformationQuerySchema, 'query'), async (ctx) => {
      const { rows, next } = await ipInformationPage(db, ctx.state.input);
      ctx.body = { items: rows.map(toIpInformationJson), next };
    })
    .get('/api/admin/ip-information/:id', admin, ipElement, async (ctx) => {
      const row = await loadIp(ctx);
      ctx.body = { ip: toIpInformationJson(row), workflowUrl: workflowUrl(cfg, row.workflow_id) };
    })
    .post('/api/admin/ip-information/:id/takedown', admin, ipElement, validate(staffTakeDownSchema), async (ctx) => {
      const row = await loadIp(ctx);
      const args = [{ reason: ctx.state.input.reason, staffName: staffName(ctx) }] as [{ reason: string; staffName: string }];
      await runUpdate(() => temporal.workflow.getHandle(row.workflow_id).executeUpdate(staffTakeDownIpci, { args }));
      ctx.body = { ip: toIpInformationJson((await ipInformation(db, row.ipci_id))!) };
    })
    .post('/api/admin/ip-information/:id/relist', admin, ipElement, async (ctx) => {
      const row = await loadIp(ctx);
      await runUpdate(() => temporal.workflow.getHandle(row.workflow_id).executeUpdate(staffRelistIpci, { args: [{ staffName: staffName(ctx) }] }));
      ctx.body = { ip: toIpInformationJson((await ipInformation(db, row.ipci_id))!) };
    })
    .get('/api/admin/objections', admin, objectionElement, validate(adminObjectionListQuerySchema, 'query'), async (ctx) => {
      const { rows, next } = await adminObjections(db, ctx.state.input);
      ctx.body = { items: rows.map(toObjectionJson), next };
    })
    .get('/api/admin/objections/:id', admin, objectionElement, async (ctx) => {
      const row = await objection(db, ctx.params.id);
      if (!row) throw notFound();
      const [objector, holder, uploads, tasks] = await Promise.all([
        findUser(db, row.objector_id),
        findUser(db, row.holder_id),
        findUploads(db, [...row.data.attachments, ...(row.holder_answer?.attachments ?? [])]),
        db('tasks').where({ case_kind: 'objection', case_id: row.id }).orderBy('created_at').select('id', 'step', 'status', 'due_at', 'assignee_name'),
      ]);
      ctx.body = {
        objection: toObjectionJson(row),
        objector: userSummary(objector) ?? null,
        holder: userSummary(holder) ?? null,
        uploads: Object.fromEntries(uploads.map((u) => [u.id, toUploadJson(u)])),
        tasks: tasks.map((t: { id: string; step: string; status: string; due_at: Date; assignee_name: string | null }) => ({ id: t.id, step: t.step, status: t.status, dueAt: t.due_at.toISOString(), assigneeName: t.assignee_name })),
        workflowUrl: workflowUrl(cfg, row.workflow_id),
      };
    });
}
