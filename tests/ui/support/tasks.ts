import type { TaskRow } from '../../../ui/src/api/types';
import { REVIEWER } from './render';

/**
 * An inbox task as GET /api/tasks/:id answers it, claimed by the demo reviewer and not yet late: a
 * test names the case and step it stands for (and its dates, where the page shows them).
 */
export const claimedTask = (t: Pick<TaskRow, 'id' | 'queue' | 'caseKind' | 'caseId' | 'step' | 'title' | 'dueAt' | 'slaWorkingDays' | 'createdAt'>): TaskRow => ({
  workflowId: `${t.caseKind}/${t.caseId}`,
  titles: null,
  status: 'claimed',
  assigneeId: REVIEWER.id,
  assigneeName: REVIEWER.displayName,
  dueProvisional: false,
  overdue: false,
  escalatedAt: null,
  completedAt: null,
  ...t,
});
