import { FormGroup, HTMLSelect, InputGroup, TextArea } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnySchema } from 'yup';
import { LAW_FIRM_IMAGES_MAX, LAW_FIRM_ORGANISATION_FORMS, LAW_FIRM_UPLOAD_FIELDS, type LawFirmData } from '../../../../domain/lawFirms';
import { CheckedForm } from '../../components/CheckedForm';
import { CountryMultiSelect } from '../../components/CountrySelect';
import { FieldHelper } from '../../components/FieldControl';
import { UploadField } from '../../components/UploadField';
import { fieldError } from '../account/fields';
import type { UploadMap } from './types';

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

type Kind = 'text' | 'date' | 'textarea' | 'number' | 'select' | 'countries' | 'uploads';

/** Part 2 §3 and §5, in form order; `required` marks the prompts the spec names (and the files the schema needs). */
const FIELDS: Array<{ name: keyof LawFirmFormValues; kind: Kind; required?: boolean; hint?: string }> = [
  { name: 'nameZh', kind: 'text', required: true, hint: 'lawFirm.apply.nameHint' },
  { name: 'nameEn', kind: 'text' },
  { name: 'nameJa', kind: 'text' },
  { name: 'foundedOn', kind: 'date' },
  { name: 'organisationForm', kind: 'select', required: true },
  { name: 'registeredAddress', kind: 'text', required: true },
  { name: 'businessAddress', kind: 'text', required: true },
  { name: 'lawyers', kind: 'number', required: true },
  { name: 'countries', kind: 'countries', required: true },
  { name: 'contactName', kind: 'text', required: true },
  { name: 'contactPhone', kind: 'text', required: true },
  { name: 'email', kind: 'text', required: true },
  { name: 'website', kind: 'text', required: true },
  { name: 'introduction', kind: 'textarea' },
  { name: 'achievements', kind: 'textarea' },
  { name: 'displayImages', kind: 'uploads', required: true, hint: 'lawFirm.apply.imagesHint' },
  { name: 'detailImages', kind: 'uploads', hint: 'lawFirm.apply.imagesHint' },
  { name: 'licence', kind: 'uploads', required: true, hint: 'lawFirm.apply.documentsHint' },
  { name: 'qualification', kind: 'uploads', required: true, hint: 'lawFirm.apply.documentsHint' },
];

/**
 * The law-firm form (apply, correct, staff edit), checked with the domain schema before it is sent;
 * the server's field messages (a refused picture among them) show under their fields, and after a
 * failed review staff's reasons show on the flagged fields.
 */
export function LawFirmForm({
  id,
  schema,
  initial,
  uploads,
  flags,
  submitText,
  onSubmit,
  extraActions,
}: {
  id: string;
  schema: AnySchema;
  initial: LawFirmFormValues;
  uploads?: UploadMap;
  flags?: Record<string, string> | null;
  submitText: string;
  onSubmit: (values: LawFirmFormValues) => Promise<void>;
  extraActions?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <CheckedForm<LawFirmFormValues> id={id} className="ipci-lawfirm-form" schema={schema} initial={initial} onSubmit={onSubmit} submitText={submitText} extraActions={extraActions}>
      {(form, { server, clear, setField }) => (
        <>
          {FIELDS.map((f) => {
            const name = f.name;
            const error = fieldError(form, server, name, t);
            const reason = flags?.[name];
            const set = (v: unknown) => {
              clear(name);
              void form.setFieldValue(name, v);
            };
            const blur = () => void form.setFieldTouched(name, true);
            const controlId = `${id}-${name}`;
            const disabled = form.isSubmitting;
            const intent = error ? 'danger' : 'none';
            let control: ReactNode;
            switch (f.kind) {
              case 'select':
                control = (
                  <HTMLSelect
                    id={controlId}
                    fill
                    value={String(form.values[name] ?? '')}
                    disabled={disabled}
                    onBlur={blur}
                    onChange={(e) => set(e.currentTarget.value)}
                    options={[{ value: '', label: t('lawFirm.apply.chooseForm') }, ...LAW_FIRM_ORGANISATION_FORMS.map((o) => ({ value: o, label: t(`lawFirm.orgForms.${o}`) }))]}
                  />
                );
                break;
              case 'countries':
                control = <CountryMultiSelect id={controlId} value={form.values.countries} disabled={disabled} onChange={set} />;
                break;
              case 'uploads':
                control = (
                  <UploadField
                    id={controlId}
                    kind={LAW_FIRM_UPLOAD_FIELDS[name as keyof typeof LAW_FIRM_UPLOAD_FIELDS]}
                    multiple
                    max={LAW_FIRM_IMAGES_MAX}
                    value={form.values[name] as string[]}
                    disabled={disabled}
                    metas={uploads}
                    onChange={set}
                    onError={(m) => setField(name, m)}
                  />
                );
                break;
              case 'textarea':
                control = <TextArea id={controlId} fill rows={5} value={String(form.values[name] ?? '')} disabled={disabled} intent={intent} onChange={(e) => set(e.target.value)} onBlur={blur} />;
                break;
              case 'number':
                control = (
                  <InputGroup
                    id={controlId}
                    type="number"
                    inputMode="numeric"
                    min={1}
                    value={String(form.values.lawyers)}
                    disabled={disabled}
                    intent={intent}
                    onChange={(e) => set(e.target.value === '' ? '' : Number(e.target.value))}
                    onBlur={blur}
                  />
                );
                break;
              default:
                control = (
                  <InputGroup
                    id={controlId}
                    type={f.kind === 'date' ? 'date' : name === 'email' ? 'email' : 'text'}
                    value={String(form.values[name] ?? '')}
                    disabled={disabled}
                    intent={intent}
                    onChange={(e) => set(e.target.value)}
                    onBlur={blur}
                  />
                );
            }
            return (
              <FormGroup
                key={name}
                className={reason ? 'ipci-lawfirm-flagged-group' : undefined}
                label={t(`fields.${name}`)}
                labelFor={controlId}
                labelInfo={f.required ? `(${t('lawFirm.apply.required')})` : undefined}
                intent={error || reason ? 'danger' : 'none'}
                helperText={(error || reason || f.hint) && <FieldHelper name={name} reason={reason} error={error} hint={f.hint && t(f.hint)} />}
              >
                {control}
              </FormGroup>
            );
          })}
        </>
      )}
    </CheckedForm>
  );
}
