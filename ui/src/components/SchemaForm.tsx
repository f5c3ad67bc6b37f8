import { FormGroup } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnySchema } from 'yup';
import type { UploadKind } from '../../../domain/uploads';
import type { UploadMap } from '../api/types';
import { fieldError } from '../features/account/fields';
import { CheckedForm } from './CheckedForm';
import { FieldControl, type CommonFieldType } from './FieldControl';

export interface FormField {
  name: string;
  type: CommonFieldType;
  /** Uploads: at most this many. */
  max?: number;
}

/**
 * A form of text fields and uploads checked with its domain schema before it is sent, and
 * the server's field messages under the fields when it refuses.
 */
export function SchemaForm<V extends Record<string, unknown>>({
  id,
  schema,
  fields,
  initial,
  uploads,
  labelOf,
  uploadKind,
  submitText,
  onSubmit,
  extraActions,
}: {
  id: string;
  schema: AnySchema;
  fields: FormField[];
  initial: V;
  uploads?: UploadMap;
  labelOf: (name: string) => string;
  /** The kind the form's uploads are checked as. */
  uploadKind: UploadKind;
  submitText: string;
  onSubmit: (values: V) => Promise<void>;
  extraActions?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <CheckedForm<V> id={id} schema={schema} initial={initial} onSubmit={onSubmit} submitText={submitText} extraActions={extraActions}>
      {(form, { server, clear, setField }) => (
        <>
          {fields.map((f) => {
            const error = fieldError(form, server, f.name, t);
            return (
              <FormGroup key={f.name} label={labelOf(f.name)} labelFor={`${id}-${f.name}`} intent={error ? 'danger' : 'none'} helperText={error}>
                <FieldControl
                  id={`${id}-${f.name}`}
                  type={f.type}
                  value={form.values[f.name]}
                  disabled={form.isSubmitting}
                  intent={error ? 'danger' : 'none'}
                  set={(v) => {
                    clear(f.name);
                    void form.setFieldValue(f.name, v);
                  }}
                  blur={() => void form.setFieldTouched(f.name, true)}
                  checkboxLabel=""
                  textareaRows={6}
                  uploadKind={uploadKind}
                  max={f.max}
                  uploads={uploads}
                  onUploadError={(m) => setField(f.name, m)}
                />
              </FormGroup>
            );
          })}
        </>
      )}
    </CheckedForm>
  );
}
