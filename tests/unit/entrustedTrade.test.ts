import { ValidationError } from 'yup';
import { activeEntries, DEFAULT_RIGHT_SCOPES, dictionaryEntryCreateSchema } from '../../domain/dictionaries';
import { entrustedTradeActions, negotiatedTerms, unknownChannels } from '../../domain/processes/entrustedTrade';
import { tradeRecordCreateSchema } from '../../domain/tradeRecords';
import type { TradeFacts } from '../../domain/tradeActions';

const values = { licencePrice: '12000.50', licenceExclusive: 'no', licenceChannels: 'toys，apparel toys', licenceRegion: 'worldwide', licenceTerm: 'permanent' };

describe('negotiated terms of an entrusted trade', () => {
  test('words and lists as staff type them become licence terms', () => {
    expect(negotiatedTerms(values)).toEqual({ priceFen: 1_200_050, exclusive: false, channels: ['toys', 'apparel'], region: '', termFrom: null, termTo: null });
    expect(negotiatedTerms({ ...values, licenceExclusive: 'yes', licenceRegion: 'JP', licenceTerm: '2026-01-01/2026-12-31' })).toMatchObject({
      exclusive: true,
      region: 'JP',
      termFrom: '2026-01-01',
      termTo: '2026-12-31',
    });
  });

  test('malformed values are refused, each under its own name', () => {
    try {
      negotiatedTerms({ licencePrice: '0', licenceExclusive: 'maybe', licenceChannels: 'toys;x', licenceRegion: 'Mars', licenceTerm: '2026-02-30/2027-01-01' });
      throw new Error('accepted');
    } catch (e) {
      expect(e).toBeInstanceOf(ValidationError);
      expect((e as ValidationError).inner.map((i) => i.path).sort()).toEqual(['licenceChannels', 'licenceExclusive', 'licencePrice', 'licenceRegion', 'licenceTerm']);
    }
    expect(() => negotiatedTerms({ ...values, licenceTerm: '2027-01-01/2026-01-01' })).toThrow('trade.termOrder');
  });

  test('unknown channels are named', () => {
    expect(unknownChannels(values, ['toys'])).toEqual(['apparel']);
  });

  test('the buyer may cancel while open; both sides evaluate once completed and delete once finished', () => {
    const facts = (over: Partial<TradeFacts>): TradeFacts => ({ mode: 'entrusted', state: 'pendingConfirmation', step: 'platformContact', orderId: null, evaluated: false, ...over });
    expect(entrustedTradeActions(facts({}), 'buyer')).toEqual(['view', 'cancel']);
    expect(entrustedTradeActions(facts({ state: 'ongoing', step: 'negotiation' }), 'seller')).toEqual(['view']);
    expect(entrustedTradeActions(facts({ state: 'completed', step: 'done' }), 'seller')).toEqual(['view', 'evaluate', 'delete']);
    expect(entrustedTradeActions(facts({ state: 'completed', step: 'done', evaluated: true }), 'buyer')).toEqual(['view', 'delete']);
  });
});

describe('dictionaries and trade records', () => {
  test('default scopes are active, ordered and valid entries', () => {
    expect(activeEntries(DEFAULT_RIGHT_SCOPES).map((e) => e.code)).toEqual(DEFAULT_RIGHT_SCOPES.map((e) => e.code));
    for (const e of DEFAULT_RIGHT_SCOPES) expect(dictionaryEntryCreateSchema.isValidSync(e)).toBe(true);
  });

  test('a record term runs forward; a permanent one has no dates', () => {
    const record = { ipciId: '66666666-6666-4666-8666-666666666666', licensee: 'A', scope: ['toys'], sublicensing: 'Y', exclusive: false, enteredOn: '2026-01-01' };
    expect(tradeRecordCreateSchema.isValidSync({ ...record, termFrom: '2026-01-01', termTo: '2026-01-01' })).toBe(true);
    expect(() => tradeRecordCreateSchema.validateSync({ ...record, termFrom: '2026-01-02', termTo: '2026-01-01' })).toThrow('tradeRecord.termOrder');
    expect(tradeRecordCreateSchema.isValidSync({ ...record, termPermanent: true })).toBe(true);
    expect(tradeRecordCreateSchema.isValidSync({ ...record, termPermanent: true, termFrom: '2026-01-01' })).toBe(false);
  });
});
