import Router from '@koa/router';
import type { Context } from 'koa';
import { adminProtectionListQuerySchema, protectionProgressSchema } from '../../domain/protection';
import type { Actor } from '../../domain/tasks';
import { adminProtectionCases, protectionCase, protectionUpdates, protectionUploadIds, toProtectionCaseJson } from '../../db/protection';
import { findUser } from '../../db/users';
import { workflowUrl } from '../../temporal/config';
import { postProtectionProgress } from '../../workflows/protectionCase';
import type { ApiDeps } from '../deps';
import { conflict, notFound } from '../errors';
import { checkOwnedUploads } from '../lib/ownedUploads';
import { runUpdate } from '../lib/workflowErrors';
import { allow, allowElement } from '../middleware/auth';
import { validate } from '../middleware/validate';
import { protectionFileRefs, protectionUploads } from './protection';

const applicantOf = (user: Awaited<ReturnType<typeof findUser>>) => (user ? { id: user.id, username: user.username, displayName: user.display_name } : null);

/**
 * Back office rightProtect: every case with its applicant; and staff's progress while a case is
 * processed (through the case's workflow), for reviewers as well. Acceptance and the final decision
 * are the inbox's tasks.
 */
export function adminProtectionRoutes({ db, temporal, cfg }: ApiDeps): Router {
  const staff = [allow('reviewer', 'admin'), allowElement('admin.protection.manage')] as const;
  const load = async (ctx: Context) => {
    const row = await protectionCase(db, ctx.params.id);
    if (!row) throw notFound();
    return row;
  };
  const actorOf = (ctx: Context): Actor => ({ userId: ctx.state.user.id, name: ctx.state.user.display_name || ctx.state.user.username, roles: ctx.state.user.roles });

  return new Router()
    .get('/api/admin/protection/cases', ...staff, validate(adminProtectionListQuerySchema, 'query'), async (ctx) => {
      const { rows, next } = await adminProtectionCases(db, ctx.state.input);
      ctx.body = {
        items: rows.map((r) => ({ ...toProtectionCaseJson(r), applicant: { id: r.user_id, username: r.applicant_username, displayName: r.applicant_display_name } })),
        next,
      };
    })
    .get('/api/admin/protection/cases/:id', ...staff, async (ctx) => {
      const row = await load(ctx);
      const [updates, applicant, task] = await Promise.all([
        protectionUpdates(db, row.id),
        findUser(db, row.user_id),
        db('tasks').where({ case_kind: 'protectionCase', case_id: row.id }).whereIn('status', ['open', 'claimed']).first('id', 'step', 'status'),
      ]);
      ctx.body = {
        case: toProtectionCaseJson(row, updates),
        applicant: applicantOf(applicant),
        uploads: await protectionUploads(db, protectionUploadIds(row, updates)),
        workflowUrl: workflowUrl(cfg, row.workflow_id),
        task: task ? { taskId: task.id, step: task.step, status: task.status } : null,
      };
    })
    // Outside /api/admin: reviewers post progress from the inbox task page too, and the back office is admins' only.
    .post('/api/protection/cases/:id/progress', allow('reviewer', 'admin'), validate(protectionProgressSchema), async (ctx) => {
      const row = await load(ctx);
      if (row.state !== 'processing') throw conflict('protection.notProcessing');
      // Staff attach files they uploaded themselves; the applicant reads them through the upload grant.
      await checkOwnedUploads(db, ctx.state.user.id, protectionFileRefs('attachments', ctx.state.input.attachments));
      await runUpdate(() => temporal.workflow.getHandle(row.workflow_id).executeUpdate(postProtectionProgress, { args: [{ actor: actorOf(ctx), progress: ctx.state.input }] }));
      ctx.body = { case: toProtectionCaseJson((await protectionCase(db, row.id))!, await protectionUpdates(db, row.id)) };
    });
}
