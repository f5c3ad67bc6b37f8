import type { Knex } from 'knex';
import type { Decision } from '../domain/tasks';
import { insertTask, markDone, markEscalated, setAssignee, setDue } from '../db/tasks';
import { insertMessage } from '../db/messages';
import type { TaskSpec, TaskAssignee } from '../workflows/lib/humanTask';
import { taskTitle } from './taskTitles';

export function taskActivities(k: Knex) {
  return {
    /** Idempotent: the task id comes from the workflow, a retried insert is ignored. */
    async createTask(input: TaskSpec & { workflowId: string; dueAt: string; dueProvisional: boolean; createdAt: string }): Promise<void> {
      await insertTask(k, {
        id: input.taskId,
        queue: input.queue,
        candidateRole: input.candidateRoles[0] ?? 'reviewer',
        caseKind: input.caseKind,
        caseId: input.caseId,
        workflowId: input.workflowId,
        step: input.step,
        ...(await taskTitle(k, input.caseKind, input.caseId)),
        subjectUserId: input.subjectUserId,
        dueAt: input.dueAt,
        dueProvisional: input.dueProvisional,
        slaWorkingDays: input.slaWorkingDays,
        createdAt: input.createdAt,
      });
    },

    async assignTask(input: { taskId: string; assignee: TaskAssignee | null }): Promise<void> {
      await setAssignee(k, input.taskId, input.assignee);
    },

    async completeTaskRow(input: { taskId: string; decision: Decision; decidedBy: TaskAssignee }): Promise<void> {
      await markDone(k, input.taskId, input.decision, input.decidedBy);
    },

    /** Marks the task overdue and tells every admin once (the message key dedupes retries). */
    async escalateTask(input: { taskId: string; caseKind: string; caseId: string }): Promise<void> {
      await markEscalated(k, input.taskId);
      const task = await k('tasks').where({ id: input.taskId }).first();
      const admins = await k('users').select('id').whereRaw("'admin' = any(roles)").andWhere({ status: 'active' });
      for (const admin of admins) {
        await insertMessage(k, {
          dedupeKey: `${input.taskId}/overdue/${admin.id}`,
          userId: admin.id,
          titleKey: 'taskOverdue',
          // `titles`: the inbox title in each language, so the admin reads the IP's name in theirs.
          params: { title: task?.title ?? input.caseId, ...(task?.titles && { titles: task.titles }) },
          actionLink: `/manage/tasks/${encodeURIComponent(input.taskId)}`,
        });
      }
    },

    async updateTaskDue(input: { taskId: string; dueAt: string; dueProvisional: boolean; escalated: boolean }): Promise<void> {
      await setDue(k, input.taskId, input.dueAt, input.dueProvisional, input.escalated);
    },
  };
}
