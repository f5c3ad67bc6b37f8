import '../validation/locale';
import * as yup from 'yup';
import { COUNTRY_CODES } from '../countries';
import type { LicenceTerms } from '../licences';
import { yuanAmount } from '../money';
import { ENTRUSTED_CONTACT_WORKING_DAYS, OPEN_TRADE_STATES, type TradeAction } from '../trade';
import type { TradeActionRule } from '../tradeActions';
import { DICTIONARY_CODE_PATTERN } from '../dictionaries';
import { isCalendarDate, trimmed } from '../validation/rules';
import type { ProcessModel } from './model';

/** Staff record the negotiated result within this many working days of the contact. */
export const ENTRUSTED_NEGOTIATION_WORKING_DAYS = 10;

/**
 * A platform-entrusted trade (trade/platform), or a manual trade a contact-seller case continued as
 * (spec part 1 §4, issue 11): staff contact the user within 5 working days (trade queue, escalated
 * when missed) and record the contact → staff negotiate and record the result: completed with the
 * agreed licence terms (a trade record and a licence are written) or closed with a reason. The buyer
 * may cancel while it is open.
 */
export const entrustedTrade: ProcessModel = {
  kind: 'entrustedTrade',
  steps: [
    { id: 'submit', actor: 'buyer' },
    { id: 'platformContact', actor: 'staff', queue: 'trade', slaWorkingDays: ENTRUSTED_CONTACT_WORKING_DAYS },
    { id: 'negotiation', actor: 'staff', queue: 'trade', slaWorkingDays: ENTRUSTED_NEGOTIATION_WORKING_DAYS },
    { id: 'completed', actor: 'system', terminal: true },
    { id: 'closed', actor: 'system', terminal: true },
  ],
  transitions: [
    { from: 'submit', to: 'platformContact' },
    { from: 'platformContact', to: 'negotiation', on: 'approve' },
    { from: 'platformContact', to: 'closed', on: 'fail' },
    { from: 'platformContact', to: 'closed', on: 'cancel' },
    { from: 'negotiation', to: 'completed', on: 'approve' },
    { from: 'negotiation', to: 'closed', on: 'fail' },
    { from: 'negotiation', to: 'closed', on: 'cancel' },
  ],
};

/** The decision shape of each staff step: what a failure flags, what an approval gives. */
export const ENTRUSTED_DECISION_SHAPES = {
  platformContact: { fields: ['contact'], values: ['contactSummary'] },
  negotiation: {
    fields: ['negotiation'],
    values: ['licencePrice', 'licenceExclusive', 'licenceChannels', 'licenceRegion', 'licenceTerm'],
    choices: { licenceExclusive: ['yes', 'no'] },
  },
} as const;
export type EntrustedTaskStep = keyof typeof ENTRUSTED_DECISION_SHAPES;

/**
 * Decision values are text (the inbox's generic form): a worldwide region and a permanent term are
 * these words, a term from–to is `yyyy-mm-dd/yyyy-mm-dd`, channels are rightScope codes with commas.
 */
export const WORLDWIDE = 'worldwide';
export const PERMANENT = 'permanent';
const TERM = /^(\d{4}-\d{2}-\d{2})\/(\d{4}-\d{2}-\d{2})$/;

const splitChannels = (v: string) =>
  v
    .split(/[,，\s]+/)
    .map((c) => c.trim())
    .filter(Boolean);

/** The negotiated result's values as staff typed them; each value's message names its field. */
export const negotiatedValuesSchema = yup.object({
  licencePrice: yuanAmount({ min: 1 }).required(),
  licenceExclusive: trimmed().required().oneOf(['yes', 'no'], 'entrustedTrade.exclusiveYesNo'),
  licenceChannels: trimmed()
    .required()
    .test('channels', 'entrustedTrade.channels', (v) => !v || (splitChannels(v).length > 0 && splitChannels(v).length <= 20 && splitChannels(v).every((c) => DICTIONARY_CODE_PATTERN.test(c)))),
  licenceRegion: trimmed()
    .required()
    .test('region', 'validation.country', (v) => !v || v === WORLDWIDE || COUNTRY_CODES.includes(v)),
  licenceTerm: trimmed()
    .required()
    .test('term', 'entrustedTrade.term', (v) => {
      if (!v || v === PERMANENT) return true;
      const m = TERM.exec(v);
      return !!m && isCalendarDate(m[1]) && isCalendarDate(m[2]);
    })
    .test('order', 'trade.termOrder', (v) => {
      const m = v ? TERM.exec(v) : null;
      return !m || m[1] <= m[2];
    }),
});

export interface NegotiatedTerms extends LicenceTerms {
  priceFen: number;
}

/** The licence terms of an approved negotiation; throws a ValidationError when a value is malformed. */
export function negotiatedTerms(values: Record<string, string>): NegotiatedTerms {
  const v = negotiatedValuesSchema.validateSync(values, { abortEarly: false });
  const term = TERM.exec(v.licenceTerm);
  return {
    priceFen: v.licencePrice,
    exclusive: v.licenceExclusive === 'yes',
    channels: [...new Set(splitChannels(v.licenceChannels))],
    region: v.licenceRegion === WORLDWIDE ? '' : v.licenceRegion,
    termFrom: term ? term[1] : null,
    termTo: term ? term[2] : null,
  };
}

/** The channels of a negotiated result that are not active rightScope codes (the API refuses them). */
export function unknownChannels(values: Record<string, string>, activeCodes: readonly string[]): string[] {
  return splitChannels(values.licenceChannels ?? '').filter((c) => !activeCodes.includes(c));
}

/**
 * A party's actions on an entrusted or manual trade: staff do the work in the inbox, so the buyer
 * may only cancel while it is open; both sides evaluate a completed one and delete a finished one.
 */
export const entrustedTradeActions: TradeActionRule = (t, side) => {
  const open = OPEN_TRADE_STATES.includes(t.state);
  const out: TradeAction[] = ['view'];
  if (open && side === 'buyer') out.push('cancel');
  if (t.state === 'completed' && !t.evaluated) out.push('evaluate');
  if (!open) out.push('delete');
  return out;
};
