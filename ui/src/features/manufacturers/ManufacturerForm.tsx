import { FormGroup, InputGroup, TextArea } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnySchema } from 'yup';
import { MANUFACTURER_IMAGES_MAX, MANUFACTURER_LICENCE_MAX, MANUFACTURER_UPLOAD_FIELDS, type ManufacturerData } from '../../../../domain/manufacturers';
import { CheckedForm } from '../../components/CheckedForm';
import { FieldHelper } from '../../components/FieldControl';
import { UploadField } from '../../components/UploadField';
import { fieldError } from '../account/fields';
import type { UploadMap } from './types';

/** The first application carries the accepted agreement (accepted on the agreement step before the form opens). */
export type ManufacturerFormValues = ManufacturerData & { agreementAccepted?: boolean };

export const EMPTY_MANUFACTURER: ManufacturerFormValues = {
  nameZh: '',
  nameEn: '',
  nameJa: '',
  licence: [],
  website: '',
  postalCode: '',
  descriptionZh: '',
  descriptionEn: '',
  descriptionJa: '',
  images: [],
  contactName: '',
  contactPhone: '',
  email: '',
  address: '',
};

/** The application's values as the form holds them (missing keys of an older application filled in). */
export const manufacturerFormValues = (data: ManufacturerData): ManufacturerFormValues => ({ ...EMPTY_MANUFACTURER, ...data });

type Kind = 'text' | 'textarea' | 'uploads';

/** Part 2 §3 and §5, in form order; `required` marks what the schema needs. */
const FIELDS: Array<{ name: keyof ManufacturerData; kind: Kind; required?: boolean; hint?: string; max?: number }> = [
  { name: 'nameZh', kind: 'text', required: true, hint: 'manufacturer.apply.nameHint' },
  { name: 'nameEn', kind: 'text' },
  { name: 'nameJa', kind: 'text' },
  { name: 'licence', kind: 'uploads', required: true, hint: 'manufacturer.apply.licenceHint', max: MANUFACTURER_LICENCE_MAX },
  { name: 'website', kind: 'text' },
  { name: 'postalCode', kind: 'text' },
  { name: 'descriptionZh', kind: 'textarea' },
  { name: 'descriptionEn', kind: 'textarea' },
  { name: 'descriptionJa', kind: 'textarea' },
  { name: 'images', kind: 'uploads', hint: 'manufacturer.apply.imagesHint', max: MANUFACTURER_IMAGES_MAX },
  { name: 'contactName', kind: 'text', required: true },
  { name: 'contactPhone', kind: 'text', required: true },
  { name: 'email', kind: 'text' },
  { name: 'address', kind: 'text', required: true },
];

/**
 * The manufacturer form (apply, correct, staff edit), checked with the domain schema before it is
 * sent; the server's field messages (a refused picture among them) show under their fields, and
 * after a failed review staff's reasons show on the flagged fields.
 */
export function ManufacturerForm({
  id,
  schema,
  initial,
  uploads,
  flags,
  submitText,
  onSubmit,
}: {
  id: string;
  schema: AnySchema;
  initial: ManufacturerFormValues;
  uploads?: UploadMap;
  flags?: Record<string, string> | null;
  submitText: string;
  onSubmit: (values: ManufacturerFormValues) => Promise<void>;
}) {
  const { t } = useTranslation();
  return (
    <CheckedForm<ManufacturerFormValues> id={id} className="ipci-lawfirm-form" schema={schema} initial={initial} onSubmit={onSubmit} submitText={submitText}>
      {(form, { server, clear, setField }) =>
        FIELDS.map((f) => {
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
          if (f.kind === 'uploads')
            control = (
              <UploadField
                id={controlId}
                kind={MANUFACTURER_UPLOAD_FIELDS[name as keyof typeof MANUFACTURER_UPLOAD_FIELDS]}
                multiple
                max={f.max}
                value={form.values[name] as string[]}
                disabled={disabled}
                metas={uploads}
                onChange={set}
                onError={(m) => setField(name, m)}
              />
            );
          else if (f.kind === 'textarea')
            control = <TextArea id={controlId} fill rows={4} value={String(form.values[name] ?? '')} disabled={disabled} intent={intent} onChange={(e) => set(e.target.value)} onBlur={blur} />;
          else
            control = (
              <InputGroup
                id={controlId}
                type={name === 'email' ? 'email' : name === 'website' ? 'url' : name === 'contactPhone' ? 'tel' : 'text'}
                value={String(form.values[name] ?? '')}
                disabled={disabled}
                intent={intent}
                onChange={(e) => set(e.target.value)}
                onBlur={blur}
              />
            );
          return (
            <FormGroup
              key={name}
              className={reason ? 'ipci-lawfirm-flagged-group' : undefined}
              label={t(`fields.${name}`)}
              labelFor={controlId}
              labelInfo={f.required ? `(${t('manufacturer.apply.required')})` : undefined}
              intent={error || reason ? 'danger' : 'none'}
              helperText={(error || reason || f.hint) && <FieldHelper name={name} reason={reason} error={error} hint={f.hint && t(f.hint)} />}
            >
              {control}
            </FormGroup>
          );
        })
      }
    </CheckedForm>
  );
}
