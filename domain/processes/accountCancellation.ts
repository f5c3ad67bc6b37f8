import { CANCELLATION_AUDIT_WORKING_DAYS } from '../security';
import type { ProcessModel } from './model';

/**
 * request → audit (cancellation queue, admins) → cancelled (irreversible), or → rejected (the
 * account stays, the user is told why), or → withdrawn by the user while the audit is open.
 */
export const accountCancellation: ProcessModel = {
  kind: 'accountCancellation',
  steps: [
    { id: 'request', actor: 'user' },
    { id: 'audit', actor: 'staff', queue: 'cancellation', slaWorkingDays: CANCELLATION_AUDIT_WORKING_DAYS },
    { id: 'cancelled', actor: 'system', terminal: true },
    { id: 'rejected', actor: 'system', terminal: true },
    { id: 'withdrawn', actor: 'user', terminal: true },
  ],
  transitions: [
    { from: 'request', to: 'audit' },
    { from: 'audit', to: 'cancelled', on: 'approve' },
    { from: 'audit', to: 'rejected', on: 'fail' },
    { from: 'audit', to: 'withdrawn', on: 'withdraw' },
  ],
};
