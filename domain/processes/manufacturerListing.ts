import { MANUFACTURER_REVIEW_WORKING_DAYS } from '../manufacturers';
import type { ProcessModel } from './model';

/**
 * A manufacturer's listing in the anti-counterfeiting directory (domain/manufacturers.ts). The spec
 * shows only "apply with agreement"; the later steps are ours: review by staff in the directory
 * queue (a failure, with reasons per field and a refusal reason, goes back to the applicant to
 * correct and resubmit for the next round) → listed, free of charge. Staff may suspend a listed
 * manufacturer on recheck (it leaves the directory) and relist it; the listing has no term.
 */
export const manufacturerListing: ProcessModel = {
  kind: 'manufacturerListing',
  steps: [
    { id: 'applied', actor: 'user' },
    { id: 'review', actor: 'staff', queue: 'directory', slaWorkingDays: MANUFACTURER_REVIEW_WORKING_DAYS },
    { id: 'correction', actor: 'user' },
    { id: 'listed', actor: 'system' },
    { id: 'suspended', actor: 'staff' },
  ],
  transitions: [
    { from: 'applied', to: 'review' },
    { from: 'review', to: 'listed', on: 'approve' },
    { from: 'review', to: 'correction', on: 'fail' },
    { from: 'correction', to: 'review', on: 'resubmit' },
    { from: 'listed', to: 'suspended', on: 'suspend' },
    { from: 'suspended', to: 'listed', on: 'relist' },
  ],
};
