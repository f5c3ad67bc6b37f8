import { FormGroup, InputGroup, TextArea } from '@blueprintjs/core';
import type { FormikProps, FormikValues } from 'formik';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnySchema } from 'yup';
import type { UploadKind } from '../../../../domain/uploads';
import type { UploadMap } from '../../api/types';
import { CheckedForm } from '../../components/CheckedForm';
import { FieldHelper } from '../../components/FieldControl';
import { UploadField } from '../../components/UploadField';
import { fieldError } from '../account/fields';

/** One field of a directory's application form, in form order. */
export interface ListingField<V> {
  name: keyof V & string;
  /** text, textarea and uploads are drawn here; any other kind by the form's own `control`. */
  kind: string;
  /** Marks the prompts the spec names (and the files the schema needs). */
  required?: boolean;
  /** A text key shown under the field. */
  hint?: string;
  /** An input's type (email, url, tel, date); text by default. */
  type?: string;
  /** A textarea's rows. */
  rows?: number;
  /** The most files an upload field takes. */
  max?: number;
}

/** What a field's control needs: its id, value setter, blur and state. */
export interface FieldControlProps<V> {
  form: FormikProps<V>;
  id: string;
  set: (v: unknown) => void;
  blur: () => void;
  disabled: boolean;
  intent: 'danger' | 'none';
}

export interface ListingFormProps<V> {
  id: string;
  schema: AnySchema;
  initial: V;
  uploads?: UploadMap;
  flags?: Record<string, string> | null;
  submitText: string;
  onSubmit: (values: V) => Promise<void>;
  extraActions?: ReactNode;
}

/**
 * A directory's application form (law firms, manufacturers: apply, correct, staff edit), checked with
 * the domain schema before it is sent; the server's field messages (a refused picture among them)
 * show under their fields, and after a failed review staff's reasons show on the flagged fields.
 */
export function ListingForm<V extends FormikValues>({
  id,
  schema,
  initial,
  uploads,
  flags,
  submitText,
  onSubmit,
  extraActions,
  fields,
  uploadKinds,
  requiredText,
  control,
}: ListingFormProps<V> & {
  fields: ReadonlyArray<ListingField<V>>;
  uploadKinds: Readonly<Record<string, UploadKind>>;
  /** The text key of "(required)". */
  requiredText: string;
  /** The controls of the form's own kinds. */
  control?: (f: ListingField<V>, p: FieldControlProps<V>) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <CheckedForm<V> id={id} className="ipci-lawfirm-form" schema={schema} initial={initial} onSubmit={onSubmit} submitText={submitText} extraActions={extraActions}>
      {(form, { server, clear, setField }) =>
        fields.map((f) => {
          const name = f.name;
          const error = fieldError(form, server, name, t);
          const reason = flags?.[name];
          const p: FieldControlProps<V> = {
            form,
            id: `${id}-${name}`,
            set: (v) => {
              clear(name);
              void form.setFieldValue(name, v);
            },
            blur: () => void form.setFieldTouched(name, true),
            disabled: form.isSubmitting,
            intent: error ? 'danger' : 'none',
          };
          let input: ReactNode;
          if (f.kind === 'uploads')
            input = (
              <UploadField
                id={p.id}
                kind={uploadKinds[name]}
                multiple
                max={f.max}
                value={form.values[name] as string[]}
                disabled={p.disabled}
                metas={uploads}
                onChange={p.set}
                onError={(m) => setField(name, m)}
              />
            );
          else if (f.kind === 'textarea')
            input = <TextArea id={p.id} fill rows={f.rows ?? 4} value={String(form.values[name] ?? '')} disabled={p.disabled} intent={p.intent} onChange={(e) => p.set(e.target.value)} onBlur={p.blur} />;
          else if (f.kind === 'text')
            input = <InputGroup id={p.id} type={f.type ?? 'text'} value={String(form.values[name] ?? '')} disabled={p.disabled} intent={p.intent} onChange={(e) => p.set(e.target.value)} onBlur={p.blur} />;
          else input = control?.(f, p);
          return (
            <FormGroup
              key={name}
              className={reason ? 'ipci-lawfirm-flagged-group' : undefined}
              label={t(`fields.${name}`)}
              labelFor={p.id}
              labelInfo={f.required ? `(${t(requiredText)})` : undefined}
              intent={error || reason ? 'danger' : 'none'}
              helperText={(error || reason || f.hint) && <FieldHelper name={name} reason={reason} error={error} hint={f.hint && t(f.hint)} />}
            >
              {input}
            </FormGroup>
          );
        })
      }
    </CheckedForm>
  );
}
