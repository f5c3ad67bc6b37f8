import './validation/locale';
import * as yup from 'yup';
import { keysetCursor } from './validation/keyset';
import { trimmed } from './validation/rules';
import type { Role } from './roles';

/** Staff queues of the human-task pattern (DESIGN.md); identity is the first in use. */
export const QUEUES = ['identity', 'title', 'objection', 'trade', 'protection', 'directory', 'finance', 'cancellation', 'tort'] as const;
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
  tort: 'reviewer',
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
    after: keysetCursor(['date', 'key']),
  })
  .noUnknown();
export type InboxQuery = yup.InferType<typeof inboxQuerySchema>;

export const DECISION_OUTCOMES = ['approve', 'fail'] as const;

/**
 * What a decision on a task may carry: the fields a failure may flag; for some processes a failure
 * category out of a fixed list (the title audit's failure reasons), and values an approval must give
 * (a paper certificate's carrier and tracking number).
 */
export interface DecisionShape {
  fields: readonly string[];
  categories?: readonly string[];
  values?: readonly string[];
  /** Values that are picked from a list (e.g. an upheld objection's outcome); the others are free text. */
  choices?: Readonly<Record<string, readonly string[]>>;
  /** An approval must say why in its comment (e.g. an upheld objection's review opinion). */
  commentRequired?: boolean;
}

const VALUE_MAX = 100;

/** A reviewer's decision: approve, or fail with a reason for each flagged field. */
export function decisionSchema(shape: readonly string[] | DecisionShape) {
  const { fields, categories = [], values = [], choices = {}, commentRequired = false }: DecisionShape = Array.isArray(shape) ? { fields: shape as readonly string[] } : (shape as DecisionShape);
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
      comment: trimmed()
        .max(1000)
        .default('')
        .test('comment', 'validation.required', function (value) {
          return !commentRequired || this.parent.outcome !== 'approve' || Boolean(value);
        }),
      // A failure names one category when the process has them; an approval never does.
      category: yup
        .string()
        .test('category', 'validation.categoryRequired', function (value) {
          if (categories.length === 0 || this.parent.outcome !== 'fail') return !value;
          return categories.includes(value ?? '');
        }),
      // An approval gives every value the process asks for; a failure gives none.
      values: yup
        .object()
        .test('values', 'validation.valuesRequired', function (value: Record<string, unknown>) {
          const entries = Object.entries(value ?? {});
          if (this.parent.outcome !== 'approve') return entries.length === 0;
          return (
            entries.every(([k, v]) => values.includes(k) && typeof v === 'string' && v.trim().length > 0 && v.length <= VALUE_MAX && (!Object.hasOwn(choices, k) || choices[k].includes(v))) &&
            values.every((k) => typeof value?.[k] === 'string')
          );
        }),
    })
    .noUnknown();
}
export interface Decision {
  outcome: (typeof DECISION_OUTCOMES)[number];
  reasons: Record<string, string>;
  comment: string;
  /** Set on failures of processes with categories (e.g. a FAILURE_REASONS id). */
  category?: string;
  /** Set on approvals of processes that ask for values. */
  values?: Record<string, string>;
}

export const reassignSchema = yup.object({ assigneeId: yup.string().uuid().required() }).noUnknown();
