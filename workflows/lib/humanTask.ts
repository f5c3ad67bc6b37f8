import { CancellationScope, condition, defineSignal, defineUpdate, isCancellation, patched, setHandler, upsertSearchAttributes, workflowInfo } from '@temporalio/workflow';
import type { Role } from '../../domain/roles';
import { decisionSchema, type Actor, type Decision, type Queue } from '../../domain/tasks';
import { acts } from './activities';
import { progress } from './progress';
import { rejection } from './rejection';
import { InboxQueue } from './searchAttributes';

export interface TaskSpec {
  taskId: string;
  queue: Queue;
  step: string;
  caseKind: string;
  caseId: string;
  subjectUserId: string;
  candidateRoles: Role[];
  slaWorkingDays: number;
  /** Fields a decision may flag. */
  fields: string[];
  /** A failure names one of these (e.g. the title audit's failure reasons). */
  categories?: string[];
  /** An approval gives each of these (e.g. a tracking number). */
  values?: string[];
  /** Values picked from a list (DecisionShape.choices). */
  choices?: Record<string, readonly string[]>;
  /** An approval must give a comment (DecisionShape.commentRequired). */
  commentRequired?: boolean;
  /** Tests shorten the SLA; production leaves it unset. */
  slaOverrideMs?: number;
}

export interface TaskAssignee {
  userId: string;
  name: string;
}

export interface TaskView {
  taskId: string;
  status: 'open' | 'claimed' | 'done';
  assignee: TaskAssignee | null;
  dueAt: string;
  dueProvisional: boolean;
}

export interface TaskCommand {
  taskId: string;
  actor: Actor;
}

export interface DecidedTask {
  decision: Decision;
  decidedBy: TaskAssignee;
}

export const claimTask = defineUpdate<TaskView, [TaskCommand]>('claimTask');
export const unclaimTask = defineUpdate<TaskView, [TaskCommand]>('unclaimTask');
export const reassignTask = defineUpdate<TaskView, [TaskCommand & { assignee: TaskAssignee & { roles: Role[] } }]>('reassignTask');
export const completeTask = defineUpdate<TaskView, [TaskCommand & { decision: Decision }]>('completeTask');
/** Sent when the official calendar for a year is entered: provisional due dates are recomputed. */
export const recomputeDue = defineSignal('recomputeDue');

interface OpenTask {
  spec: TaskSpec;
  createdAt: string;
  assignee: TaskAssignee | null;
  dueAt: string;
  dueProvisional: boolean;
  decided: DecidedTask | null;
}

/** Patch id: histories recorded before it wrote the row first and opened the task after. */
const TASK_OPEN_BEFORE_ROW = 'task-open-before-row';

let current: OpenTask | null = null;
let recomputeRequested = false;

function view(task: OpenTask): TaskView {
  return {
    taskId: task.spec.taskId,
    status: task.decided ? 'done' : task.assignee ? 'claimed' : 'open',
    assignee: task.assignee,
    dueAt: task.dueAt,
    dueProvisional: task.dueProvisional,
  };
}

function openTask(taskId: string): OpenTask {
  if (!current || current.spec.taskId !== taskId || current.decided) throw rejection('task.stale');
  return current;
}

function mayWork(task: OpenTask, actor: Actor): void {
  if (!actor.roles.some((r: Role) => task.spec.candidateRoles.includes(r) || r === 'admin')) throw rejection('task.notCandidate');
}

const shapeOf = (spec: TaskSpec) => ({ fields: spec.fields, categories: spec.categories, values: spec.values, choices: spec.choices, commentRequired: spec.commentRequired });

const me = (actor: Actor): TaskAssignee => ({ userId: actor.userId, name: actor.name });

/** Installs the task Updates once per workflow; they act on whichever task is open. */
export function installTaskHandlers(): void {
  setHandler(
    claimTask,
    async ({ taskId, actor }) => {
      const task = openTask(taskId);
      if (task.assignee?.userId === actor.userId) return view(task);
      task.assignee = me(actor);
      await acts.assignTask({ taskId, assignee: task.assignee });
      return view(task);
    },
    {
      validator: ({ taskId, actor }) => {
        const task = openTask(taskId);
        mayWork(task, actor);
        if (task.assignee && task.assignee.userId !== actor.userId) throw rejection('task.alreadyClaimed', { name: task.assignee.name });
      },
    },
  );

  setHandler(
    unclaimTask,
    async ({ taskId }) => {
      const task = openTask(taskId);
      task.assignee = null;
      await acts.assignTask({ taskId, assignee: null });
      return view(task);
    },
    {
      validator: ({ taskId, actor }) => {
        const task = openTask(taskId);
        if (!task.assignee) throw rejection('task.notClaimed');
        if (task.assignee.userId !== actor.userId && !actor.roles.includes('admin')) throw rejection('task.claimedByOther', { name: task.assignee.name });
      },
    },
  );

  setHandler(
    reassignTask,
    async ({ taskId, assignee }) => {
      const task = openTask(taskId);
      task.assignee = { userId: assignee.userId, name: assignee.name };
      await acts.assignTask({ taskId, assignee: task.assignee });
      return view(task);
    },
    {
      validator: ({ taskId, actor, assignee }) => {
        const task = openTask(taskId);
        if (!actor.roles.includes('admin')) throw rejection('http.forbidden');
        if (!assignee.roles.some((r: Role) => task.spec.candidateRoles.includes(r) || r === 'admin')) throw rejection('task.assigneeNotStaff');
      },
    },
  );

  setHandler(
    completeTask,
    async ({ taskId, actor, decision }) => {
      const task = openTask(taskId);
      const clean = decisionSchema(shapeOf(task.spec)).validateSync(decision) as Decision;
      task.assignee ??= me(actor);
      task.decided = { decision: clean, decidedBy: me(actor) };
      await acts.completeTaskRow({ taskId, decision: clean, decidedBy: me(actor) });
      return view(task);
    },
    {
      validator: ({ taskId, actor, decision }) => {
        const task = openTask(taskId);
        mayWork(task, actor);
        if (task.assignee && task.assignee.userId !== actor.userId) throw rejection('task.claimedByOther', { name: task.assignee.name });
        try {
          decisionSchema(shapeOf(task.spec)).validateSync(decision);
        } catch {
          throw rejection('validation.reasonsRequired');
        }
      },
    },
  );

  setHandler(recomputeDue, () => {
    recomputeRequested = true;
  });
}

/** The task waiting for a decision, if any, as the inbox sees it (e.g. whether someone has claimed it). */
export function currentTask(): TaskView | null {
  return current && !current.decided ? view(current) : null;
}

/**
 * Closes the open task for good after its workflow withdrew it (a CancellationScope around
 * humanTask): staff Updates on it are then refused like those on any closed task.
 */
export function closeTaskUpdates(): void {
  const stale = (_command: TaskCommand): never => {
    throw rejection('task.stale');
  };
  setHandler(claimTask, stale, { validator: stale });
  setHandler(unclaimTask, stale, { validator: stale });
  setHandler(reassignTask, stale, { validator: stale });
  setHandler(completeTask, stale, { validator: stale });
}

/**
 * Asks staff for a decision: writes the task row, waits for the completeTask Update, and marks the
 * task overdue (escalating it) when the working-day SLA passes. Returns the decision.
 */
export async function humanTask(spec: TaskSpec): Promise<DecidedTask> {
  const createdAt = new Date().toISOString();
  const due = await acts.computeDueDate({ from: createdAt, workingDays: spec.slaWorkingDays, overrideMs: spec.slaOverrideMs });
  const task: OpenTask = { spec, createdAt, assignee: null, dueAt: due.dueAt, dueProvisional: due.provisional, decided: null };
  const writeRow = () => acts.createTask({ ...spec, workflowId: workflowInfo().workflowId, dueAt: due.dueAt, dueProvisional: due.provisional, createdAt });
  const recordCurrent = () => progress(spec.caseKind, spec.caseId, { step: spec.step, status: 'current', actor: 'staff', dueAt: due.dueAt, dueProvisional: due.provisional });
  if (patched(TASK_OPEN_BEFORE_ROW)) {
    // The task is open before its row exists, so a claim arriving right after the row appears
    // is never refused as stale; the row and the timeline event are written together.
    current = task;
    await Promise.all([writeRow(), recordCurrent()]);
  } else {
    await writeRow();
    current = task;
    await recordCurrent();
  }
  let escalated = false;
  while (!task.decided) {
    const remaining = Date.parse(task.dueAt) - Date.now();
    if (remaining <= 0 && !escalated) {
      await acts.escalateTask({ taskId: spec.taskId, caseKind: spec.caseKind, caseId: spec.caseId });
      escalated = true;
      continue;
    }
    const woken = () => task.decided !== null || recomputeRequested;
    if (escalated) await condition(woken);
    else await condition(woken, remaining);
    if (recomputeRequested && !task.decided) {
      recomputeRequested = false;
      if (!task.dueProvisional) continue;
      const again = await acts.computeDueDate({ from: createdAt, workingDays: spec.slaWorkingDays, overrideMs: spec.slaOverrideMs });
      task.dueAt = again.dueAt;
      task.dueProvisional = again.provisional;
      escalated = escalated && Date.parse(again.dueAt) <= Date.now();
      await acts.updateTaskDue({ taskId: spec.taskId, dueAt: again.dueAt, dueProvisional: again.provisional, escalated });
    }
  }
  return task.decided;
}

/**
 * One staff task that the case's own party may stop before staff decide (a cancel, a withdrawal):
 * the task is shown in its inbox queue meanwhile; once `stopped()` turns true first, the task is
 * cancelled and its Updates refused. Null when it was stopped before a decision.
 */
export async function stoppableHumanTask(spec: TaskSpec, stopped: () => boolean): Promise<DecidedTask | null> {
  upsertSearchAttributes([{ key: InboxQueue, value: spec.queue }]);
  const scope = new CancellationScope();
  // Set from the task's promise; a cast so the compiler does not narrow it to null for good.
  let decided = null as DecidedTask | null;
  const running = scope.run(() => humanTask(spec).then((d) => (decided = d)));
  await condition(() => decided !== null || stopped());
  if (!decided) {
    closeTaskUpdates();
    scope.cancel();
    decided = await running.catch((err) => {
      if (isCancellation(err)) return null;
      throw err;
    });
  }
  upsertSearchAttributes([{ key: InboxQueue, value: null }]);
  return decided;
}
