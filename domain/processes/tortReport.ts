import { TORT_REVIEW_WORKING_DAYS } from '../monitoring';
import type { ProcessModel } from './model';

/**
 * A reported suspected infringement (suspecttort "report"): the user sends the protection
 * application prefilled with the evidence → staff review it in the `tort` queue (admin tort/audit)
 * → confirmed: the protection case starts with that application (the case's own timeline goes on
 * from there) / dismissed with a reason.
 */
export const tortReport: ProcessModel = {
  kind: 'tortReport',
  steps: [
    { id: 'reported', actor: 'user' },
    { id: 'review', actor: 'staff', queue: 'tort', slaWorkingDays: TORT_REVIEW_WORKING_DAYS },
    { id: 'caseStarted', actor: 'system', terminal: true },
    { id: 'dismissed', actor: 'system', terminal: true },
  ],
  transitions: [
    { from: 'reported', to: 'review' },
    { from: 'review', to: 'caseStarted', on: 'approve' },
    { from: 'review', to: 'dismissed', on: 'fail' },
  ],
};
