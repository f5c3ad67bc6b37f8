import './validation/locale';
import * as yup from 'yup';
import type { IpNames } from './ipNames';
import { ANY_PHONE_PATTERN } from './protection';
import { keysetCursor } from './validation/keyset';
import { email, optionalText, requiredText, trimmed, uploadIdList } from './validation/rules';

/**
 * The anti-counterfeiting manufacturer directory (spec part 2 §1, §3, §5; issue 14). Part 2 §4 only
 * says "apply with agreement; later steps not shown". Our reading, free of charge unlike the law-firm
 * listing: applied with the agreement → review in the `directory` queue (approve, or fail with
 * reasons per field and a refusal reason → the applicant corrects and resubmits, next round) →
 * listed. Staff may suspend a listed manufacturer (it leaves the directory) and relist it.
 */
export const MANUFACTURER_STATES = ['review', 'correction', 'listed', 'suspended'] as const;
export type ManufacturerState = (typeof MANUFACTURER_STATES)[number];

/** Part 2 §9 "audit 1 to 7 working days": the review's SLA. */
export const MANUFACTURER_REVIEW_WORKING_DAYS = 7;

/** The listing agreement's version the applicant accepted; a new text gets a new version. */
export const MANUFACTURER_AGREEMENT_VERSION = '2026-11';

/** Part 2 §3, §5: at most 9 showcase pictures (kind `showcase`: ≥ 420×290 landscape). */
export const MANUFACTURER_IMAGES_MAX = 9;
export const MANUFACTURER_IMAGE_KIND = 'showcase';
/** Part 2 §5: the business licence copy takes Word, Excel, pdf and pictures (kind `licence`). */
export const MANUFACTURER_LICENCE_KIND = 'licence';
export const MANUFACTURER_LICENCE_MAX = 9;

/**
 * What a failed review names besides the per-field reasons, so applicants and statistics see the
 * kind of problem: the name incomplete (part 2 §5), the licence unreadable or not matching the name,
 * the pictures unsuitable, the contact unreachable, anything else.
 */
export const MANUFACTURER_REFUSAL_REASONS = ['nameIncomplete', 'licenceUnreadable', 'licenceMismatch', 'imagesUnsuitable', 'contactUnreachable', 'other'] as const;
export type ManufacturerRefusalReason = (typeof MANUFACTURER_REFUSAL_REASONS)[number];

/** Postal codes of any country: 3 to 10 letters, digits, blanks and hyphens (China's are 6 digits). */
export const ANY_POSTAL_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 -]{1,8}[A-Za-z0-9]$/;

/**
 * The application form (antifake), part 2 §3 and §5: the names in three languages — the Chinese one
 * required with "please fill in the manufacturer name completely" — the business licence copy, the
 * website, postal code, descriptions in three languages, at most 9 pictures, contact (name, phone,
 * e-mail) and address. The same schema checks the form, the API and staff's edits.
 */
export const manufacturerSchema = yup
  .object({
    nameZh: trimmed().required('manufacturer.nameIncomplete').max(200),
    nameEn: optionalText(200),
    nameJa: optionalText(200),
    licence: uploadIdList(1, MANUFACTURER_LICENCE_MAX, 'manufacturer.licenceRequired').required('manufacturer.licenceRequired'),
    website: trimmed()
      .max(300)
      .url('validation.url')
      .matches(/^https?:\/\//i, { message: 'validation.url', excludeEmptyString: true })
      .default(''),
    postalCode: trimmed().matches(ANY_POSTAL_CODE_PATTERN, { message: 'manufacturer.postalCode', excludeEmptyString: true }).default(''),
    descriptionZh: optionalText(5000),
    descriptionEn: optionalText(5000),
    descriptionJa: optionalText(5000),
    images: uploadIdList(0, MANUFACTURER_IMAGES_MAX, 'manufacturer.imagesRequired'),
    contactName: trimmed().required('manufacturer.contactNameRequired').max(100),
    contactPhone: trimmed().required('manufacturer.contactPhoneRequired').matches(ANY_PHONE_PATTERN, 'validation.phone'),
    email: email().max(200).default(''),
    address: trimmed().required('manufacturer.addressRequired').max(300),
  })
  .noUnknown();
export type ManufacturerData = yup.InferType<typeof manufacturerSchema>;

/** The first application: the form plus the accepted agreement (accepted before applying). */
export const manufacturerApplicationSchema = manufacturerSchema.shape({
  agreementAccepted: yup.boolean().strict().required('manufacturer.agreementRequired').oneOf([true], 'manufacturer.agreementRequired'),
});

/** The fields a failed review may flag, in form order. */
export const MANUFACTURER_FIELDS = Object.keys(manufacturerSchema.fields);
/** Which upload kind each file field takes. */
export const MANUFACTURER_UPLOAD_FIELDS = { licence: MANUFACTURER_LICENCE_KIND, images: MANUFACTURER_IMAGE_KIND } as const;

/** Staff suspend a listed manufacturer (hidden from the directory) or relist a suspended one, with a reason. */
export const MANUFACTURER_RECHECK_ACTIONS = ['suspend', 'relist'] as const;
export const manufacturerRecheckSchema = yup
  .object({
    action: yup.string().oneOf([...MANUFACTURER_RECHECK_ACTIONS], 'validation.invalid').required(),
    reason: requiredText(1000),
  })
  .noUnknown();
export type ManufacturerRecheck = yup.InferType<typeof manufacturerRecheckSchema>;

export const MANUFACTURER_PAGE_SIZE = 12;

/** The public directory: listed manufacturers, the most recently listed first, searched by a part of any name. */
export const manufacturerDirectoryQuerySchema = yup
  .object({
    q: trimmed().max(100).default(''),
    limit: yup.number().integer().min(1).max(100).default(MANUFACTURER_PAGE_SIZE),
    after: keysetCursor(['date', 'uuid']),
  })
  .noUnknown();
export type ManufacturerDirectoryQuery = yup.InferType<typeof manufacturerDirectoryQuerySchema>;

/** Back office: state filter and search by name, newest application first. */
export const adminManufacturerListQuerySchema = yup
  .object({
    state: yup.string().oneOf([...MANUFACTURER_STATES]),
    q: trimmed().max(100).default(''),
    limit: yup.number().integer().min(1).max(100).default(20),
    after: keysetCursor(['date', 'uuid']),
  })
  .noUnknown();
export type AdminManufacturerListQuery = yup.InferType<typeof adminManufacturerListQuerySchema>;

/** A directory card and the public detail: never the licence copy. */
export interface ManufacturerPublicJson {
  id: string;
  names: IpNames;
  descriptions: IpNames;
  website: string;
  postalCode: string;
  contactName: string;
  contactPhone: string;
  email: string;
  address: string;
  /** Public picture addresses (/api/public/manufacturers/:id/images/:uploadId). */
  images: string[];
  listedAt: string;
}

/** The applicant's own application (and the back office's view of it). */
export interface ManufacturerApplicationJson {
  id: string;
  state: ManufacturerState;
  data: ManufacturerData;
  names: IpNames;
  round: number;
  /** Staff's reasons per flagged field after a failed review. */
  reviewFlags: Record<string, string> | null;
  refusalReason: ManufacturerRefusalReason | null;
  listedAt: string | null;
  suspendedReason: string | null;
  agreementVersion: string;
  createdAt: string;
  updatedAt: string;
}
