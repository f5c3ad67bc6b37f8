import {
  EXCLUSIVITY,
  HOLDER_STATUSES,
  MAX_DISPLAY_IMAGES,
  MAX_FILES_PER_FIELD,
  MAX_MAIN_IMAGES,
  REGISTRANT_ROLES,
  REGISTRATION_MODES,
  RIGHTS_TERMS,
  SUBLICENSING,
  TERM_FROM_TO,
  TITLE_STEP_FIELDS,
  TITLE_UPLOAD_FIELDS,
  titleDraftSchema,
  type FieldStep,
  type TitleField,
  type TitleUploadKind,
} from '../../../../domain/titleRegistration';
import type { DictionaryType } from '../../../../domain/dictionaries';

export type Values = Record<string, unknown>;

export type FieldType = 'text' | 'textarea' | 'date' | 'country' | 'checkbox' | 'select' | 'radio' | 'yesNo' | 'upload' | 'uploads';

export interface FieldSpec {
  name: TitleField;
  type: FieldType;
  /** select / radio: the values, labelled by `titleRegistration.<options>.<value>`. */
  options?: readonly string[];
  optionLabels?: string;
  /** select: the options and labels come from this admin-edited dictionary (its active entries). */
  dictionary?: DictionaryType;
  uploadKind?: TitleUploadKind;
  max?: number;
  wide?: boolean;
  /** Whether the field applies for these values (§3: dates only for term N, proofs by situation). */
  visible?: (values: Values) => boolean;
}

export interface FieldSection {
  /** `titleRegistration.sections.<key>`. */
  key: string;
  fields: FieldSpec[];
}

const text = (name: TitleField, wide = false): FieldSpec => ({ name, type: 'text', wide });
const area = (name: TitleField): FieldSpec => ({ name, type: 'textarea', wide: true });
const files = (name: TitleField, max = MAX_FILES_PER_FIELD, visible?: FieldSpec['visible']): FieldSpec => ({
  name,
  type: 'uploads',
  uploadKind: TITLE_UPLOAD_FIELDS[name],
  max,
  wide: true,
  visible,
});
const file = (name: TitleField): FieldSpec => ({ name, type: 'upload', uploadKind: TITLE_UPLOAD_FIELDS[name], wide: true });
const yesNo = (name: TitleField): FieldSpec => ({ name, type: 'yesNo' });

const fromTo = (v: Values) => v.termType === TERM_FROM_TO;
const notOriginal = (v: Values) => v.originalHolder === false;
const unpublished = (v: Values) => v.workPublished === false;
const anyRisk = (v: Values) => v.everDefendant === true || v.governmentBanned === true;

/** Each field step of the wizard (spec part 1 §2, §3) as page sections, in the order of TITLE_STEP_FIELDS. */
export const TITLE_LAYOUT: Record<FieldStep, FieldSection[]> = {
  notice: [
    {
      key: 'declaration',
      fields: [
        { name: 'agreeTerms', type: 'checkbox', wide: true },
        { name: 'registrantRole', type: 'radio', options: REGISTRANT_ROLES, optionLabels: 'registrantRole', wide: true },
        { name: 'declareEntitled', type: 'checkbox', wide: true },
      ],
    },
  ],
  mode: [
    {
      key: 'mode',
      fields: [
        { name: 'registrationMode', type: 'radio', options: REGISTRATION_MODES, optionLabels: 'mode', wide: true },
        { ...text('existingIpciCode'), visible: (v) => v.registrationMode === 'existingIpci' },
      ],
    },
  ],
  ipInfo: [
    {
      key: 'names',
      fields: [
        text('ipNameZh'),
        text('ipNameEn'),
        text('ipNameJa'),
        { name: 'ipCategory', type: 'select', dictionary: 'ipCategory' },
        { name: 'ipCountry', type: 'country' },
      ],
    },
    {
      key: 'holder',
      fields: [text('holder'), { name: 'holderStatus', type: 'select', options: HOLDER_STATUSES, optionLabels: 'holderStatus' }, area('holderIntro')],
    },
    { key: 'intro', fields: [area('introZh'), area('introEn'), area('introJa'), text('videoLink'), text('siteLink')] },
    {
      key: 'media',
      fields: [file('cover'), files('mainImages', MAX_MAIN_IMAGES), files('displayImages', MAX_DISPLAY_IMAGES), files('relatedFiles')],
    },
  ],
  copyright: [
    {
      key: 'rights',
      fields: [
        area('usageScope'),
        { name: 'sublicensing', type: 'radio', options: SUBLICENSING, optionLabels: 'sublicensing' },
        { name: 'exclusive', type: 'radio', options: EXCLUSIVITY, optionLabels: 'exclusive' },
        text('rightsRegion', true),
        { name: 'termType', type: 'radio', options: RIGHTS_TERMS, optionLabels: 'term', wide: true },
        { name: 'termFrom', type: 'date', visible: fromTo },
        { name: 'termTo', type: 'date', visible: fromTo },
        text('adaptedWorkName'),
        text('channelRange'),
      ],
    },
  ],
  risk: [
    {
      key: 'risk',
      fields: [
        yesNo('everDefendant'),
        yesNo('governmentBanned'),
        { ...area('riskDescription'), visible: anyRisk },
        file('disclosureFile'),
        { name: 'showRiskPublicly', type: 'checkbox', wide: true },
      ],
    },
  ],
  proof: [
    {
      key: 'required',
      fields: [
        file('rightsWarranty'),
        file('workStatement'),
        yesNo('originalHolder'),
        yesNo('workPublished'),
        files('authorizationChain', MAX_FILES_PER_FIELD, notOriginal),
        files('samples', MAX_FILES_PER_FIELD, unpublished),
        files('creatorId', MAX_FILES_PER_FIELD, unpublished),
      ],
    },
    { key: 'optional', fields: [files('ownershipProof'), files('publicationProof'), files('otherProofs')] },
  ],
};

export const TITLE_FIELD_SPECS: Record<string, FieldSpec> = Object.fromEntries(
  Object.values(TITLE_LAYOUT).flatMap((sections) => sections.flatMap((s) => s.fields.map((f) => [f.name, f]))),
);

export function isVisible(spec: FieldSpec, values: Values): boolean {
  return spec.visible?.(values) ?? true;
}

/** The values of one step's fields (the step schemas refuse unknown keys). */
export function stepValues(step: FieldStep, values: Values): Values {
  return Object.fromEntries(TITLE_STEP_FIELDS[step].map((f) => [f, values[f]]));
}

/** Every field at its empty value, then the saved data over it. */
export function initialValues(data: Values = {}): Values {
  return { ...titleDraftSchema.getDefault(), ...data };
}

/** What a draft saves: the fields the user has set (unanswered yes/no questions stay unset). */
export function draftData(values: Values): Values {
  return Object.fromEntries(Object.entries(values).filter(([k, v]) => k in TITLE_FIELD_SPECS && v !== undefined && v !== null));
}

/** A value is empty when there is nothing to show. */
export function isEmpty(v: unknown): boolean {
  return v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
}
