import { FormGroup, Tag, type Intent } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnySchema } from 'yup';
import { formatIpciCode } from '../../../../domain/ipci';
import { ipNameIn } from '../../../../domain/ipNames';
import { OBJECTION_ATTACHMENTS_MAX, OBJECTION_UPLOAD_KIND, type ObjectionState } from '../../../../domain/objections';
import { CheckedForm } from '../../components/CheckedForm';
import { FieldControl, type CommonFieldType } from '../../components/FieldControl';
import { UploadPreview } from '../../components/UploadPreview';
import { useLang } from '../../lib/useLang';
import { fieldError } from '../account/fields';
import type { ObjectionJson, UploadMap } from './types';

const STATE_INTENT: Record<ObjectionState, Intent> = {
  pendingAudit: 'none',
  pendingConfirmation: 'warning',
  underReview: 'primary',
  approved: 'success',
  failed: 'danger',
  withdrawn: 'none',
};

export function ObjectionStateTag({ state }: { state: ObjectionState }) {
  const { t } = useTranslation();
  return (
    <Tag minimal intent={STATE_INTENT[state]} data-testid="objection-state">
      {t(`objection.states.${state}`)}
    </Tag>
  );
}

/** The IP an objection is against, named in the reader's language, with its code. */
export function ObjectionIp({ objection }: { objection: Pick<ObjectionJson, 'ipNames' | 'code'> }) {
  const lang = useLang();
  return (
    <span>
      <strong>{ipNameIn(objection.ipNames, lang)}</strong> <span className="ipci-muted ipci-mono">{formatIpciCode(objection.code)}</span>
    </span>
  );
}

export function Attachments({ ids, uploads }: { ids: readonly string[]; uploads: UploadMap }) {
  return (
    <div className="ipci-objection-files">
      {ids.map((id) => (
        <UploadPreview key={id} id={id} meta={uploads[id]} />
      ))}
    </div>
  );
}

export interface FormField {
  name: string;
  type: CommonFieldType;
  /** Uploads: at most this many. */
  max?: number;
}

/** The objection form's fields (domain objectionSchema), in order. */
export const OBJECTION_FIELDS: FormField[] = [
  { name: 'content', type: 'textarea' },
  { name: 'companyName', type: 'text' },
  { name: 'contact', type: 'text' },
  { name: 'phone', type: 'text' },
  { name: 'email', type: 'text' },
  { name: 'attachments', type: 'uploads', max: OBJECTION_ATTACHMENTS_MAX },
];

/**
 * A form of text fields and evidence uploads checked with its domain schema before it is sent, and
 * the server's field messages under the fields when it refuses.
 */
export function SchemaForm<V extends Record<string, unknown>>({
  id,
  schema,
  fields,
  initial,
  uploads,
  labelOf,
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
                  uploadKind={OBJECTION_UPLOAD_KIND}
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
