import { LAW_FIRM_DOCUMENTS_WORKING_DAYS, LAW_FIRM_REVIEW_WORKING_DAYS } from '../lawFirms';
import type { ProcessModel } from './model';

/**
 * A law firm's listing (spec part 2 §4, domain/lawFirms.ts): applied with the agreement → paper
 * documents received (staff) → review (staff; a failure goes back to the firm to correct) → payment
 * notice, paid within 10 working days through orderPayment or lapsed → listed for a year → renewed
 * by paying again, or expired. Staff may suspend a listed firm on recheck and restore it.
 */
export const lawFirmListing: ProcessModel = {
  kind: 'lawFirmListing',
  steps: [
    { id: 'applied', actor: 'user' },
    { id: 'documents', actor: 'staff', queue: 'directory', slaWorkingDays: LAW_FIRM_DOCUMENTS_WORKING_DAYS },
    { id: 'review', actor: 'staff', queue: 'directory', slaWorkingDays: LAW_FIRM_REVIEW_WORKING_DAYS },
    { id: 'correction', actor: 'user' },
    { id: 'payment', actor: 'user' },
    { id: 'listed', actor: 'system' },
    { id: 'suspended', actor: 'staff' },
    { id: 'lapsed', actor: 'system', terminal: true },
    { id: 'expired', actor: 'system', terminal: true },
  ],
  transitions: [
    { from: 'applied', to: 'documents' },
    { from: 'documents', to: 'review', on: 'approve' },
    { from: 'review', to: 'payment', on: 'approve' },
    { from: 'review', to: 'correction', on: 'fail' },
    { from: 'correction', to: 'review', on: 'resubmit' },
    { from: 'payment', to: 'listed', on: 'pay' },
    { from: 'payment', to: 'lapsed', on: 'unpaid' },
    { from: 'listed', to: 'suspended', on: 'suspend' },
    { from: 'suspended', to: 'listed', on: 'restore' },
    { from: 'listed', to: 'listed', on: 'renew' },
    { from: 'listed', to: 'expired', on: 'expiry' },
  ],
};
