import type { ReactNode } from 'react';
import { FormGroup, InputGroup, type Intent } from '@blueprintjs/core';
import type { FormikProps } from 'formik';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { translateError } from '../../lib/format';
import { FieldHelper } from '../../components/FieldControl';

/**
 * The message to show under a field: the shared schema's (once touched or submitted), else the
 * server's answer for that field.
 */
export function fieldError<V>(form: FormikProps<V>, server: Record<string, string>, name: string, t: TFunction): string | undefined {
  const touched = Boolean((form.touched as Record<string, unknown>)[name]) || form.submitCount > 0;
  const client = touched ? (form.errors as Record<string, string | undefined>)[name] : undefined;
  return client ? translateError(t, client) : server[name];
}

/**
 * A formik form's field plumbing: the message to show (fieldError); a setter that clears the
 * server's message of the field and marks it touched; a blur handler that marks it touched.
 */
export function fieldBindings<V>(form: FormikProps<V>, server: Record<string, string>, clear: (name: string) => void, t: TFunction) {
  return {
    error: (name: string) => fieldError(form, server, name, t),
    set: (name: keyof V & string, v: unknown) => {
      clear(name);
      void form.setFieldValue(name, v);
      void form.setFieldTouched(name, true, false);
    },
    blur: (name: keyof V & string) => () => void form.setFieldTouched(name, true),
  };
}

/** A labelled form field (`wide`: both grid columns) with its message under it, else its hint. */
export function FieldGroup({ name, id, label, labelInfo, error, hint, wide, children }: { name: string; id: string; label: string; labelInfo?: string; error?: string; hint?: string; wide?: boolean; children: ReactNode }) {
  return (
    <FormGroup
      className={wide ? 'ipci-span-2' : undefined}
      label={label}
      labelFor={id}
      labelInfo={labelInfo}
      intent={error ? 'danger' : 'none'}
      helperText={
        error ? (
          <span role="alert" data-testid={`error-${name}`}>
            {error}
          </span>
        ) : (
          hint
        )
      }
    >
      {children}
    </FormGroup>
  );
}

export interface TextFieldProps<V> {
  form: FormikProps<V>;
  server: Record<string, string>;
  /** Clears the server's message of a field once the user edits it. */
  onEdit: (name: string) => void;
  name: string;
  idPrefix: string;
  label: string;
  type?: 'text' | 'password' | 'date';
  autoComplete?: string;
  helper?: ReactNode;
  /** Beside the input (a send-code button). */
  right?: ReactNode;
  className?: string;
}

/** A labelled text input bound to formik, its error under it (as the identity form shows them). */
export function TextField<V>({ form, server, onEdit, name, idPrefix, label, type = 'text', autoComplete, helper, right, className }: TextFieldProps<V>) {
  const { t } = useTranslation();
  const id = `${idPrefix}-${name}`;
  const error = fieldError(form, server, name, t);
  const intent: Intent = error ? 'danger' : 'none';
  const input = (
    <InputGroup
      id={id}
      name={name}
      type={type}
      value={String((form.values as Record<string, unknown>)[name] ?? '')}
      intent={intent}
      autoComplete={autoComplete}
      onChange={(e) => {
        onEdit(name);
        void form.setFieldValue(name, e.target.value);
      }}
      onBlur={() => void form.setFieldTouched(name, true)}
    />
  );
  return (
    <FormGroup
      className={className}
      label={label}
      labelFor={id}
      intent={intent}
      helperText={error || helper ? <FieldHelper name={name} error={error} hint={helper} /> : undefined}
    >
      {right ? (
        <div className="ipci-code-row">
          {input}
          {right}
        </div>
      ) : (
        input
      )}
    </FormGroup>
  );
}
