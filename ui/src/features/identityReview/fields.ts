import type { IdentityKind } from '../../../../domain/identity';
import type { UploadKind } from '../../../../domain/uploads';

export type FieldType = 'text' | 'textarea' | 'country' | 'countries' | 'date' | 'checkbox' | 'upload' | 'uploads';

export interface FieldSpec {
  name: string;
  type: FieldType;
  uploadKind?: UploadKind;
  wide?: boolean;
  /** Whether the field applies for these values (e.g. ID card fields only for mainland nationals). */
  visible?: (values: Record<string, unknown>) => boolean;
}

export interface FieldSection {
  key: string;
  visible?: (values: Record<string, unknown>) => boolean;
  fields: FieldSpec[];
}

const mainland = (v: Record<string, unknown>) => v.nationality === 'CN';
const foreign = (v: Record<string, unknown>) => v.nationality !== 'CN';

/** The form layout of every field of domain/identity.ts, grouped in sections. */
export const IDENTITY_LAYOUT: Record<IdentityKind, FieldSection[]> = {
  personal: [
    {
      key: 'basic',
      fields: [
        { name: 'name', type: 'text' },
        { name: 'nationality', type: 'country' },
        { name: 'phone', type: 'text' },
        { name: 'email', type: 'text' },
      ],
    },
    {
      key: 'idCard',
      visible: mainland,
      fields: [
        { name: 'idNumber', type: 'text' },
        { name: 'idValidUntil', type: 'date', visible: (v) => !v.idLongTerm },
        { name: 'idLongTerm', type: 'checkbox' },
        { name: 'idFront', type: 'upload', uploadKind: 'idPhoto' },
        { name: 'idBack', type: 'upload', uploadKind: 'idPhoto' },
      ],
    },
    {
      key: 'passport',
      visible: foreign,
      fields: [
        { name: 'passportNumber', type: 'text' },
        { name: 'passportExpiry', type: 'date', visible: (v) => !v.passportLongTerm },
        { name: 'passportLongTerm', type: 'checkbox' },
        { name: 'passportPhoto', type: 'upload', uploadKind: 'idPhoto' },
      ],
    },
    {
      key: 'other',
      fields: [
        { name: 'otherNationalities', type: 'countries' },
        { name: 'inviteCode', type: 'text' },
      ],
    },
  ],
  enterprise: [
    {
      key: 'company',
      fields: [
        { name: 'companyNameZh', type: 'text' },
        { name: 'companyNameEn', type: 'text' },
        { name: 'companyNameJa', type: 'text' },
        { name: 'country', type: 'country' },
        { name: 'creditCode', type: 'text' },
        { name: 'legalRepresentative', type: 'text' },
        { name: 'website', type: 'text', wide: true },
      ],
    },
    {
      key: 'licence',
      fields: [
        { name: 'licenceValidUntil', type: 'date', visible: (v) => !v.licenceLongTerm },
        { name: 'licenceLongTerm', type: 'checkbox' },
        { name: 'licence', type: 'upload', uploadKind: 'licence', wide: true },
      ],
    },
    {
      key: 'contact',
      fields: [
        { name: 'contact', type: 'text' },
        { name: 'phone', type: 'text' },
        { name: 'email', type: 'text' },
        { name: 'address', type: 'text' },
      ],
    },
    {
      key: 'more',
      fields: [
        { name: 'introduction', type: 'textarea', wide: true },
        { name: 'attachments', type: 'uploads', uploadKind: 'attachment', wide: true },
        { name: 'inviteCode', type: 'text' },
      ],
    },
  ],
};

export function fieldSpecs(kind: IdentityKind): FieldSpec[] {
  return IDENTITY_LAYOUT[kind].flatMap((s) => s.fields);
}

export function fieldSpec(name: string): FieldSpec | undefined {
  for (const kind of ['personal', 'enterprise'] as const) {
    const hit = fieldSpecs(kind).find((f) => f.name === name);
    if (hit) return hit;
  }
  return undefined;
}

/** Whether a field applies for these values (its section and its own condition). */
export function isFieldVisible(kind: IdentityKind, name: string, values: Record<string, unknown>): boolean {
  for (const section of IDENTITY_LAYOUT[kind]) {
    const f = section.fields.find((x) => x.name === name);
    if (f) return (section.visible?.(values) ?? true) && (f.visible?.(values) ?? true);
  }
  return false;
}

export function emptyValues(kind: IdentityKind): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const f of fieldSpecs(kind)) {
    values[f.name] = f.type === 'checkbox' ? false : f.type === 'countries' || f.type === 'uploads' ? [] : f.type === 'country' ? 'CN' : '';
  }
  return values;
}
