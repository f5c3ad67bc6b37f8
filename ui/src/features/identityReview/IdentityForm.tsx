import { useState } from 'react';
import { Button, Callout, FormGroup, Intent } from '@blueprintjs/core';
import { Formik, type FormikHelpers, type FormikProps } from 'formik';
import { useTranslation } from 'react-i18next';
import { identitySchema, type IdentityKind } from '../../../../domain/identity';
import { ApiError } from '../../api/client';
import type { Upload } from '../../api/types';
import { CountryMultiSelect } from '../../components/CountrySelect';
import { FieldControl, FieldHelper } from '../../components/FieldControl';
import { translateError } from '../../lib/format';
import { validateWithSchema } from '../../lib/validate';
import { IDENTITY_LAYOUT, isFieldVisible, type FieldSpec } from './fields';

type Values = Record<string, unknown>;

export interface IdentityFormProps {
  kind: IdentityKind;
  initialValues: Values;
  /** Failed state: only these fields may change; each shows the reviewer's reason. */
  flags?: Record<string, string> | null;
  onSubmit: (data: Values) => Promise<void>;
  submitText: string;
  uploads?: Record<string, Upload>;
}

/** Formik + the same yup schema as the API (domain/identity.ts); messages are `errors` catalog keys. */
export function IdentityForm({ kind, initialValues, flags, onSubmit, submitText, uploads }: IdentityFormProps) {
  const { t } = useTranslation();
  const schema = identitySchema(kind);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [uploadErrors, setUploadErrors] = useState<Record<string, string>>({});

  async function submit(values: Values, helpers: FormikHelpers<Values>) {
    setFormError(null);
    setServerErrors({});
    let data: Values;
    try {
      data = (await schema.validate(values, { abortEarly: false, stripUnknown: true })) as Values;
    } catch {
      return;
    }
    try {
      await onSubmit(data);
    } catch (e) {
      if (e instanceof ApiError) {
        if (e.fields && Object.keys(e.fields).length) {
          setServerErrors(e.fields);
          helpers.setTouched(Object.fromEntries(Object.keys(e.fields).map((k) => [k, true])), false);
        }
        setFormError(e.message || t('http.unavailable', { ns: 'errors' }));
      } else throw e;
    }
  }

  return (
    <Formik<Values>
      initialValues={initialValues}
      validate={(values) => validateWithSchema(schema, values)}
      onSubmit={submit}
      validateOnMount={false}
    >
      {(form) => (
        <form onSubmit={form.handleSubmit} noValidate data-testid="identity-form">
          {formError && (
            <Callout intent="danger" icon="error" role="alert" style={{ marginBottom: 16 }}>
              {formError}
            </Callout>
          )}
          <div className="ipci-form-grid">
            {IDENTITY_LAYOUT[kind].map((section) => {
              const fields = section.fields.filter((f) => isFieldVisible(kind, f.name, form.values));
              if (!fields.length) return null;
              return [
                <div key={`s-${section.key}`} className="ipci-form-section">
                  {t(`identity.sections.${section.key}`)}
                </div>,
                ...fields.map((f) => (
                  <Field
                    key={f.name}
                    spec={f}
                    form={form}
                    locked={Boolean(flags) && !(f.name in (flags ?? {}))}
                    reason={flags?.[f.name]}
                    serverError={serverErrors[f.name]}
                    uploadError={uploadErrors[f.name]}
                    onUploadError={(m) => setUploadErrors((u) => ({ ...u, [f.name]: m ?? '' }))}
                    clearServerError={() => serverErrors[f.name] && setServerErrors(({ [f.name]: _drop, ...rest }) => rest)}
                    uploads={uploads}
                  />
                )),
              ];
            })}
          </div>
          <div className="ipci-form-actions">
            <Button type="submit" intent="primary" size="large" icon="upload" text={submitText} loading={form.isSubmitting} />
          </div>
        </form>
      )}
    </Formik>
  );
}

interface FieldProps {
  spec: FieldSpec;
  form: FormikProps<Values>;
  locked: boolean;
  reason?: string;
  serverError?: string;
  uploadError?: string;
  onUploadError: (m: string | null) => void;
  clearServerError: () => void;
  uploads?: Record<string, Upload>;
}

function Field({ spec, form, locked, reason, serverError, uploadError, onUploadError, clearServerError, uploads }: FieldProps) {
  const { t } = useTranslation();
  const { name, type } = spec;
  const id = `identity-${name}`;
  const value = form.values[name];
  const touched = Boolean(form.touched[name]) || form.submitCount > 0;
  const clientError = touched ? (form.errors as Record<string, string | undefined>)[name] : undefined;
  const error = uploadError || (clientError ? translateError(t, clientError) : serverError);
  const intent: Intent = error ? 'danger' : 'none';
  const set = (v: unknown) => {
    clearServerError();
    void form.setFieldValue(name, v);
    void form.setFieldTouched(name, true, false);
  };
  const blur = () => void form.setFieldTouched(name, true);

  const control =
    type === 'countries' ? (
      <CountryMultiSelect id={id} value={(value as string[]) ?? []} disabled={locked} onChange={set} />
    ) : (
      <FieldControl
        id={id}
        type={type}
        value={value}
        disabled={locked}
        intent={intent}
        set={set}
        blur={blur}
        checkboxLabel={t(`fields.${name}`)}
        textareaRows={4}
        uploadKind={spec.uploadKind}
        uploads={uploads}
        onUploadError={onUploadError}
      />
    );

  return (
    <FormGroup
      className={`${spec.wide || type === 'uploads' ? 'ipci-span-2' : ''} ${type === 'checkbox' ? 'ipci-field-check' : ''} ${locked ? 'ipci-field-locked' : ''}`}
      label={type === 'checkbox' ? undefined : t(`fields.${name}`)}
      labelFor={id}
      labelInfo={type === 'checkbox' || locked ? undefined : isRequiredHint(name) ? <span className="ipci-muted">*</span> : undefined}
      intent={intent}
      helperText={reason || error ? <FieldHelper name={name} reason={reason} error={error} /> : undefined}
      disabled={locked}
    >
      {control}
    </FormGroup>
  );
}

const REQUIRED = new Set([
  'name', 'nationality', 'idNumber', 'idFront', 'idBack', 'idValidUntil', 'passportNumber', 'passportPhoto', 'passportExpiry', 'phone',
  'companyNameZh', 'country', 'licence', 'licenceValidUntil', 'legalRepresentative', 'creditCode', 'contact', 'address',
]);
function isRequiredHint(name: string): boolean {
  return REQUIRED.has(name);
}
