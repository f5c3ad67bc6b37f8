import './validation/locale';
import * as yup from 'yup';
import { COUNTRY_CODES } from './countries';
import { MAX_UPLOAD_BYTES } from './uploads';
import { isCalendarDate, isoDate, trimmed, uploadId } from './validation/rules';
import { isValidIpciCode, normaliseIpciCode } from './ipci';

/*
 * Title (traceability) registration: the 8-step wizard of spec part 1 §2, the fields of §3
 * "IP / copyright", "Rights-risk disclosure" and "Proof materials", the states of §4, the rules of
 * §5 and the constants of §9. Every message is a key of the `errors` namespace (domain/locales/<lang>/title.json).
 */

// ---------------------------------------------------------------------------------------------
// Enums (spec part 1 §3, §4)
// ---------------------------------------------------------------------------------------------

/** Sublicensing allowed (§3): Y can, N cannot, S partly. The letters are the spec's stored codes. */
export const SUBLICENSING = ['Y', 'N', 'S'] as const;
export type Sublicensing = (typeof SUBLICENSING)[number];

/** Rights term (§3): Y permanent, D while holding the collectible, N from–to (dates required). */
export const RIGHTS_TERMS = ['Y', 'D', 'N'] as const;
export type RightsTerm = (typeof RIGHTS_TERMS)[number];
export const TERM_FROM_TO: RightsTerm = 'N';

/** Exclusive (§3): Y exclusive, N non-exclusive, S partly. */
export const EXCLUSIVITY = ['Y', 'N', 'S'] as const;
export type Exclusivity = (typeof EXCLUSIVITY)[number];

/** Wizard step 2 (§2): a first registration, or a registration with an existing IPCI code. */
export const REGISTRATION_MODES = ['first', 'existingIpci'] as const;
export type RegistrationMode = (typeof REGISTRATION_MODES)[number];

/**
 * Registrant eligibility (§5): the user must lawfully hold the IP and be the owner, a sublicensee,
 * an agent or otherwise entitled to authorize. Declared on the notice step.
 */
export const REGISTRANT_ROLES = ['owner', 'sublicensee', 'agent', 'otherEntitled'] as const;
export type RegistrantRole = (typeof REGISTRANT_ROLES)[number];

/**
 * "Holder status or identity" (§3). The spec gives no list; these are the kinds of party §1 admits
 * (natural persons, legal entities at home or abroad, other organisations).
 */
export const HOLDER_STATUSES = ['naturalPerson', 'legalEntity', 'otherOrganisation'] as const;
export type HolderStatus = (typeof HOLDER_STATUSES)[number];

/**
 * IP category (§3). The spec names the field but not its values (the original reads them from an
 * admin dictionary); this fixed list covers the cultural-media kinds the platform describes.
 */
export const IP_CATEGORIES = [
  'animation',
  'comics',
  'games',
  'film',
  'tv',
  'literature',
  'music',
  'fineArt',
  'design',
  'character',
  'brand',
  'heritage',
  'other',
] as const;
export type IpCategory = (typeof IP_CATEGORIES)[number];

/**
 * Traceability (title) registration states of §4 as stable ids. "Pending audit" has two sub-states:
 * toAudit (waiting in the queue) and underAudit (a reviewer has claimed it). `invalid` is the
 * spec's "invalid (expired)".
 */
export const REGISTRATION_STATES = [
  'toAudit',
  'underAudit',
  'approved',
  'failed',
  'cancelled',
  'pendingPayment',
  'paidAwaitingConfirmation',
  'paid',
  'completed',
  'offShelf',
  'invalid',
] as const;
export type RegistrationState = (typeof REGISTRATION_STATES)[number];
export const PENDING_AUDIT_STATES: readonly RegistrationState[] = ['toAudit', 'underAudit'];

/** The user's actions of §4 (view, modify, cancel, pay). */
export const REGISTRATION_ACTIONS = ['view', 'modify', 'cancel', 'pay'] as const;
export type RegistrationAction = (typeof REGISTRATION_ACTIONS)[number];

/**
 * Which actions a state offers (§4 lists the actions, not the states they belong to):
 * - modify only after a failed audit — the user corrects the flagged data and resubmits (§4);
 * - cancel until money is involved or a reviewer is working: not while underAudit (the reviewer
 *   would decide a withdrawn case), not once paid (a refund is the order's business);
 * - pay once approved or while an order is pending payment.
 */
export function registrationActions(state: RegistrationState): RegistrationAction[] {
  const actions: RegistrationAction[] = ['view'];
  if (state === 'failed') actions.push('modify');
  if (['toAudit', 'failed', 'approved', 'pendingPayment'].includes(state)) actions.push('cancel');
  if (state === 'approved' || state === 'pendingPayment') actions.push('pay');
  return actions;
}

/** Why an audit fails (§4), as ids a reviewer picks; labels live in the UI catalog (titleFailure.*). */
export const FAILURE_REASONS = ['conditionsUnmet', 'forgedMaterials', 'hiddenFacts', 'illegalIp', 'cannotSublicense'] as const;
export type FailureReason = (typeof FAILURE_REASONS)[number];

// ---------------------------------------------------------------------------------------------
// Constants (spec part 1 §5, §9)
// ---------------------------------------------------------------------------------------------

/** §5: the picture formats a user is told are accepted (jpe, jif and jfif are JPEG files). */
export const IP_IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'jpe', 'jif', 'png', 'gif', 'ico', 'jfif', 'bmp'] as const;
/** The same formats as detected by content (magic bytes), which is what uploads are checked by. */
export const IP_IMAGE_MIMES = ['image/jpeg', 'image/png', 'image/gif', 'image/x-icon', 'image/vnd.microsoft.icon', 'image/bmp'] as const;
/** §5, §9: at least 420×290, landscape. */
export const MIN_IMAGE_WIDTH = 420;
export const MIN_IMAGE_HEIGHT = 290;
/** §3, §9: 5 to 10 colour main images. */
export const MIN_MAIN_IMAGES = 5;
export const MAX_MAIN_IMAGES = 10;
/** §5, §9: at most 9 images per upload batch. */
export const MAX_IMAGES_PER_BATCH = 9;
/** §5, §9: 1 GiB per file (the same limit as every upload). */
export const MAX_IP_FILE_BYTES = MAX_UPLOAD_BYTES;
/** The spec bounds only the main images; these caps keep a registration reviewable. */
export const MAX_DISPLAY_IMAGES = 20;
export const MAX_FILES_PER_FIELD = 9;

/** §5: proof attachments are Word, Excel, pdf, zip and rar. */
export const PROOF_EXTENSIONS = ['doc', 'docx', 'xls', 'xlsx', 'pdf', 'zip', 'rar'] as const;
export const PROOF_MIMES = [
  'application/pdf',
  'application/x-cfb', // legacy .doc / .xls as detected by content
  'application/msword',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/zip',
  'application/x-rar-compressed',
  'application/vnd.rar',
] as const;

/** The upload kinds this area needs (to be added to domain/uploads.ts) with their accepted types. */
export const TITLE_UPLOAD_KINDS = ['ipImage', 'proof', 'idDocument'] as const;
export type TitleUploadKind = (typeof TITLE_UPLOAD_KINDS)[number];
/** A person's ID (the creator's): a phone photo (jpg, png…) or a pdf scan. */
export const ID_DOCUMENT_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'bmp', 'pdf'] as const;
export const ID_DOCUMENT_MIMES = ['image/jpeg', 'image/png', 'image/gif', 'image/bmp', 'image/x-icon', 'application/pdf'] as const;
export const TITLE_UPLOAD_TYPES: Record<TitleUploadKind, readonly string[]> = { ipImage: IP_IMAGE_MIMES, proof: PROOF_MIMES, idDocument: ID_DOCUMENT_MIMES };
export const TITLE_UPLOAD_EXTENSIONS: Record<TitleUploadKind, readonly string[]> = { ipImage: IP_IMAGE_EXTENSIONS, proof: PROOF_EXTENSIONS, idDocument: ID_DOCUMENT_EXTENSIONS };

/**
 * Title audit duration (§4, §9): the sources disagree — 1 to 5 working days, or a decision within
 * 7 working days (also read as 1 to 7). Both readings are exported; configuration picks one.
 * Default: 5 — the first reading of §9, the same as the identity audit, and the stricter promise
 * (a task escalates sooner rather than later).
 */
export const TITLE_AUDIT_SLA_READINGS = { fiveDays: 5, sevenDays: 7 } as const;
export type TitleAuditSlaReading = keyof typeof TITLE_AUDIT_SLA_READINGS;
export const TITLE_AUDIT_SLA_DEFAULT: TitleAuditSlaReading = 'fiveDays';
export const TITLE_AUDIT_SLA_WORKING_DAYS = TITLE_AUDIT_SLA_READINGS[TITLE_AUDIT_SLA_DEFAULT];
export function titleAuditSlaWorkingDays(reading: string | undefined = TITLE_AUDIT_SLA_DEFAULT): number {
  return reading in TITLE_AUDIT_SLA_READINGS ? TITLE_AUDIT_SLA_READINGS[reading as TitleAuditSlaReading] : TITLE_AUDIT_SLA_WORKING_DAYS;
}

// ---------------------------------------------------------------------------------------------
// Image check by content (§5)
// ---------------------------------------------------------------------------------------------

export interface ImageFacts {
  width: number;
  height: number;
  /** Detected by content, not by file name. */
  mime: string;
  bytes?: number;
  /** Whether the picture is in colour, as measured on its pixels; wins over `channels`. */
  isColour?: boolean;
  /** Channel count from the decoder (1 grey, 2 grey+alpha, 3 colour, 4 colour+alpha). */
  channels?: number;
}

export const IMAGE_RULES = ['format', 'tooLarge', 'colour', 'landscape', 'minSize'] as const;
export type ImageRule = (typeof IMAGE_RULES)[number];

/**
 * The first rule of §5 an IP picture breaks, as an `errors` key (`title.image.<rule>`), or null.
 * Landscape means strictly wider than tall (a square is not landscape); it is checked before the
 * minimum size so a portrait picture is told to turn, not to grow. Colour: a decoder's channel count
 * says only how the file is stored, so the upload activity should pass `isColour` measured on the
 * pixels when it can; without either the picture is not accepted as colour. Showcase pictures (law
 * firms, manufacturers: part 2 §5) follow the same rules without the colour one (`colour: false`).
 */
export function checkImage(img: ImageFacts, { colour: colourRequired = true }: { colour?: boolean } = {}): `title.image.${ImageRule}` | null {
  if (!(IP_IMAGE_MIMES as readonly string[]).includes(img.mime)) return 'title.image.format';
  if (img.bytes !== undefined && img.bytes > MAX_IP_FILE_BYTES) return 'title.image.tooLarge';
  const colour = img.isColour ?? (img.channels !== undefined && img.channels >= 3);
  if (colourRequired && !colour) return 'title.image.colour';
  if (!(img.width > img.height)) return 'title.image.landscape';
  if (img.width < MIN_IMAGE_WIDTH || img.height < MIN_IMAGE_HEIGHT) return 'title.image.minSize';
  return null;
}

/** §5: a batch of at most 9 pictures; null when fine, else the `errors` key. */
export function checkImageBatch(count: number): 'title.image.batch' | null {
  return count > MAX_IMAGES_PER_BATCH ? 'title.image.batch' : null;
}

// ---------------------------------------------------------------------------------------------
// Field builders
// ---------------------------------------------------------------------------------------------



const text = (max: number) => trimmed().max(max).default('');
// The shape is isoDate's message; this adds only the calendar check, so one bad value gives one error.
const date = () => isoDate().default('');
const url = () => trimmed().url().max(500).default('');
const flag = () => yup.boolean();
const choice = <T extends string>(values: readonly T[]) =>
  trimmed()
    .oneOf([...values, ''] as string[])
    .default('');
const unique = (list: unknown) => !Array.isArray(list) || new Set(list).size === list.length;
const files = (max: number) =>
  yup
    .array(uploadId().required())
    .max(max)
    .default([])
    .test('unique', 'title.duplicateUpload', unique);

/** Must-be-true checkbox with its own message. */
const ticked = (message: string) => flag().required(message).oneOf([true], message);
const pick = <T extends string>(values: readonly T[]) => trimmed().required().oneOf([...values] as string[]);
type Text = ReturnType<typeof text>;
const needed = (s: Text) => s.required();

// ---------------------------------------------------------------------------------------------
// Draft: every field optional, typed and bounded (drafts are saved as the user goes, §2 / issue 4)
// ---------------------------------------------------------------------------------------------

const draftFields = {
  // 1 notice
  agreeTerms: flag(),
  registrantRole: choice(REGISTRANT_ROLES),
  declareEntitled: flag(),
  // 2 mode
  registrationMode: choice(REGISTRATION_MODES),
  existingIpciCode: text(40),
  // 3 IP information
  ipNameZh: text(200),
  ipNameEn: text(200),
  ipNameJa: text(200),
  ipCategory: choice(IP_CATEGORIES),
  ipCountry: choice(COUNTRY_CODES),
  holder: text(200),
  holderStatus: choice(HOLDER_STATUSES),
  holderIntro: text(2000),
  introZh: text(5000),
  introEn: text(5000),
  introJa: text(5000),
  videoLink: url(),
  siteLink: url(),
  // 4 copyright information
  usageScope: text(1000),
  sublicensing: choice(SUBLICENSING),
  rightsRegion: text(500),
  termType: choice(RIGHTS_TERMS),
  termFrom: date(),
  termTo: date(),
  exclusive: choice(EXCLUSIVITY),
  adaptedWorkName: text(200),
  channelRange: text(1000),
  // 5 media
  cover: uploadId().default(''),
  mainImages: files(MAX_MAIN_IMAGES),
  displayImages: files(MAX_DISPLAY_IMAGES),
  relatedFiles: files(MAX_FILES_PER_FIELD),
  // 6 rights-risk disclosure
  everDefendant: flag(),
  governmentBanned: flag(),
  riskDescription: text(2000),
  disclosureFile: uploadId().default(''),
  showRiskPublicly: flag(),
  // 7 proof materials
  rightsWarranty: uploadId().default(''),
  workStatement: uploadId().default(''),
  originalHolder: flag(),
  authorizationChain: files(MAX_FILES_PER_FIELD),
  workPublished: flag(),
  samples: files(MAX_FILES_PER_FIELD),
  creatorId: files(MAX_FILES_PER_FIELD),
  ownershipProof: files(MAX_FILES_PER_FIELD),
  publicationProof: files(MAX_FILES_PER_FIELD),
  otherProofs: files(MAX_FILES_PER_FIELD),
};
export type TitleField = keyof typeof draftFields;

/** A saved draft: any subset of the fields, each typed and bounded; unknown fields are dropped (yup's noUnknown strips on cast, as in domain/identity.ts). */
export const titleDraftSchema = yup.object(draftFields).noUnknown();
export type TitleDraft = yup.InferType<typeof titleDraftSchema>;

// ---------------------------------------------------------------------------------------------
// Submit: one schema per wizard step, and all of them together
// ---------------------------------------------------------------------------------------------

const d = draftFields;

/** Step 1, notice (§5): agree to the registration terms and declare eligibility. */
const noticeFields = {
  agreeTerms: ticked('title.agreeTerms'),
  registrantRole: pick(REGISTRANT_ROLES),
  declareEntitled: ticked('title.declareEntitled'),
};

/** Step 2 (§2): first registration, or with an existing IPCI code (then required). */
const modeFields = {
  registrationMode: pick(REGISTRATION_MODES),
  existingIpciCode: d.existingIpciCode.when('registrationMode', {
    is: 'existingIpci',
    // The code as issued (domain/ipci.ts, check character included), however it was typed; the API
    // checks that it exists and belongs to the user.
    then: (s) =>
      s
        .required()
        .transform((v: unknown) => (typeof v === 'string' && v ? normaliseIpciCode(v) : v))
        .test('ipciCode', 'title.ipciCode', (v) => !v || isValidIpciCode(v)),
  }),
};

/**
 * Step 3, IP information (§3). "The IP name must be filled completely" (§5, §8 'Please fill in the
 * IP name completely'): all three names are required, since the IPCI certificate is issued in
 * Chinese, English and Japanese. The text introduction needs at least one language (flagged on introZh).
 */
const ipName = (s: Text) => s.required('title.ipNameIncomplete');
const introNeeded = (s: Text) =>
  s.test('intro', 'title.introRequired', function (v) {
    const p = this.parent as Record<string, string | undefined>;
    return Boolean((v ?? '').trim() || (p.introEn ?? '').trim() || (p.introJa ?? '').trim());
  });
const ipInfoFields = {
  ipNameZh: ipName(d.ipNameZh),
  ipNameEn: ipName(d.ipNameEn),
  ipNameJa: ipName(d.ipNameJa),
  ipCategory: pick(IP_CATEGORIES),
  ipCountry: trimmed().required().oneOf(COUNTRY_CODES, 'validation.country'),
  holder: needed(d.holder),
  holderStatus: pick(HOLDER_STATUSES),
  holderIntro: d.holderIntro,
  introZh: introNeeded(d.introZh),
  introEn: d.introEn,
  introJa: d.introJa,
  videoLink: d.videoLink,
  siteLink: d.siteLink,
};

/** Step 4, copyright information (§3): dates only for term N, and the end after the start. */
const isFromTo = (t: unknown) => t === TERM_FROM_TO;
const copyrightFields = {
  usageScope: needed(d.usageScope),
  sublicensing: pick(SUBLICENSING),
  rightsRegion: needed(d.rightsRegion),
  termType: pick(RIGHTS_TERMS),
  termFrom: d.termFrom.when('termType', { is: isFromTo, then: (s) => s.required() }),
  termTo: d.termTo.when('termType', {
    is: isFromTo,
    then: (s) =>
      s.required().test('term-order', 'title.termOrder', function (v) {
        const from = (this.parent as { termFrom?: string }).termFrom;
        // ISO dates compare as strings; a missing/invalid start is reported on termFrom itself.
        return !v || !from || !isCalendarDate(from) || v > from;
      }),
  }),
  exclusive: pick(EXCLUSIVITY),
  adaptedWorkName: d.adaptedWorkName,
  channelRange: d.channelRange,
};

/** Step 4b, pictures and files (§3, §5): one cover, 5–10 main images. */
const mediaFields = {
  cover: uploadId().required(),
  mainImages: d.mainImages.min(MIN_MAIN_IMAGES),
  displayImages: d.displayImages,
  relatedFiles: d.relatedFiles,
};

/** Step 5, rights-risk disclosure (§3): both questions answered; a description when either is yes. */
const anyRisk = (defendant: unknown, banned: unknown) => defendant === true || banned === true;
const riskFields = {
  everDefendant: flag().required(),
  governmentBanned: flag().required(),
  riskDescription: d.riskDescription.when(['everDefendant', 'governmentBanned'], {
    is: anyRisk,
    then: (s) => s.required('title.riskDescription'),
  }),
  disclosureFile: d.disclosureFile,
  showRiskPublicly: flag().default(false),
};

/**
 * Step 6, proof materials (§3): the warranty and work statement always; the authorization chain
 * when the registrant is not the original holder; samples and creator ID when the work is unpublished.
 */
const proofFields = {
  rightsWarranty: uploadId().required(),
  workStatement: uploadId().required(),
  originalHolder: flag().required(),
  authorizationChain: d.authorizationChain.when('originalHolder', { is: false, then: (s) => s.min(1, 'title.authorizationChain') }),
  workPublished: flag().required(),
  samples: d.samples.when('workPublished', { is: false, then: (s) => s.min(1, 'title.unpublishedProof') }),
  creatorId: d.creatorId.when('workPublished', { is: false, then: (s) => s.min(1, 'title.unpublishedProof') }),
  ownershipProof: d.ownershipProof,
  publicationProof: d.publicationProof,
  otherProofs: d.otherProofs,
};

/**
 * The wizard of §2 in order. The media fields have no step of their own in the spec's list; they are
 * part of "IP information" (§3 lists them among the IP fields), shown as their own page section.
 * `submit` and `result` carry no fields.
 */
export const WIZARD_STEPS = ['notice', 'mode', 'ipInfo', 'copyright', 'risk', 'proof', 'submit', 'result'] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

export const titleStepSchemas = {
  notice: yup.object(noticeFields).noUnknown(),
  mode: yup.object(modeFields).noUnknown(),
  ipInfo: yup.object({ ...ipInfoFields, ...mediaFields }).noUnknown(),
  copyright: yup.object(copyrightFields).noUnknown(),
  risk: yup.object(riskFields).noUnknown(),
  proof: yup.object(proofFields).noUnknown(),
} as const;
export type FieldStep = keyof typeof titleStepSchemas;

/** The schema of one wizard step (for "next"), validated against that step's fields only. */
export function titleStepSchema(step: FieldStep) {
  return titleStepSchemas[step];
}

/**
 * Every step together, for submit. Across steps: a sublicensee, agent or otherwise entitled
 * registrant is by definition not the original holder, so claiming to be one is refused on
 * originalHolder (which then asks for the authorization chain).
 */
export const registrationSchema = yup
  .object({ ...noticeFields, ...modeFields, ...ipInfoFields, ...mediaFields, ...copyrightFields, ...riskFields, ...proofFields })
  .noUnknown()
  .test('holder-role', 'title.originalHolderRole', function (v) {
    if (!v || v.registrantRole === 'owner' || !(REGISTRANT_ROLES as readonly string[]).includes(v.registrantRole) || v.originalHolder !== true) return true;
    return this.createError({ path: 'originalHolder', message: 'title.originalHolderRole' });
  });
export type TitleRegistration = yup.InferType<typeof registrationSchema>;

/** Field names per wizard step, in form order (the UI and the reviewer's per-field flags use them). */
export const TITLE_STEP_FIELDS: Record<WizardStep, TitleField[]> = {
  notice: Object.keys(noticeFields) as TitleField[],
  mode: Object.keys(modeFields) as TitleField[],
  ipInfo: [...Object.keys(ipInfoFields), ...Object.keys(mediaFields)] as TitleField[],
  copyright: Object.keys(copyrightFields) as TitleField[],
  risk: Object.keys(riskFields) as TitleField[],
  proof: Object.keys(proofFields) as TitleField[],
  submit: [],
  result: [],
};

/** The wizard step a field is on, e.g. to open the step of a flagged field. */
export function stepOfField(field: string): WizardStep | undefined {
  return WIZARD_STEPS.find((s) => (TITLE_STEP_FIELDS[s] as string[]).includes(field));
}

/**
 * Fields a reviewer can flag, in form order. The notice declarations are not data to correct, so
 * they are left out.
 */
export function titleFields(): TitleField[] {
  return WIZARD_STEPS.filter((s) => s !== 'notice').flatMap((s) => TITLE_STEP_FIELDS[s]);
}

/** The fields that hold upload ids, and the kind of upload each takes. */
export const TITLE_UPLOAD_FIELDS: Partial<Record<TitleField, TitleUploadKind>> = {
  cover: 'ipImage',
  mainImages: 'ipImage',
  displayImages: 'ipImage',
  relatedFiles: 'proof',
  disclosureFile: 'proof',
  rightsWarranty: 'proof',
  workStatement: 'proof',
  authorizationChain: 'proof',
  samples: 'proof',
  creatorId: 'idDocument',
  ownershipProof: 'proof',
  publicationProof: 'proof',
  otherProofs: 'proof',
};

/** Every upload a registration (or draft) refers to, with the field that holds it. */
export function titleUploadRefs(data: Record<string, unknown>): Array<{ field: TitleField; id: string; kind: TitleUploadKind }> {
  return (Object.entries(TITLE_UPLOAD_FIELDS) as Array<[TitleField, TitleUploadKind]>).flatMap(([field, kind]) =>
    ([] as unknown[])
      .concat(data[field] ?? [])
      .filter(Boolean)
      .map((id) => ({ field, id: String(id), kind })),
  );
}
