import { Button, Callout, FormGroup, Radio, RadioGroup, TextArea } from '@blueprintjs/core';
import { Formik } from 'formik';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnySchema } from 'yup';
import { ApiError } from '../api/client';
import { fieldError } from '../features/account/fields';
import { useServerErrors } from '../lib/useServerErrors';
import { validateWithSchema } from '../lib/validate';
import { FieldHelper } from './FieldControl';
import { ConfirmAlert } from './ConfirmAlert';

export interface RecheckAction {
  value: string;
  label: string;
  /** Whether the listing's state allows it now. */
  enabled: boolean;
  /** Taking the listing out of a directory is the dangerous direction. */
  danger?: boolean;
  /** The confirmation asked before it is sent (part 2 §8). */
  confirm: string;
}

/**
 * A directory's recheck (law firms: suspend, restore; manufacturers: suspend, relist): the action,
 * a reason, a confirmation, then `onRecheck` — the server's field messages under the reason and its
 * refusal above the form.
 */
export function RecheckForm({
  actions,
  schema,
  labels,
  onRecheck,
  testId,
}: {
  actions: RecheckAction[];
  schema: AnySchema;
  labels: { action: string; reason: string; cancel: string; confirm: string };
  onRecheck: (v: { action: string; reason: string }) => Promise<void>;
  testId: string;
}) {
  const { t } = useTranslation();
  const { server, formError, clear, reset, fail } = useServerErrors();
  const [confirming, setConfirming] = useState<{ action: string; reason: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const initial = actions.find((a) => a.enabled)?.value ?? actions[0].value;
  const chosen = (value?: string) => actions.find((a) => a.value === value);
  return (
    <Formik<{ action: string; reason: string }>
      key={initial}
      initialValues={{ action: initial, reason: '' }}
      validate={(v) => validateWithSchema(schema, v)}
      onSubmit={(v, helpers) => {
        setConfirming(v);
        helpers.setSubmitting(false);
      }}
    >
      {(form) => {
        const error = fieldError(form, server, 'reason', t);
        const action = chosen(form.values.action);
        return (
          <form onSubmit={form.handleSubmit} noValidate data-testid={testId}>
            {formError && (
              <Callout intent="danger" role="alert" style={{ marginBottom: 12 }}>
                {formError}
              </Callout>
            )}
            <RadioGroup label={labels.action} selectedValue={form.values.action} onChange={(e) => void form.setFieldValue('action', e.currentTarget.value)}>
              {actions.map((a) => (
                <Radio key={a.value} value={a.value} label={a.label} disabled={!a.enabled} />
              ))}
            </RadioGroup>
            <FormGroup label={labels.reason} labelFor={`${testId}-reason`} intent={error ? 'danger' : 'none'} helperText={error && <FieldHelper name="reason" error={error} />}>
              <TextArea
                id={`${testId}-reason`}
                fill
                rows={4}
                value={form.values.reason}
                intent={error ? 'danger' : 'none'}
                onChange={(e) => {
                  clear('reason');
                  void form.setFieldValue('reason', e.target.value);
                }}
                onBlur={() => void form.setFieldTouched('reason', true)}
              />
            </FormGroup>
            <div className="ipci-form-actions">
              <Button type="submit" intent={action?.danger ? 'danger' : 'primary'} icon={action?.danger ? 'disable' : 'confirm'} text={action?.label} />
            </div>
            <ConfirmAlert
              open={confirming !== null}
              intent={chosen(confirming?.action)?.danger ? 'danger' : 'primary'}
              icon="confirm"
              cancelText={labels.cancel}
              confirmText={labels.confirm}
              busy={busy}
              onCancel={() => setConfirming(null)}
              onConfirm={async () => {
                if (!confirming) return;
                reset();
                setBusy(true);
                try {
                  await onRecheck(confirming);
                  form.resetForm();
                } catch (e) {
                  if (!(e instanceof ApiError)) throw e;
                  fail(e, form);
                } finally {
                  setBusy(false);
                  setConfirming(null);
                }
              }}
            >
              <p>{chosen(confirming?.action)?.confirm}</p>
            </ConfirmAlert>
          </form>
        );
      }}
    </Formik>
  );
}
