import './validation/locale';
import * as yup from 'yup';
import type { IpNames } from './ipNames';
import { keysetCursor } from './validation/keyset';
import { email, optionalText, requiredText, trimmed, uploadId, UUID_PATTERN } from './validation/rules';

/**
 * Rights protection (spec part 2 §1–§5, part 1 §6): an IPCI holder named on a valid IPCI asks the
 * platform for administrative help, or for legal help through a listed law firm. Our reading of
 * the states (the user centre shows two tabs, "in processing" and "processed"):
 * - acceptance: submitted; staff decide within 7 working days whether to accept (queue `protection`)
 * - refused: not accepted, with one of the spec's refusal reasons
 * - processing: accepted; staff post progress updates and may ask for supplementary materials
 * - processed: finished with an outcome and, when staff publish it, a publicity number
 */
export const PROTECTION_KINDS = ['administrative', 'legal'] as const;
export type ProtectionKind = (typeof PROTECTION_KINDS)[number];

export const PROTECTION_STATES = ['acceptance', 'refused', 'processing', 'processed'] as const;
export type ProtectionState = (typeof PROTECTION_STATES)[number];

/** The user centre's two tabs (spec part 2 §4) and the states each shows. */
export const PROTECTION_TABS = { processing: ['acceptance', 'processing'], processed: ['processed', 'refused'] } as const satisfies Record<string, readonly ProtectionState[]>;
export type ProtectionTab = keyof typeof PROTECTION_TABS;

/** Spec part 2 §9: the reply on acceptance within 7 working days. */
export const PROTECTION_ACCEPTANCE_WORKING_DAYS = 7;
/**
 * The spec gives no time for the processing itself; staff get 60 working days (about three
 * months) before the inbox marks the case overdue — a reading, not a promise to the user.
 */
export const PROTECTION_PROCESSING_WORKING_DAYS = 60;

/**
 * Spec part 2 §5: why administrative protection may be refused. Evidence only in a foreign language
 * counts as no evidence (`noEvidence`); evidence in a foreign language with a partial translation is
 * `evidenceNotChinese`. A legal case is refused on the same grounds.
 */
export const PROTECTION_REFUSAL_REASONS = ['noValidIpci', 'notNamedHolder', 'noEvidence', 'outsideMainland', 'evidenceNotChinese'] as const;
export type ProtectionRefusalReason = (typeof PROTECTION_REFUSAL_REASONS)[number];

/** What the platform itself checks before a case reaches staff (form, API and again at acceptance). */
export const ELIGIBILITY_RULES = ['noValidIpci', 'notNamedHolder'] as const;
export type EligibilityRule = (typeof ELIGIBILITY_RULES)[number];

export interface EligibilityFacts {
  /** The IPCI exists and is the caller's (issued on their registration). */
  owned: boolean;
  /** The holder name printed on the IPCI. */
  holder: string;
  /** The caller's certified names: a person's name, an enterprise's names in each language. */
  certifiedNames: readonly string[];
  invalid: boolean;
  titleTakenDown: boolean;
  /** yyyy-mm-dd (China date) or null for a permanent term. */
  validUntil: string | null;
  /** Today in China, yyyy-mm-dd. */
  today: string;
}

/** Names compare after Unicode normalisation, trimming, collapsed spaces and case folding. */
export function normaliseHolderName(name: string): string {
  return name.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();
}

/**
 * The first rule an IPCI fails for protection, or null when the caller may apply with it (spec part 1
 * §6: only holders named on the IPCI). The IPCI must be valid: not expired, revoked or taken down for
 * title. The caller must own it and be the holder it names (their certified name is the holder's).
 */
export function protectionEligibility(f: EligibilityFacts): EligibilityRule | null {
  if (!f.owned) return 'notNamedHolder';
  if (f.invalid || f.titleTakenDown || (f.validUntil !== null && f.validUntil < f.today)) return 'noValidIpci';
  const holder = normaliseHolderName(f.holder);
  if (!holder || !f.certifiedNames.some((n) => normaliseHolderName(n) === holder)) return 'notNamedHolder';
  return null;
}

/** Part 2 §3: the infringer's subject type. */
export const INFRINGER_TYPES = ['enterprise', 'personal'] as const;
export type InfringerType = (typeof INFRINGER_TYPES)[number];

/** Proof and supplementary materials: documents or pictures (upload kind `evidence`), at most 9 each. */
export const PROTECTION_UPLOAD_KIND = 'evidence';
export const PROTECTION_FILES_MAX = 9;

/** A phone number anywhere: digits with an optional +, spaces, hyphens and brackets (landlines, abroad). */
export const ANY_PHONE_PATTERN = /^\+?[0-9][0-9 ()-]{4,38}$/;

const files = (min: number, message = 'protection.filesRequired') =>
  yup
    .array(uploadId().required())
    .min(min, message)
    .max(PROTECTION_FILES_MAX, 'protection.filesMax')
    .test('unique', 'validation.invalid', (v) => !v || new Set(v).size === v.length)
    .default([]);

const uuidOrEmpty = () => trimmed().matches(UUID_PATTERN, { message: 'validation.invalid', excludeEmptyString: true }).default('');

/**
 * The application form (spec part 2 §3), the same for both kinds; a legal case names the listed law
 * firm the user picked. IP name, IP introduction and infringement description are required (§5).
 */
export const protectionSchema = yup
  .object({
    kind: yup.string().oneOf([...PROTECTION_KINDS], 'validation.invalid').required(),
    ipciId: trimmed().required().matches(UUID_PATTERN, 'validation.invalid'),
    ipName: requiredText(200),
    ipIntroduction: requiredText(5000),
    infringer: optionalText(200),
    infringerType: trimmed().oneOf(['', ...INFRINGER_TYPES], 'validation.invalid').default(''),
    infringingWork: optionalText(200),
    scope: optionalText(1000),
    infringerContact: optionalText(100),
    infringerPhone: trimmed().matches(ANY_PHONE_PATTERN, { message: 'validation.phone', excludeEmptyString: true }).default(''),
    address: optionalText(300),
    description: requiredText(5000),
    proof: files(0),
    supplementary: files(0),
    mailbox: email().max(200).default(''),
    lawFirmId: uuidOrEmpty().when('kind', {
      is: 'legal',
      then: (s) => s.required('protection.lawFirmRequired'),
      otherwise: (s) => s.oneOf([''], 'validation.invalid'),
    }),
  })
  .noUnknown();
export type ProtectionData = yup.InferType<typeof protectionSchema>;

/** Fields staff may flag when refusing (decisionSchema `fields`), in form order. */
export const PROTECTION_FIELDS = Object.keys(protectionSchema.fields).filter((f) => f !== 'kind' && f !== 'lawFirmId');

/** The processing task's approval: what came of the case, and whether it goes to the publicity list. */
export const PROTECTION_RESULTS = ['resolved', 'partlyResolved', 'unresolved'] as const;
export type ProtectionResult = (typeof PROTECTION_RESULTS)[number];
export const PROTECTION_PROCESSED_CHOICES = { result: PROTECTION_RESULTS, publish: ['yes', 'no'] } as const;

/** A progress update by staff while processing; it may ask the user for supplementary materials. */
export const protectionProgressSchema = yup
  .object({
    note: requiredText(2000),
    attachments: files(0),
    requestSupplement: yup.boolean().strict().default(false),
  })
  .noUnknown();
export type ProtectionProgress = yup.InferType<typeof protectionProgressSchema>;

/** The user's supplement (usercenter/rightprotectupdate), only while staff ask for one. */
export const protectionSupplementSchema = yup
  .object({
    note: optionalText(2000),
    materials: files(1).required('protection.filesRequired'),
  })
  .noUnknown();
export type ProtectionSupplement = yup.InferType<typeof protectionSupplementSchema>;

export const PROTECTION_PAGE_SIZE = 20;

export const protectionListQuerySchema = yup
  .object({
    tab: yup.string().oneOf(Object.keys(PROTECTION_TABS)),
    limit: yup.number().integer().min(1).max(100).default(PROTECTION_PAGE_SIZE),
    after: keysetCursor(['date', 'uuid']),
  })
  .noUnknown();
export type ProtectionListQuery = yup.InferType<typeof protectionListQuerySchema>;

/** Back office rightProtect: state and kind filters, search by IP name, infringer or applicant. */
export const adminProtectionListQuerySchema = yup
  .object({
    state: yup.string().oneOf([...PROTECTION_STATES]),
    kind: yup.string().oneOf([...PROTECTION_KINDS]),
    q: trimmed().max(100).default(''),
    limit: yup.number().integer().min(1).max(100).default(PROTECTION_PAGE_SIZE),
    after: keysetCursor(['date', 'uuid']),
  })
  .noUnknown();
export type AdminProtectionListQuery = yup.InferType<typeof adminProtectionListQuerySchema>;

/** One entry of a case's correspondence: staff progress, a request for materials, the user's supplement. */
export const PROTECTION_UPDATE_KINDS = ['progress', 'supplementRequest', 'supplement'] as const;
export type ProtectionUpdateKind = (typeof PROTECTION_UPDATE_KINDS)[number];

export interface ProtectionUpdateJson {
  id: number;
  kind: ProtectionUpdateKind;
  author: 'staff' | 'user';
  authorName: string | null;
  note: string;
  attachments: string[];
  createdAt: string;
}

/** GET /api/protection/cases/:id and the list rows (the list leaves `updates` empty). */
export interface ProtectionCaseJson {
  id: string;
  kind: ProtectionKind;
  state: ProtectionState;
  ipciId: string;
  code: string;
  ipNames: IpNames;
  data: ProtectionData;
  lawFirm: { id: string; names: IpNames } | null;
  refusalReason: ProtectionRefusalReason | null;
  /** Staff's reasons per flagged field when refused. */
  reviewFlags: Record<string, string> | null;
  result: ProtectionResult | null;
  outcome: string | null;
  publicityNo: string | null;
  supplementRequested: boolean;
  replyDueAt: string | null;
  createdAt: string;
  acceptedAt: string | null;
  processedAt: string | null;
  updates: ProtectionUpdateJson[];
}

/** One of the caller's IPCIs as the application form offers it: usable, or the rule it fails. */
export interface ProtectionIpciChoice {
  ipciId: string;
  code: string;
  ipNames: IpNames;
  holder: string;
  validUntil: string | null;
  refusal: EligibilityRule | null;
}

/**
 * Rights-protection publicity numbers: "RP", the China year of publication and a 6-digit serial
 * from a sequence that is never reset, e.g. RP2026000017. The spec shows no format.
 */
export const PUBLICITY_NO_PATTERN = /^RP\d{10}$/;
export function makePublicityNo(year: number, serial: number): string {
  if (!Number.isInteger(serial) || serial < 1 || serial > 999_999) throw new RangeError(`publicity serial out of range: ${serial}`);
  return `RP${year}${String(serial).padStart(6, '0')}`;
}

/**
 * A publicity entry (admin rightPublic; the public list): only what staff approve to show — no
 * applicant data. The title is required in Chinese, the other languages fall back to it.
 */
export const publicitySchema = yup
  .object({
    kind: yup.string().oneOf([...PROTECTION_KINDS], 'validation.invalid').required(),
    titleZh: requiredText(200),
    titleEn: optionalText(200),
    titleJa: optionalText(200),
    ipNameZh: requiredText(200),
    ipNameEn: optionalText(200),
    ipNameJa: optionalText(200),
    infringer: optionalText(200),
    result: yup.string().oneOf([...PROTECTION_RESULTS], 'validation.invalid').required(),
    summaryZh: requiredText(5000),
    summaryEn: optionalText(5000),
    summaryJa: optionalText(5000),
    /** China date the case was processed, yyyy-mm-dd. */
    processedOn: trimmed()
      .required()
      .matches(/^\d{4}-\d{2}-\d{2}$/, 'validation.date'),
    published: yup.boolean().strict().default(false),
  })
  .noUnknown();
export type PublicityData = yup.InferType<typeof publicitySchema>;

export const publicityListQuerySchema = yup
  .object({
    q: trimmed().max(100).default(''),
    kind: yup.string().oneOf([...PROTECTION_KINDS]),
    limit: yup.number().integer().min(1).max(100).default(PROTECTION_PAGE_SIZE),
    after: keysetCursor(['date', 'uuid']),
  })
  .noUnknown();
/** The back office sees drafts too. */
export const adminPublicityListQuerySchema = publicityListQuerySchema.shape({ published: yup.boolean() });

export interface PublicityJson extends PublicityData {
  id: string;
  publicityNo: string;
  caseId: string | null;
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
}
