import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { decisionSchema, inboxQuerySchema, reassignSchema, type Actor, type Decision } from '../../domain/tasks';
import { findTask, inboxPage, mayWork, toTaskJson, type TaskRow } from '../../db/tasks';
import { findUser, listStaff } from '../../db/users';
import { workflowUrl } from '../../temporal/config';
import { claimTask, completeTask, reassignTask, unclaimTask, type TaskView } from '../../workflows/lib/humanTask';
import type { ApiDeps } from '../deps';
import { badRequest, notFound } from '../errors';
import { allow } from '../middleware/auth';
import { idParam } from '../middleware/params';
import { validate } from '../middleware/validate';
import { runUpdate } from '../lib/workflowErrors';
import { checkDecision, decisionShape, taskSubject } from '../lib/taskSubjects';
import { checkInput } from '../../domain/validation/rules';

const actorOf = (ctx: Context): Actor => ({ userId: ctx.state.user.id, name: ctx.state.user.display_name, roles: ctx.state.user.roles });

export function taskRoutes({ db, temporal, cfg }: ApiDeps): Router {
  const staff = allow('reviewer', 'admin');

  const loadTask: Middleware = async (ctx, next) => {
    const task = await findTask(db, ctx.params.id);
    if (!task || !mayWork(ctx.state.user, task)) throw notFound();
    ctx.state.task = task;
    await next();
  };

  /** Sends an Update to the task's workflow and answers with the refreshed projection. */
  const update = (send: (ctx: Context, task: TaskRow) => Promise<TaskView>): Middleware => async (ctx) => {
    const task: TaskRow = ctx.state.task;
    await runUpdate(() => send(ctx, task));
    ctx.body = { task: toTaskJson((await findTask(db, task.id))!) };
  };
  const handle = (task: TaskRow) => temporal.workflow.getHandle(task.workflow_id);

  return new Router()
    // Task ids are text keys derived from the workflow (db column: 200 characters), not UUIDs.
    .param('id', idParam(/^.{1,200}$/s))
    .get('/api/tasks', staff, validate(inboxQuerySchema, 'query'), async (ctx) => {
      const { rows, next } = await inboxPage(db, ctx.state.input, ctx.state.user);
      const now = new Date();
      ctx.body = { items: rows.map((r) => toTaskJson(r, now)), next };
    })
    .get('/api/tasks/:id', staff, loadTask, async (ctx) => {
      const task: TaskRow = ctx.state.task;
      const url = workflowUrl(cfg, task.workflow_id);
      ctx.body = { task: toTaskJson(task), ...(await taskSubject(db, task.case_kind, task.case_id, url)), workflowUrl: url };
    })
    .post('/api/tasks/:id/claim', staff, loadTask, update((ctx, task) => handle(task).executeUpdate(claimTask, { args: [{ taskId: task.id, actor: actorOf(ctx) }] })))
    .post('/api/tasks/:id/unclaim', staff, loadTask, update((ctx, task) => handle(task).executeUpdate(unclaimTask, { args: [{ taskId: task.id, actor: actorOf(ctx) }] })))
    .post(
      '/api/tasks/:id/reassign',
      allow('admin'),
      validate(reassignSchema),
      loadTask,
      update(async (ctx, task) => {
        const assignee = await findUser(db, ctx.state.input.assigneeId);
        if (!assignee || assignee.status !== 'active') throw badRequest({ assigneeId: { key: 'task.assigneeNotStaff' } });
        return handle(task).executeUpdate(reassignTask, {
          args: [{ taskId: task.id, actor: actorOf(ctx), assignee: { userId: assignee.id, name: assignee.display_name, roles: assignee.roles } }],
        });
      }),
    )
    .post(
      '/api/tasks/:id/complete',
      staff,
      loadTask,
      update(async (ctx, task) => {
        // The decision is checked against the schema here (400 with fields) and again by the workflow's validator.
        const decision = await checkInput(decisionSchema(await decisionShape(db, task.case_kind, task.case_id)), ctx.request.body ?? {});
        await checkDecision(db, task.case_kind, task.case_id, decision as Decision);
        return handle(task).executeUpdate(completeTask, { args: [{ taskId: task.id, actor: actorOf(ctx), decision }] });
      }),
    )
    .get('/api/staff', allow('admin'), async (ctx) => {
      ctx.body = { items: (await listStaff(db)).map((u) => ({ id: u.id, displayName: u.display_name, roles: u.roles })) };
    });
}
