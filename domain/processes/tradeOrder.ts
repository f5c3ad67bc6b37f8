import { TRADE_CHECK_WORKING_DAYS } from '../trade';
import type { ProcessModel } from './model';

/**
 * A self-service trade or a contact-seller case (spec part 1 §3–§4, issue 11), one workflow each:
 * - self-service: submit → platform check (trade queue; off by configuration) → the seller agrees,
 *   rejects with a reason, or makes a counter-offer the buyer accepts (agreement) or declines (back to
 *   the seller) → the buyer pays the platform's service fee (orderPayment) → in progress → the buyer
 *   confirms completion (a trade record and a licence are written).
 *   A failed check flags fields: the buyer corrects them and resubmits (a recheck follows).
 * - contact seller: the request waits for the seller's reply → conversation → the buyer continues
 *   as a self-service trade (a new case) or a manual, staff-handled trade (entrustedTrade); this
 *   case closes as continued.
 * Closed: the buyer cancels before paying, nobody acts in the configured time, or the fee lapses unpaid.
 */
export const tradeOrder: ProcessModel = {
  kind: 'tradeOrder',
  steps: [
    { id: 'submit', actor: 'buyer' },
    { id: 'platformCheck', actor: 'staff', queue: 'trade', slaWorkingDays: TRADE_CHECK_WORKING_DAYS },
    { id: 'correction', actor: 'buyer' },
    { id: 'sellerReply', actor: 'seller' },
    { id: 'conversation', actor: 'buyer' },
    { id: 'sellerDecision', actor: 'seller' },
    { id: 'counterOffer', actor: 'buyer' },
    { id: 'awaitingFee', actor: 'buyer' },
    { id: 'inProgress', actor: 'buyer' },
    { id: 'completed', actor: 'buyer', terminal: true },
    { id: 'refused', actor: 'seller', terminal: true },
    { id: 'closed', actor: 'system', terminal: true },
  ],
  transitions: [
    { from: 'submit', to: 'platformCheck' },
    { from: 'submit', to: 'sellerDecision', on: 'noCheck' },
    { from: 'submit', to: 'sellerReply', on: 'contact' },
    { from: 'platformCheck', to: 'sellerDecision', on: 'approve' },
    { from: 'platformCheck', to: 'correction', on: 'fail' },
    { from: 'platformCheck', to: 'closed', on: 'cancel' },
    { from: 'correction', to: 'platformCheck', on: 'resubmit' },
    { from: 'correction', to: 'closed', on: 'cancel' },
    { from: 'sellerReply', to: 'conversation', on: 'reply' },
    { from: 'sellerReply', to: 'closed', on: 'cancel' },
    { from: 'conversation', to: 'closed', on: 'continue' },
    { from: 'sellerDecision', to: 'awaitingFee', on: 'agree' },
    { from: 'sellerDecision', to: 'refused', on: 'reject' },
    { from: 'sellerDecision', to: 'counterOffer', on: 'counterOffer' },
    { from: 'sellerDecision', to: 'closed', on: 'cancel' },
    { from: 'counterOffer', to: 'awaitingFee', on: 'accept' },
    { from: 'counterOffer', to: 'sellerDecision', on: 'decline' },
    { from: 'counterOffer', to: 'closed', on: 'cancel' },
    { from: 'awaitingFee', to: 'inProgress', on: 'pay' },
    { from: 'awaitingFee', to: 'closed', on: 'lapse' },
    { from: 'inProgress', to: 'completed', on: 'complete' },
  ],
};
