import { IDENTITY_SLA_WORKING_DAYS } from '../identity';
import type { ProcessModel } from './model';

/** submit → review (identity queue) → verified, or → correction → review again. */
export const identityReview: ProcessModel = {
  kind: 'identityReview',
  steps: [
    { id: 'submit', actor: 'user' },
    { id: 'review', actor: 'staff', queue: 'identity', slaWorkingDays: IDENTITY_SLA_WORKING_DAYS },
    { id: 'correction', actor: 'user' },
    { id: 'verified', actor: 'system', terminal: true },
  ],
  transitions: [
    { from: 'submit', to: 'review' },
    { from: 'review', to: 'verified', on: 'approve' },
    { from: 'review', to: 'correction', on: 'fail' },
    { from: 'correction', to: 'review', on: 'resubmit' },
  ],
};
