import { TITLE_AUDIT_SLA_WORKING_DAYS } from '../titleRegistration';
import type { ProcessModel } from './model';

/**
 * Title (traceability) registration, spec part 1 §4: submit → review (title queue; SLA in working
 * days from the default reading, 5 — the workflow may use the configured 7-day reading instead) →
 * approved → payment of the certification fee → IPCI issued automatically.
 * - fail: the reviewer flags fields and names a failure reason; the user corrects only those fields
 *   and resubmits (correction loop). Every failure can be corrected or withdrawn, so there is no
 *   final refusal step.
 * - cancel: the user withdraws (§4 "cancel") while waiting in the queue, correcting or before paying.
 * - lapse: an unpaid order cancelled after 24 h (orderPayment) does not end the registration: it is
 *   approved again and the user can order again, or cancel (drawn as payment's cancel).
 */
export const titleAudit: ProcessModel = {
  kind: 'titleAudit',
  steps: [
    { id: 'submit', actor: 'user' },
    { id: 'review', actor: 'staff', queue: 'title', slaWorkingDays: TITLE_AUDIT_SLA_WORKING_DAYS },
    { id: 'correction', actor: 'user' },
    { id: 'approved', actor: 'system' },
    { id: 'payment', actor: 'user' },
    { id: 'issued', actor: 'system', terminal: true },
    { id: 'cancelled', actor: 'user', terminal: true },
  ],
  transitions: [
    { from: 'submit', to: 'review' },
    { from: 'review', to: 'approved', on: 'approve' },
    { from: 'review', to: 'correction', on: 'fail' },
    { from: 'review', to: 'cancelled', on: 'cancel' },
    { from: 'correction', to: 'review', on: 'resubmit' },
    { from: 'correction', to: 'cancelled', on: 'cancel' },
    { from: 'approved', to: 'payment' },
    { from: 'payment', to: 'issued', on: 'pay' },
    { from: 'payment', to: 'approved', on: 'lapse' },
    { from: 'payment', to: 'cancelled', on: 'cancel' },
  ],
};
