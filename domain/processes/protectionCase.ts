import { PROTECTION_ACCEPTANCE_WORKING_DAYS, PROTECTION_PROCESSING_WORKING_DAYS } from '../protection';
import type { ProcessModel } from './model';

/**
 * A rights-protection case, administrative or legal (domain/protection.ts): submitted → acceptance
 * review (staff reply within 7 working days) → refused, or accepted and in processing, where staff
 * post progress and may ask the user for supplementary materials → processed (an outcome and, when
 * published, a publicity number). A legal case is handed to the listed law firm the user picked.
 */
export const protectionCase: ProcessModel = {
  kind: 'protectionCase',
  steps: [
    { id: 'submitted', actor: 'user' },
    { id: 'acceptance', actor: 'staff', queue: 'protection', slaWorkingDays: PROTECTION_ACCEPTANCE_WORKING_DAYS },
    { id: 'processing', actor: 'staff', queue: 'protection', slaWorkingDays: PROTECTION_PROCESSING_WORKING_DAYS },
    { id: 'supplement', actor: 'user' },
    { id: 'processed', actor: 'system', terminal: true },
    { id: 'refused', actor: 'system', terminal: true },
  ],
  transitions: [
    { from: 'submitted', to: 'acceptance' },
    { from: 'acceptance', to: 'processing', on: 'approve' },
    { from: 'acceptance', to: 'refused', on: 'fail' },
    { from: 'processing', to: 'supplement', on: 'requestSupplement' },
    { from: 'supplement', to: 'processing', on: 'supply' },
    { from: 'processing', to: 'processed', on: 'approve' },
  ],
};
