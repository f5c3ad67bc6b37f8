import { REMITTANCE_CONFIRM_WORKING_DAYS } from '../orders';
import type { ProcessModel } from './model';

/**
 * created → awaiting payment (24 h timer, spec part 1 §9) → paid by a gateway callback, or by
 * finance confirming an offline / overseas remittance (finance queue, 1–2 working days, part 2 §4)
 * → done (what was bought is delivered, e.g. the IPCI issued). A rejected remittance goes back to
 * awaiting payment; an order not paid in time, or cancelled by the user, ends cancelled. Money that
 * arrives online while a remittance is with finance pays the order too.
 */
export const orderPayment: ProcessModel = {
  kind: 'orderPayment',
  steps: [
    { id: 'created', actor: 'system' },
    { id: 'awaitingPayment', actor: 'user' },
    { id: 'remittanceReview', actor: 'staff', queue: 'finance', slaWorkingDays: REMITTANCE_CONFIRM_WORKING_DAYS },
    { id: 'paid', actor: 'system' },
    { id: 'done', actor: 'system', terminal: true },
    { id: 'cancelled', actor: 'system', terminal: true },
  ],
  transitions: [
    { from: 'created', to: 'awaitingPayment' },
    { from: 'awaitingPayment', to: 'paid', on: 'pay' },
    { from: 'awaitingPayment', to: 'remittanceReview', on: 'submitRemittance' },
    { from: 'awaitingPayment', to: 'cancelled', on: 'timeout' },
    { from: 'awaitingPayment', to: 'cancelled', on: 'cancel' },
    { from: 'remittanceReview', to: 'paid', on: 'approve' },
    { from: 'remittanceReview', to: 'awaitingPayment', on: 'fail' },
    { from: 'remittanceReview', to: 'paid', on: 'pay' },
    { from: 'paid', to: 'done' },
  ],
};
