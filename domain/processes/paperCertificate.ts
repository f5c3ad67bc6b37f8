import { PAPER_FULFILMENT_WORKING_DAYS } from '../paperCertificate';
import type { ProcessModel } from './model';

/** request → fulfilment (finance mails it, with carrier and tracking number) → mailed; a flagged address goes back to the user. */
export const paperCertificate: ProcessModel = {
  kind: 'paperCertificate',
  steps: [
    { id: 'request', actor: 'user' },
    { id: 'fulfilment', actor: 'staff', queue: 'finance', slaWorkingDays: PAPER_FULFILMENT_WORKING_DAYS },
    { id: 'correction', actor: 'user' },
    { id: 'mailed', actor: 'system', terminal: true },
  ],
  transitions: [
    { from: 'request', to: 'fulfilment' },
    { from: 'fulfilment', to: 'mailed', on: 'approve' },
    { from: 'fulfilment', to: 'correction', on: 'fail' },
    { from: 'correction', to: 'fulfilment', on: 'resubmit' },
  ],
};
