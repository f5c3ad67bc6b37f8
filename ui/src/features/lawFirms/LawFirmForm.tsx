import { HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { LAW_FIRM_IMAGES_MAX, LAW_FIRM_ORGANISATION_FORMS, LAW_FIRM_UPLOAD_FIELDS, type LawFirmData } from '../../../../domain/lawFirms';
import { CountryMultiSelect } from '../../components/CountrySelect';
import { ListingForm, type ListingField, type ListingFormProps } from '../directory/ListingForm';

/** The first application carries the accepted agreement (accepted on the agreement step before the form opens). */
export type LawFirmFormValues = Omit<LawFirmData, 'lawyers' | 'organisationForm'> & { lawyers: number | ''; organisationForm: string; agreementAccepted?: boolean };

export const EMPTY_LAW_FIRM: LawFirmFormValues = {
  nameZh: '',
  nameEn: '',
  nameJa: '',
  foundedOn: '',
  organisationForm: '',
  registeredAddress: '',
  businessAddress: '',
  lawyers: '',
  countries: [],
  contactName: '',
  contactPhone: '',
  email: '',
  website: '',
  introduction: '',
  achievements: '',
  displayImages: [],
  detailImages: [],
  licence: [],
  qualification: [],
};

/** The application's values as the form holds them (missing keys of an older application filled in). */
export const formValuesOf = (data: LawFirmData): LawFirmFormValues => ({ ...EMPTY_LAW_FIRM, ...data });

/** Part 2 §3 and §5, in form order; `required` marks the prompts the spec names (and the files the schema needs). */
const FIELDS: Array<ListingField<LawFirmFormValues>> = [
  { name: 'nameZh', kind: 'text', required: true, hint: 'lawFirm.apply.nameHint' },
  { name: 'nameEn', kind: 'text' },
  { name: 'nameJa', kind: 'text' },
  { name: 'foundedOn', kind: 'text', type: 'date' },
  { name: 'organisationForm', kind: 'select', required: true },
  { name: 'registeredAddress', kind: 'text', required: true },
  { name: 'businessAddress', kind: 'text', required: true },
  { name: 'lawyers', kind: 'number', required: true },
  { name: 'countries', kind: 'countries', required: true },
  { name: 'contactName', kind: 'text', required: true },
  { name: 'contactPhone', kind: 'text', required: true },
  { name: 'email', kind: 'text', type: 'email', required: true },
  { name: 'website', kind: 'text', required: true },
  { name: 'introduction', kind: 'textarea', rows: 5 },
  { name: 'achievements', kind: 'textarea', rows: 5 },
  { name: 'displayImages', kind: 'uploads', required: true, hint: 'lawFirm.apply.imagesHint', max: LAW_FIRM_IMAGES_MAX },
  { name: 'detailImages', kind: 'uploads', hint: 'lawFirm.apply.imagesHint', max: LAW_FIRM_IMAGES_MAX },
  { name: 'licence', kind: 'uploads', required: true, hint: 'lawFirm.apply.documentsHint', max: LAW_FIRM_IMAGES_MAX },
  { name: 'qualification', kind: 'uploads', required: true, hint: 'lawFirm.apply.documentsHint', max: LAW_FIRM_IMAGES_MAX },
];

/** The law-firm form (apply, correct, staff edit): the directories' form with the firms' organisation form, countries and number of lawyers. */
export function LawFirmForm(props: ListingFormProps<LawFirmFormValues>) {
  const { t } = useTranslation();
  return (
    <ListingForm<LawFirmFormValues>
      {...props}
      fields={FIELDS}
      uploadKinds={LAW_FIRM_UPLOAD_FIELDS}
      requiredText="lawFirm.apply.required"
      control={(f, { form, id, set, blur, disabled, intent }) =>
        f.kind === 'select' ? (
          <HTMLSelect
            id={id}
            fill
            value={String(form.values.organisationForm ?? '')}
            disabled={disabled}
            onBlur={blur}
            onChange={(e) => set(e.currentTarget.value)}
            options={[{ value: '', label: t('lawFirm.apply.chooseForm') }, ...LAW_FIRM_ORGANISATION_FORMS.map((o) => ({ value: o, label: t(`lawFirm.orgForms.${o}`) }))]}
          />
        ) : f.kind === 'countries' ? (
          <CountryMultiSelect id={id} value={form.values.countries} disabled={disabled} onChange={set} />
        ) : (
          <InputGroup
            id={id}
            type="number"
            inputMode="numeric"
            min={1}
            value={String(form.values.lawyers)}
            disabled={disabled}
            intent={intent}
            onChange={(e) => set(e.target.value === '' ? '' : Number(e.target.value))}
            onBlur={blur}
          />
        )
      }
    />
  );
}
