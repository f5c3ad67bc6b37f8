import './validation/locale';
import * as yup from 'yup';
import { COUNTRY_CODES } from './countries';
import type { IpNames } from './ipNames';
import { ANY_PHONE_PATTERN } from './protection';
import { keysetCursor } from './validation/keyset';
import { email, isoDate, optionalText, requiredText, trimmed, uploadIdList } from './validation/rules';

/**
 * The law-firm directory and its paid listing (spec part 2 §1–§5). The listing follows part 2 §4:
 * apply (with the agreement) → post paper documents (staff confirm receipt) → review (approve, or
 * fail with reasons → the firm corrects and resubmits) → payment notice → pay within 10 working days
 * (else the application lapses and the agreement ends) → service starts (listed) → a yearly term,
 * renewed by paying again, else expired. Staff recheck a listed firm on demand: suspend, restore.
 */
export const LAW_FIRM_STATES = ['documents', 'review', 'correction', 'awaitingPayment', 'listed', 'suspended', 'lapsed', 'expired'] as const;
export type LawFirmState = (typeof LAW_FIRM_STATES)[number];
/** States that end an application: the account may apply again. */
export const CLOSED_LAW_FIRM_STATES: readonly LawFirmState[] = ['lapsed', 'expired'];
export const isOpenLawFirm = (s: LawFirmState) => !CLOSED_LAW_FIRM_STATES.includes(s);

/** Part 2 §4, §9: the listing fee is paid within 10 working days of the payment notice. */
export const LAW_FIRM_PAYMENT_WORKING_DAYS = 10;
/** Part 2 §9 "audit 1 to 7 working days": the review's SLA. */
export const LAW_FIRM_REVIEW_WORKING_DAYS = 7;
/** Staff confirm the paper documents within 10 working days of the application (post takes time). */
export const LAW_FIRM_DOCUMENTS_WORKING_DAYS = 10;
/** A listing runs for a year from the day service starts (China dates); renewal opens 30 days before it ends. */
export const LAW_FIRM_TERM_MONTHS = 12;
export const LAW_FIRM_RENEWAL_WINDOW_DAYS = 30;
/** Fee amounts are not shown in the spec: 5 000 yuan a year by default (fen), LAW_FIRM_LISTING_FEE_FEN overrides. */
export const DEFAULT_LAW_FIRM_LISTING_FEE_FEN = 500_000;

/** The listing agreement's version the firm accepted; a new text gets a new version. */
export const LAW_FIRM_AGREEMENT_VERSION = '2026-11';

/** Forms of organisation of a law firm (Chinese Lawyers Law: partnership, special general partnership, sole practice, state-funded; foreign firms' offices). */
export const LAW_FIRM_ORGANISATION_FORMS = ['partnership', 'specialPartnership', 'sole', 'stateFunded', 'foreignOffice', 'other'] as const;
export type LawFirmOrganisationForm = (typeof LAW_FIRM_ORGANISATION_FORMS)[number];

/** Part 2 §5: at most 9 pictures per batch; the spec bounds nothing else, so each field holds at most 9. */
export const LAW_FIRM_IMAGES_MAX = 9;
export const LAW_FIRM_IMAGE_KIND = 'showcase';
/** The business licence and qualification proof: Word, Excel, pdf or pictures (upload kind `licence`). */
export const LAW_FIRM_DOCUMENT_KIND = 'licence';

const uploads = (min: number, required: string) => uploadIdList(min, LAW_FIRM_IMAGES_MAX, required);

/**
 * The listing form (protect/lawapply), part 2 §3 and §5: the required prompts are organisation form,
 * registered and business address, number of lawyers, serviceable countries, contact name, phone,
 * e-mail and website; the name cannot be empty (Chinese required, English and Japanese optional).
 */
export const lawFirmSchema = yup
  .object({
    nameZh: trimmed().required('lawFirm.nameRequired').max(200),
    nameEn: optionalText(200),
    nameJa: optionalText(200),
    foundedOn: isoDate().default(''),
    organisationForm: trimmed().required('lawFirm.organisationFormRequired').oneOf([...LAW_FIRM_ORGANISATION_FORMS], 'validation.invalid'),
    registeredAddress: trimmed().required('lawFirm.registeredAddressRequired').max(300),
    businessAddress: trimmed().required('lawFirm.businessAddressRequired').max(300),
    lawyers: yup.number().strict().typeError('lawFirm.lawyersRequired').required('lawFirm.lawyersRequired').integer('validation.invalid').min(1, 'validation.invalid').max(100_000, 'validation.invalid'),
    countries: yup
      .array(trimmed().oneOf(COUNTRY_CODES, 'validation.country').required())
      .min(1, 'lawFirm.countriesRequired')
      .max(COUNTRY_CODES.length)
      .test('unique', 'validation.invalid', (v) => !v || new Set(v).size === v.length)
      .required('lawFirm.countriesRequired'),
    contactName: trimmed().required('lawFirm.contactNameRequired').max(100),
    contactPhone: trimmed().required('lawFirm.contactPhoneRequired').matches(ANY_PHONE_PATTERN, 'validation.phone'),
    email: email().required('lawFirm.emailRequired').max(200),
    website: trimmed()
      .required('lawFirm.websiteRequired')
      .max(300)
      .url('validation.url')
      .matches(/^https?:\/\//i, 'validation.url'),
    introduction: optionalText(5000),
    achievements: optionalText(5000),
    displayImages: uploads(1, 'lawFirm.displayImagesRequired').required('lawFirm.displayImagesRequired'),
    detailImages: uploads(0, 'lawFirm.detailImagesRequired'),
    licence: uploads(1, 'lawFirm.licenceRequired').required('lawFirm.licenceRequired'),
    qualification: uploads(1, 'lawFirm.qualificationRequired').required('lawFirm.qualificationRequired'),
  })
  .noUnknown();
export type LawFirmData = yup.InferType<typeof lawFirmSchema>;

/** The first application: the form plus the accepted agreement (part 2 §5: accepted before applying). */
export const lawFirmApplicationSchema = lawFirmSchema.shape({
  agreementAccepted: yup.boolean().strict().required('lawFirm.agreementRequired').oneOf([true], 'lawFirm.agreementRequired'),
});

/** The fields staff may flag when the review fails, in form order. */
export const LAW_FIRM_FIELDS = Object.keys(lawFirmSchema.fields);
/** Which upload kind each file field takes. */
export const LAW_FIRM_UPLOAD_FIELDS = {
  displayImages: LAW_FIRM_IMAGE_KIND,
  detailImages: LAW_FIRM_IMAGE_KIND,
  licence: LAW_FIRM_DOCUMENT_KIND,
  qualification: LAW_FIRM_DOCUMENT_KIND,
} as const;

/** Staff recheck a listed firm on demand: suspend it (hidden from the directory) or restore it. */
export const LAW_FIRM_RECHECK_ACTIONS = ['suspend', 'restore'] as const;
export const lawFirmRecheckSchema = yup
  .object({
    action: yup.string().oneOf([...LAW_FIRM_RECHECK_ACTIONS], 'validation.invalid').required(),
    reason: requiredText(1000),
  })
  .noUnknown();
export type LawFirmRecheck = yup.InferType<typeof lawFirmRecheckSchema>;

/** The platform grants or withdraws the recommended flag. */
export const lawFirmRecommendSchema = yup.object({ recommended: yup.boolean().strict().required() }).noUnknown();

export const LAW_FIRM_PAGE_SIZE = 12;

/**
 * The public directory (protect/legalrights): listed firms only, recommended firms on top, then by
 * the day their service started (the longest-listed first), then by id — a stable order nobody can
 * buy their way up in except through the platform's recommendation. Filter by serviceable country.
 */
export const lawFirmDirectoryQuerySchema = yup
  .object({
    country: trimmed().oneOf(['', ...COUNTRY_CODES], 'validation.country').default(''),
    q: trimmed().max(100).default(''),
    limit: yup.number().integer().min(1).max(100).default(LAW_FIRM_PAGE_SIZE),
    after: keysetCursor(['count', 'date', 'uuid']),
  })
  .noUnknown();
export type LawFirmDirectoryQuery = yup.InferType<typeof lawFirmDirectoryQuerySchema>;

/** Back office lawFirm: state filter and search by name, newest application first. */
export const adminLawFirmListQuerySchema = yup
  .object({
    state: yup.string().oneOf([...LAW_FIRM_STATES]),
    q: trimmed().max(100).default(''),
    limit: yup.number().integer().min(1).max(100).default(20),
    after: keysetCursor(['date', 'uuid']),
  })
  .noUnknown();
export type AdminLawFirmListQuery = yup.InferType<typeof adminLawFirmListQuerySchema>;

/** A directory card and the public detail (legalrightsdetail): no licence or qualification files. */
export interface LawFirmPublicJson {
  id: string;
  names: IpNames;
  foundedOn: string;
  organisationForm: LawFirmOrganisationForm;
  registeredAddress: string;
  businessAddress: string;
  lawyers: number;
  countries: string[];
  contactName: string;
  contactPhone: string;
  email: string;
  website: string;
  introduction: string;
  achievements: string;
  /** Public picture addresses (/api/public/lawfirms/:id/images/:uploadId). */
  displayImages: string[];
  detailImages: string[];
  recommended: boolean;
  listedAt: string;
}

/** The firm's own application (and the back office's view of it). */
export interface LawFirmApplicationJson {
  id: string;
  state: LawFirmState;
  data: LawFirmData;
  names: IpNames;
  recommended: boolean;
  round: number;
  /** Staff's reasons per flagged field after a failed review. */
  reviewFlags: Record<string, string> | null;
  orderId: string | null;
  paymentDueAt: string | null;
  listedAt: string | null;
  /** China date the current term ends, yyyy-mm-dd. */
  listedUntil: string | null;
  suspendedReason: string | null;
  agreementVersion: string;
  createdAt: string;
  updatedAt: string;
}

/** Whether the firm may renew now: listed (or suspended) and within the window before the term ends. */
export function mayRenewListing(state: LawFirmState, listedUntil: string | null, today: string): boolean {
  if ((state !== 'listed' && state !== 'suspended') || !listedUntil) return false;
  const windowStart = new Date(Date.parse(`${listedUntil}T00:00:00Z`) - LAW_FIRM_RENEWAL_WINDOW_DAYS * 86_400_000).toISOString().slice(0, 10);
  return today >= windowStart && today <= listedUntil;
}
