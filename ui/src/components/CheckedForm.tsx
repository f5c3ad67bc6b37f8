import { Button, Callout } from '@blueprintjs/core';
import { Formik, type FormikHelpers, type FormikProps, type FormikValues } from 'formik';
import type { ReactNode } from 'react';
import type { AnySchema } from 'yup';
import { useServerErrors } from '../lib/useServerErrors';
import { validateWithSchema } from '../lib/validate';

export type ServerErrors = ReturnType<typeof useServerErrors>;

/**
 * A Formik form checked with its domain schema before it is sent (`check` adds a page's own rule on
 * top, its messages winning), the server's refusal handled as every form handles it: its message in
 * a callout above the fields, its field messages in `server` for the fields to show until edited.
 * `children` draws the fields; the send button (`${id}-submit`, after `extraActions`) closes the form,
 * disabled while `submitBlocked` says the values cannot be sent at all.
 */
export function CheckedForm<V extends FormikValues>({
  id,
  className,
  schema,
  check,
  initial,
  onSubmit,
  submitText,
  extraActions,
  submitBlocked,
  children,
}: {
  id: string;
  className?: string;
  schema: AnySchema;
  check?: (values: V) => Record<string, string> | undefined;
  initial: V;
  onSubmit: (values: V) => Promise<void>;
  submitText: string;
  extraActions?: ReactNode;
  submitBlocked?: (values: V) => boolean;
  children: (form: FormikProps<V>, server: ServerErrors) => ReactNode;
}) {
  const errors = useServerErrors();

  async function submit(values: V, helpers: FormikHelpers<V>) {
    errors.reset();
    try {
      await onSubmit(values);
    } catch (e) {
      errors.fail(e, helpers);
    }
  }

  return (
    <Formik<V> initialValues={initial} validate={async (v) => ({ ...(await validateWithSchema(schema, v)), ...check?.(v) })} onSubmit={submit}>
      {(form) => (
        <form onSubmit={form.handleSubmit} noValidate data-testid={id} className={className}>
          {errors.formError && (
            <Callout intent="danger" role="alert" style={{ marginBottom: 12 }}>
              {errors.formError}
            </Callout>
          )}
          {children(form, errors)}
          <div className="ipci-form-actions">
            {extraActions}
            <Button type="submit" intent="primary" icon="send-message" text={submitText} loading={form.isSubmitting} disabled={submitBlocked?.(form.values)} data-testid={`${id}-submit`} />
          </div>
        </form>
      )}
    </Formik>
  );
}
