import './validation/locale';
import * as yup from 'yup';
import { COUNTRY_CODES } from './countries';
import { SELF_SERVICE_TRADE_CAP_FEN, yuanAmount } from './money';
import { keysetCursor } from './validation/keyset';
import { email, isoDate, optionalText, phone, requiredText, trimmed, uploadId, UUID_PATTERN } from './validation/rules';

/**
 * Licensing trade (spec part 1 §1–§4): three modes. Self-service (trade/autotrade) is a licence
 * application the seller agrees to or rejects; platform-entrusted (trade/platform) is handed to staff,
 * who contact the user within 5 working days; contact-seller (trade/sellertrade) is a message that
 * opens a case, which then continues as a self-service trade or a manual (staff-handled) trade.
 */
export const TRADE_MODES = ['selfService', 'entrusted', 'contactSeller'] as const;
export type TradeMode = (typeof TRADE_MODES)[number];

/** The spec's list states (part 1 §4, buyer view; "pending confirmation" is also called "confirmed"). */
export const TRADE_STATES = ['pendingConfirmation', 'ongoing', 'completed', 'closed', 'refused'] as const;
export type TradeState = (typeof TRADE_STATES)[number];
export const OPEN_TRADE_STATES: readonly TradeState[] = ['pendingConfirmation', 'ongoing'];

/**
 * Where a trade's workflow is, finer than its list state:
 * - platformCheck: staff check a self-service application (back office selfWork audit / recheck)
 * - correction: the check failed; the buyer corrects and resubmits (then a recheck)
 * - sellerDecision: the seller agrees or rejects (or makes a counter-offer)
 * - counterOffer: the buyer accepts or declines the seller's counter-offer
 * - awaitingFee: the buyer pays the platform's service fee (orderPayment)
 * - inProgress: paid; the parties carry the licence out; the buyer confirms completion
 * - sellerReply: a contact-seller request waits for the seller's answer
 * - conversation: answered; the buyer continues as a self-service or a manual trade
 * - platformContact / negotiation: staff contact the user and record the negotiated result
 * - done: completed, refused or closed
 */
export const TRADE_STEPS = [
  'platformCheck',
  'correction',
  'sellerDecision',
  'counterOffer',
  'awaitingFee',
  'inProgress',
  'sellerReply',
  'conversation',
  'platformContact',
  'negotiation',
  'done',
] as const;
export type TradeStep = (typeof TRADE_STEPS)[number];

/** Why a trade was closed: the buyer cancelled, nobody acted in time, the fee was not paid, or it continued elsewhere. */
export const TRADE_CLOSE_REASONS = ['cancelledByBuyer', 'timeout', 'feeUnpaid', 'continued', 'staffClosed'] as const;
export type TradeCloseReason = (typeof TRADE_CLOSE_REASONS)[number];

export const TRADE_MESSAGE_KINDS = ['reply', 'counterOffer', 'counterAccepted', 'counterDeclined', 'system'] as const;
export type TradeMessageKind = (typeof TRADE_MESSAGE_KINDS)[number];

/** Self-service trade applies only to derivative-merchandise licensing (part 1 §5). */
export const SELF_SERVICE_LICENCE_KIND = 'derivativeMerchandise';

/** How long the other side may stay silent before an open trade closes by itself (configurable). */
export const DEFAULT_TRADE_RESPONSE_DAYS = 7;
/** Part 1 §4: the platform contacts an entrusted trade's user within 5 working days. */
export const ENTRUSTED_CONTACT_WORKING_DAYS = 5;
/** Staff check a self-service application within this many working days. */
export const TRADE_CHECK_WORKING_DAYS = 2;

/**
 * The platform's service fee on a self-service trade: a share of the licence price, at least
 * 0.01 yuan. The spec names the fee but not its amount; 3 % is the default, an admin setting later.
 */
export const SERVICE_FEE_RATE_PERMILLE = 30;
export function serviceFeeFen(priceFen: number, permille = SERVICE_FEE_RATE_PERMILLE): number {
  return Math.max(1, Math.round((priceFen * permille) / 1000));
}

/** The document types of a proposal or plan (part 1 §5 attachments: Word, Excel, pdf, zip, rar). */
export const PROPOSAL_UPLOAD_KIND = 'proof';

const DAYS_TERM = {
  /** Permanent: no from–to. */
  termPermanent: yup.boolean().default(false),
  termFrom: isoDate().when('termPermanent', { is: false, then: (s) => s.required(), otherwise: (s) => s.oneOf(['', undefined], 'trade.termNotUsed').default('') }),
  termTo: isoDate()
    .when('termPermanent', { is: false, then: (s) => s.required(), otherwise: (s) => s.oneOf(['', undefined], 'trade.termNotUsed').default('') })
    .test('order', 'trade.termOrder', function (v) {
      const from = this.parent.termFrom as string | undefined;
      return !v || !from || from <= v;
    }),
};

/** What every licence request names: exclusivity, channels (rightScope codes), region ('' worldwide) and term. */
const licenceTerms = {
  exclusive: yup.boolean().required(),
  channels: yup.array(trimmed().required().matches(/^[A-Za-z0-9_-]{1,32}$/, 'validation.invalid')).min(1, 'trade.channelsRequired').max(20).required('trade.channelsRequired'),
  region: trimmed().oneOf(['', ...COUNTRY_CODES], 'validation.country').default(''),
  ...DAYS_TERM,
};

const contact = {
  contactPerson: requiredText(100),
  phone: phone().required(),
  email: email().required().max(200),
};

/** Self-service application (trade/autotrade), part 1 §3. The price is capped at 100,000 yuan. */
export const selfServiceApplicationSchema = yup
  .object({
    ipciId: trimmed().required().uuid('validation.invalid'),
    proposal: uploadId().required('trade.proposalRequired'),
    price: yuanAmount({ min: 1, max: SELF_SERVICE_TRADE_CAP_FEN }).required(),
    ...licenceTerms,
    description: requiredText(5000),
    ...contact,
  })
  .noUnknown();
export type SelfServiceApplication = yup.InferType<typeof selfServiceApplicationSchema>;

/** The self-service POST: the application, and the contact-seller case it continues, if any. */
export const selfServiceRequestSchema = selfServiceApplicationSchema.shape({
  fromTradeId: trimmed().matches(UUID_PATTERN, { message: 'validation.invalid', excludeEmptyString: true }).default(''),
});

/** What staff may flag when the platform check of a self-service application fails. */
export const SELF_SERVICE_CHECK_FIELDS = Object.keys(selfServiceApplicationSchema.fields).filter((f) => f !== 'ipciId');

/** Platform-entrusted application (trade/platform): what the buyer wants; staff negotiate it. No cap. */
export const entrustedApplicationSchema = yup
  .object({
    ipciId: trimmed().required().uuid('validation.invalid'),
    proposal: uploadId().default(''),
    budget: yuanAmount({ min: 0 }),
    exclusive: yup.boolean().required(),
    channels: licenceTerms.channels,
    region: licenceTerms.region,
    description: requiredText(5000),
    ...contact,
  })
  .noUnknown();
export type EntrustedApplication = yup.InferType<typeof entrustedApplicationSchema>;

/** Contact seller (trade/sellertrade): a message to the seller that opens a case. */
export const contactSellerSchema = yup
  .object({
    ipciId: trimmed().required().uuid('validation.invalid'),
    message: requiredText(2000),
    ...contact,
  })
  .noUnknown();
export type ContactSellerRequest = yup.InferType<typeof contactSellerSchema>;

/** The seller's answer to an application; a rejection gives its reason. */
export const sellerDecisionSchema = yup
  .object({
    outcome: trimmed().required().oneOf(['agree', 'reject']),
    reason: trimmed().when('outcome', { is: 'reject', then: (s) => s.required('trade.reasonRequired').max(1000), otherwise: (s) => s.max(1000).default('') }),
  })
  .noUnknown();
export type SellerDecision = yup.InferType<typeof sellerDecisionSchema>;

/** The seller's counter-offer: price (within the self-service cap), channels and term. */
export const counterOfferSchema = yup
  .object({
    price: yuanAmount({ min: 1, max: SELF_SERVICE_TRADE_CAP_FEN }).required(),
    channels: licenceTerms.channels,
    ...DAYS_TERM,
    note: optionalText(1000),
  })
  .noUnknown();
export type CounterOffer = yup.InferType<typeof counterOfferSchema>;

export const counterAnswerSchema = yup.object({ accept: yup.boolean().required() }).noUnknown();

export const tradeReplySchema = yup.object({ body: requiredText(2000) }).noUnknown();

/** How a contact-seller case continues once the seller has answered. */
export const continueTradeSchema = yup.object({ as: trimmed().required().oneOf(['selfService', 'manual']) }).noUnknown();

export const TRADE_SIDES = ['buyer', 'seller'] as const;
export type TradeSide = (typeof TRADE_SIDES)[number];
export const TRADE_PAGE_SIZE = 20;

/** User-centre trade management: as buyer or as seller, by state, keyset pages. */
export const tradeListQuerySchema = yup
  .object({
    side: trimmed().oneOf([...TRADE_SIDES]).default('buyer'),
    state: trimmed().oneOf(['', ...TRADE_STATES]).default(''),
    mode: trimmed().oneOf(['', ...TRADE_MODES]).default(''),
    limit: yup.number().integer().min(1).max(100).default(TRADE_PAGE_SIZE),
    after: keysetCursor(['date', 'uuid']),
  })
  .noUnknown();
export type TradeListQuery = yup.InferType<typeof tradeListQuerySchema>;

/** The actions a party may take on a trade in its state (what the list and detail offer). */
export const TRADE_ACTIONS = ['view', 'agree', 'reject', 'counterOffer', 'answerCounter', 'cancel', 'reply', 'evaluate', 'payFee', 'confirmCompletion', 'continue', 'resubmit', 'delete'] as const;
export type TradeAction = (typeof TRADE_ACTIONS)[number];

/** A trade as the API answers it to either party (and staff). Amounts in fen. */
export interface TradeJson {
  id: string;
  mode: TradeMode;
  state: TradeState;
  step: TradeStep;
  ipci: { id: string; code: string; names: { zh: string; en: string; ja: string } };
  buyer: { id: string; name: string };
  seller: { id: string; name: string };
  /** The caller's side, or null for staff. */
  side: TradeSide | null;
  application: Record<string, unknown>;
  priceFen: number | null;
  serviceFeeFen: number | null;
  exclusive: boolean | null;
  channels: string[];
  region: string;
  termFrom: string | null;
  termTo: string | null;
  counterOffer: (Omit<CounterOffer, 'price'> & { priceFen: number }) | null;
  rejectReason: string | null;
  /** The fields staff flagged when the platform check failed (field → reason), while correcting. */
  checkFlags: Record<string, string> | null;
  closeReason: TradeCloseReason | null;
  outcome: Record<string, unknown> | null;
  orderId: string | null;
  parentTradeId: string | null;
  evaluated: { buyer: boolean; seller: boolean };
  actions: TradeAction[];
  createdAt: string;
  updatedAt: string;
  completedAt: string | null;
}
