import './validation/locale';
import * as yup from 'yup';
import { COUNTRY_CODES } from './countries';
import { DICTIONARY_CODE_PATTERN } from './dictionaries';
import { SUBLICENSING } from './titleRegistration';
import type { UploadKind } from './uploads';
import { keysetCursor } from './validation/keyset';
import { isoDate, requiredText, trimmed, uploadId, UUID_PATTERN } from './validation/rules';

/**
 * Trade records (spec part 1 §3): the licences a holder granted, shown (or hidden) on the IP
 * detail page. The seller adds and edits their own; a completed trade writes one by itself, which
 * its seller may only show or hide. Every record is also a licence in force (db/licences), so the
 * conflict check of later trades sees it.
 */

/** The voucher is a document or an image: the upload kind that takes Word, Excel, pdf and pictures. */
export const VOUCHER_UPLOAD_KIND: UploadKind = 'licence';
export const TRADE_RECORD_PAGE_SIZE = 20;

const term = {
  termPermanent: yup.boolean().default(false),
  termFrom: isoDate().when('termPermanent', { is: false, then: (s) => s.required(), otherwise: (s) => s.oneOf(['', undefined], 'tradeRecord.termNotUsed').default('') }),
  termTo: isoDate()
    .when('termPermanent', { is: false, then: (s) => s.required(), otherwise: (s) => s.oneOf(['', undefined], 'tradeRecord.termNotUsed').default('') })
    .test('order', 'tradeRecord.termOrder', function (v) {
      const from = this.parent.termFrom as string | undefined;
      return !v || !from || from <= v;
    }),
};

const recordFields = {
  licensee: requiredText(200),
  /** Authorization category / scope: rightScope codes. */
  scope: yup.array(trimmed().required().matches(DICTIONARY_CODE_PATTERN, 'validation.invalid')).min(1, 'tradeRecord.scopeRequired').max(20).required('tradeRecord.scopeRequired'),
  sublicensing: trimmed().required().oneOf([...SUBLICENSING]),
  exclusive: yup.boolean().required(),
  /** ISO country code; '' is worldwide. */
  region: trimmed().oneOf(['', ...COUNTRY_CODES], 'validation.country').default(''),
  ...term,
  enteredOn: isoDate().required(),
  voucher: uploadId().default(''),
  visible: yup.boolean().default(true),
};

/** Editing a record: everything but its IP. */
export const tradeRecordUpdateSchema = yup.object(recordFields).noUnknown();
export type TradeRecordUpdate = yup.InferType<typeof tradeRecordUpdateSchema>;

/** Adding a record for one of the seller's IPs. */
export const tradeRecordCreateSchema = yup.object({ ipciId: trimmed().required().uuid('validation.invalid'), ...recordFields }).noUnknown();
export type TradeRecordCreate = yup.InferType<typeof tradeRecordCreateSchema>;

export const tradeRecordVisibilitySchema = yup.object({ visible: yup.boolean().required() }).noUnknown();

export const tradeRecordListSchema = yup
  .object({
    limit: yup.number().integer().min(1).max(100).default(TRADE_RECORD_PAGE_SIZE),
    after: keysetCursor(['date', 'uuid']),
  })
  .noUnknown();

/** Back office: every record; `q` an IPCI code or a licensee's exact name, or one IP's records. */
export const adminTradeRecordListSchema = tradeRecordListSchema.shape({
  q: trimmed().max(200).default(''),
  ipciId: trimmed().matches(UUID_PATTERN, { message: 'validation.invalid', excludeEmptyString: true }).default(''),
  source: trimmed().oneOf(['', 'trade', 'manual']).default(''),
});

/** The back office names an IP by its IPCI code (with or without the dashes the certificate prints). */
export const ipciLookupSchema = yup
  .object({ code: trimmed().required().max(40).transform((v: unknown) => (typeof v === 'string' ? v.replace(/[-\s]/g, '').toUpperCase() : v)) })
  .noUnknown();

/** A record as the API answers it. */
export interface TradeRecordJson {
  id: string;
  ipci: { id: string; code: string; names: { zh: string; en: string; ja: string } };
  userId: string;
  tradeId: string | null;
  licensee: string;
  scope: string[];
  sublicensing: string;
  exclusive: boolean;
  region: string;
  termFrom: string | null;
  termTo: string | null;
  enteredOn: string;
  voucher: string | null;
  visible: boolean;
  /** Written by a completed trade: only its visibility may change. */
  readOnly: boolean;
  createdAt: string;
  updatedAt: string;
}
