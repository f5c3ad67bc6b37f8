import { TITLE_AUDIT_SLA_WORKING_DAYS } from '../titleRegistration';
import type { ProcessModel } from './model';

/**
 * Title (traceability) registration, spec part 1 §4: submit → review (title queue; SLA in working
 * days from the default reading, 5 — the workflow may use the configured 7-day reading instead) →
 * approved → payment of the certification fee → IPCI issued automatically.
 * - fail: the reviewer flags fields; the user corrects only those and resubmits (correction loop).
 * - reject: a final refusal (§6 "staff may refuse"), for failures no correction can cure, such as
 *   an IP that violates law (§4) — ends as failed.
 * - cancel: the user withdraws (§4 "cancel") while waiting in the queue, correcting or before paying.
 * An unpaid order lapsing after 24 h does not end the registration: the user can order again
 * (the orderPayment process owns that loop), so payment has no timeout branch here.
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
    { id: 'failed', actor: 'system', terminal: true },
    { id: 'cancelled', actor: 'user', terminal: true },
  ],
  transitions: [
    { from: 'submit', to: 'review' },
    { from: 'review', to: 'approved', on: 'approve' },
    { from: 'review', to: 'correction', on: 'fail' },
    { from: 'review', to: 'failed', on: 'reject' },
    { from: 'review', to: 'cancelled', on: 'cancel' },
    { from: 'correction', to: 'review', on: 'resubmit' },
    { from: 'correction', to: 'cancelled', on: 'cancel' },
    { from: 'approved', to: 'payment' },
    { from: 'payment', to: 'issued', on: 'pay' },
    { from: 'payment', to: 'cancelled', on: 'cancel' },
  ],
};
