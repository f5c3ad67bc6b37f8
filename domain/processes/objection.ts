import { OBJECTION_REVIEW_WORKING_DAYS } from '../objections';
import type { ProcessModel } from './model';

/**
 * A rights objection (domain/objections.ts): submitted → formal review (staff) → the holder may
 * answer within a set time → decision on the merits (staff) → approved (the IPCI revoked or taken
 * down through its lifecycle) or failed; the objector may withdraw it until it is decided.
 */
export const objection: ProcessModel = {
  kind: 'objection',
  steps: [
    { id: 'submitted', actor: 'objector' },
    { id: 'formalReview', actor: 'staff', queue: 'objection', slaWorkingDays: OBJECTION_REVIEW_WORKING_DAYS },
    { id: 'holderAnswer', actor: 'holder' },
    { id: 'decision', actor: 'staff', queue: 'objection', slaWorkingDays: OBJECTION_REVIEW_WORKING_DAYS },
    { id: 'approved', actor: 'system', terminal: true },
    { id: 'failed', actor: 'system', terminal: true },
    { id: 'withdrawn', actor: 'objector', terminal: true },
  ],
  transitions: [
    { from: 'submitted', to: 'formalReview' },
    { from: 'formalReview', to: 'holderAnswer', on: 'approve' },
    { from: 'formalReview', to: 'failed', on: 'fail' },
    // Answered or not: staff decide once the holder answered or the time to answer passed.
    { from: 'holderAnswer', to: 'decision' },
    { from: 'decision', to: 'approved', on: 'approve' },
    { from: 'decision', to: 'failed', on: 'fail' },
    { from: 'formalReview', to: 'withdrawn', on: 'withdraw' },
    { from: 'holderAnswer', to: 'withdrawn', on: 'withdraw' },
    { from: 'decision', to: 'withdrawn', on: 'withdraw' },
  ],
};
