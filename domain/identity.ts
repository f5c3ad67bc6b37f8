import './validation/locale';
import * as yup from 'yup';
import { COUNTRY_CODES } from './countries';
import type { UploadKind } from './uploads';
import { email, isResidentIdNumber, isUnifiedCreditCode, isoDate, optionalText, phone, requiredText, trimmed, uploadId } from './validation/rules';

export { IDENTITY_STATE, type IdentityState } from './identityState';
export const IDENTITY_KINDS = ['personal', 'enterprise'] as const;
export type IdentityKind = (typeof IDENTITY_KINDS)[number];
export const IDENTITY_SLA_WORKING_DAYS = 5;

const country = () => trimmed().required().oneOf(COUNTRY_CODES, 'validation.country');
const mainland = (nationality: unknown) => nationality === 'CN';

export const personalIdentitySchema = yup
  .object({
    name: requiredText(100),
    nationality: country(),
    idNumber: trimmed().when('nationality', {
      is: mainland,
      then: (s) => s.required().test('id-number', 'validation.idNumber', (v) => !v || isResidentIdNumber(v)),
      otherwise: (s) => s.max(40).default(''),
    }),
    idFront: uploadId().when('nationality', { is: mainland, then: (s) => s.required(), otherwise: (s) => s.default('') }),
    idBack: uploadId().when('nationality', { is: mainland, then: (s) => s.required(), otherwise: (s) => s.default('') }),
    idLongTerm: yup.boolean().default(false),
    idValidUntil: isoDate().when(['nationality', 'idLongTerm'], {
      is: (n: unknown, longTerm: boolean) => mainland(n) && !longTerm,
      then: (s) => s.required(),
      otherwise: (s) => s.default(''),
    }),
    passportNumber: trimmed().when('nationality', {
      is: (n: unknown) => !mainland(n),
      then: (s) => s.required().matches(/^[A-Za-z0-9]{5,20}$/, 'validation.passportNumber'),
      otherwise: (s) => s.max(20).default(''),
    }),
    passportPhoto: uploadId().when('nationality', { is: (n: unknown) => !mainland(n), then: (s) => s.required(), otherwise: (s) => s.default('') }),
    passportLongTerm: yup.boolean().default(false),
    passportExpiry: isoDate().when(['nationality', 'passportLongTerm'], {
      is: (n: unknown, longTerm: boolean) => !mainland(n) && !longTerm,
      then: (s) => s.required(),
      otherwise: (s) => s.default(''),
    }),
    otherNationalities: yup.array(trimmed().oneOf(COUNTRY_CODES, 'validation.country').required()).max(5).default([]),
    phone: phone().required(),
    email: email().default(''),
    inviteCode: optionalText(32),
  })
  .noUnknown();

export const enterpriseIdentitySchema = yup
  .object({
    companyNameZh: requiredText(200),
    companyNameEn: optionalText(200),
    companyNameJa: optionalText(200),
    country: country(),
    licence: uploadId().required(),
    licenceLongTerm: yup.boolean().default(false),
    licenceValidUntil: isoDate().when('licenceLongTerm', { is: false, then: (s) => s.required(), otherwise: (s) => s.default('') }),
    legalRepresentative: requiredText(100),
    creditCode: trimmed().when('country', {
      is: mainland,
      then: (s) => s.required().test('credit-code', 'validation.creditCode', (v) => !v || isUnifiedCreditCode(v)),
      otherwise: (s) => s.required().max(40),
    }),
    website: trimmed().url().max(300).default(''),
    contact: requiredText(100),
    phone: phone().required(),
    email: email().default(''),
    address: requiredText(300),
    introduction: optionalText(2000),
    attachments: yup.array(uploadId().required()).max(9).default([]),
    inviteCode: optionalText(32),
  })
  .noUnknown();

export type PersonalIdentity = yup.InferType<typeof personalIdentitySchema>;
export type EnterpriseIdentity = yup.InferType<typeof enterpriseIdentitySchema>;
export type IdentityData = PersonalIdentity | EnterpriseIdentity;

export function identitySchema(kind: IdentityKind) {
  return kind === 'personal' ? personalIdentitySchema : enterpriseIdentitySchema;
}

/** Fields a reviewer can flag, in form order; uploads are flagged like any other field. */
export function identityFields(kind: IdentityKind): string[] {
  return Object.keys(identitySchema(kind).fields);
}

/** The fields that hold upload ids, and the kind of upload each takes. */
export const UPLOAD_FIELDS: Record<IdentityKind, Record<string, UploadKind>> = {
  personal: { idFront: 'idPhoto', idBack: 'idPhoto', passportPhoto: 'idPhoto' },
  enterprise: { licence: 'licence', attachments: 'attachment' },
};

/** Every upload a certification refers to, with the field that holds it. */
export function uploadRefs(kind: IdentityKind, data: Record<string, unknown>): Array<{ field: string; id: string }> {
  return Object.keys(UPLOAD_FIELDS[kind]).flatMap((field) =>
    ([] as unknown[])
      .concat(data[field] ?? [])
      .filter(Boolean)
      .map((id) => ({ field, id: String(id) })),
  );
}
