import { entrustedTradeActions } from './processes/entrustedTrade';
import { OPEN_TRADE_STATES, type TradeAction, type TradeMode, type TradeSide, type TradeState, type TradeStep } from './trade';

/** What decides a party's actions on a trade: its list state, its workflow step and what it has. */
export interface TradeFacts {
  mode: TradeMode;
  state: TradeState;
  step: TradeStep;
  orderId: string | null;
  /** Whether this side has already evaluated the (completed) trade. */
  evaluated: boolean;
}

export type TradeActionRule = (t: TradeFacts, side: TradeSide) => TradeAction[];

const isOpen = (t: TradeFacts) => OPEN_TRADE_STATES.includes(t.state);

/** Actions every mode shares: view; reply while open; evaluate once completed; delete once finished. */
function common(t: TradeFacts): TradeAction[] {
  const out: TradeAction[] = ['view'];
  if (isOpen(t)) out.push('reply');
  if (t.state === 'completed' && !t.evaluated) out.push('evaluate');
  if (!isOpen(t)) out.push('delete');
  return out;
}

/** Self-service (tradeOrder workflow): the seller decides, the buyer corrects, answers, pays and confirms. */
const selfService: TradeActionRule = (t, side) => {
  const out = common(t);
  if (side === 'seller') {
    if (t.step === 'sellerDecision') out.push('agree', 'reject', 'counterOffer');
    return out;
  }
  if (t.step === 'correction') out.push('resubmit');
  if (t.step === 'counterOffer') out.push('answerCounter');
  if (t.step === 'awaitingFee' && t.orderId) out.push('payFee');
  if (t.step === 'inProgress') out.push('confirmCompletion');
  // Before paying: once the fee is paid the licence is being carried out.
  if (t.state === 'pendingConfirmation') out.push('cancel');
  return out;
};

/** Contact seller (tradeOrder workflow): the seller replies; the buyer continues once answered, or cancels. */
const contactSeller: TradeActionRule = (t, side) => {
  const out = common(t);
  if (side === 'buyer' && t.step === 'conversation') out.push('continue');
  if (side === 'buyer' && isOpen(t)) out.push('cancel');
  return out;
};

/** The actions of each mode (entrusted and manual trades: domain/processes/entrustedTrade.ts). */
export const TRADE_ACTION_RULES: Record<TradeMode, TradeActionRule> = {
  selfService,
  contactSeller,
  entrusted: entrustedTradeActions,
};

/** The actions offered to `side` (staff, side null, act in the inbox and see only 'view'). */
export function tradeActions(t: TradeFacts, side: TradeSide | null): TradeAction[] {
  return side ? TRADE_ACTION_RULES[t.mode](t, side) : ['view'];
}
