import './validation/locale';
import * as yup from 'yup';
import type { Role } from './roles';

/** Staff queues of the human-task pattern (DESIGN.md); identity is the first in use. */
export const QUEUES = ['identity', 'title', 'objection', 'trade', 'protection', 'directory', 'finance', 'cancellation'] as const;
export type Queue = (typeof QUEUES)[number];

/** The role that works each queue; admins may work every queue. */
export const QUEUE_ROLE: Record<Queue, Role> = {
  identity: 'reviewer',
  title: 'reviewer',
  objection: 'reviewer',
  trade: 'reviewer',
  protection: 'reviewer',
  directory: 'reviewer',
  finance: 'reviewer',
  cancellation: 'admin',
};

/** The queues a staff member sees in the inbox. */
export const queuesFor = (roles: readonly string[]): Queue[] =>
  roles.includes('admin') ? [...QUEUES] : QUEUES.filter((q) => roles.includes(QUEUE_ROLE[q]));
export const TASK_STATUSES = ['open', 'claimed', 'done', 'cancelled'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
export const INBOX_PAGE_SIZE = 25;

export interface Actor {
  userId: string;
  name: string;
  roles: Role[];
}

export const inboxQuerySchema = yup
  .object({
    queue: yup.string().oneOf([...QUEUES]),
    status: yup.string().oneOf(['active', ...TASK_STATUSES]).default('active'),
    mine: yup.boolean().default(false),
    overdue: yup.boolean().default(false),
    limit: yup.number().integer().min(1).max(100).default(INBOX_PAGE_SIZE),
    /** Opaque keyset cursor returned as `next` by the previous page. */
    after: yup.string().max(200),
  })
  .noUnknown();
export type InboxQuery = yup.InferType<typeof inboxQuerySchema>;

export const DECISION_OUTCOMES = ['approve', 'fail'] as const;

/** A reviewer's decision: approve, or fail with a reason for each flagged field. */
export function decisionSchema(fields: readonly string[]) {
  return yup
    .object({
      outcome: yup.string().oneOf([...DECISION_OUTCOMES]).required(),
      reasons: yup
        .object()
        .default({})
        .test('reasons', 'validation.reasonsRequired', function (value: Record<string, unknown>) {
          const entries = Object.entries(value ?? {});
          if (this.parent.outcome !== 'fail') return entries.length === 0;
          return (
            entries.length > 0 &&
            entries.every(([field, reason]) => fields.includes(field) && typeof reason === 'string' && reason.trim().length > 0 && reason.length <= 500)
          );
        }),
      comment: yup.string().trim().max(1000).default(''),
    })
    .noUnknown();
}
export interface Decision {
  outcome: (typeof DECISION_OUTCOMES)[number];
  reasons: Record<string, string>;
  comment: string;
}

export const reassignSchema = yup.object({ assigneeId: yup.string().uuid().required() }).noUnknown();
