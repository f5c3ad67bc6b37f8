import type { ReactNode } from 'react';
import { Button, Callout, FormGroup, HTMLSelect, InputGroup, type Intent } from '@blueprintjs/core';
import { Formik } from 'formik';
import { useTranslation } from 'react-i18next';
import { MAINLAND_COUNTRY, MAINLAND_PROVINCES, paperAddressSchema, type PaperAddress, type PaperAddressField } from '../../../../domain/paperCertificate';
import { translateError } from '../../lib/format';
import { useServerErrors } from '../../lib/useServerErrors';
import { validateWithSchema } from '../../lib/validate';

export const EMPTY_ADDRESS: PaperAddress = { recipient: '', phone: '', country: MAINLAND_COUNTRY, province: '', city: '', district: '', addressLine: '', postalCode: '' };

/**
 * The mailing address of a paper certificate, checked with the API's own schema. Only mainland
 * provinces are offered; the country is fixed (mainland China only), and the API refuses others.
 */
export function AddressForm({
  initial = EMPTY_ADDRESS,
  flags,
  submitText,
  onSubmit,
}: {
  initial?: PaperAddress;
  /** Items finance flagged, with their reasons. */
  flags?: Record<string, string> | null;
  submitText: string;
  onSubmit: (address: PaperAddress) => Promise<void>;
}) {
  const { t } = useTranslation();
  const { server, formError, clear, reset, fail } = useServerErrors();
  return (
    <Formik<PaperAddress>
      initialValues={initial}
      validate={(v) => validateWithSchema(paperAddressSchema, v)}
      onSubmit={async (values, helpers) => {
        reset();
        try {
          await onSubmit(paperAddressSchema.cast(values) as PaperAddress);
        } catch (e) {
          fail(e, helpers);
        }
      }}
    >
      {(form) => {
        const field = (name: PaperAddressField, control: (p: { id: string; intent: Intent }) => ReactNode, wide = false) => {
          const id = `paper-${name}`;
          const client = form.touched[name] || form.submitCount > 0 ? form.errors[name] : undefined;
          // The server names fields under `address.`: the request body nests the address.
          const error = client ? translateError(t, client) : server[`address.${name}`] ?? server[name];
          const flagged = flags?.[name];
          return (
            <FormGroup
              key={name}
              className={wide ? 'ipci-span-2' : undefined}
              label={t(`fields.${name}`)}
              labelFor={id}
              labelInfo={<span className="ipci-muted">*</span>}
              intent={error || flagged ? 'danger' : 'none'}
              helperText={
                error ? (
                  <span role="alert" data-testid={`error-${name}`}>
                    {error}
                  </span>
                ) : flagged ? (
                  <span data-testid={`flag-${name}`}>{t('paper.flagged', { reason: flagged })}</span>
                ) : undefined
              }
            >
              {control({ id, intent: error ? 'danger' : 'none' })}
            </FormGroup>
          );
        };
        const set = (name: PaperAddressField, v: string) => {
          clear(`address.${name}`);
          void form.setFieldValue(name, v);
        };
        const text = (name: PaperAddressField, wide = false) =>
          field(name, ({ id, intent }) => <InputGroup id={id} value={form.values[name]} intent={intent} onChange={(e) => set(name, e.target.value)} onBlur={() => void form.setFieldTouched(name, true)} />, wide);
        return (
          <form onSubmit={form.handleSubmit} noValidate data-testid="paper-form">
            {formError && (
              <Callout intent="danger" icon="error" role="alert" style={{ marginBottom: 12 }}>
                {formError}
              </Callout>
            )}
            <Callout icon="info-sign" style={{ marginBottom: 12 }}>
              {t('paper.mainlandOnly')}
            </Callout>
            <div className="ipci-form-grid">
              {text('recipient')}
              {text('phone')}
              {field('province', ({ id }) => (
                <HTMLSelect id={id} fill value={form.values.province} onChange={(e) => set('province', e.currentTarget.value)} onBlur={() => void form.setFieldTouched('province', true)}>
                  <option value="">{t('paper.chooseProvince')}</option>
                  {MAINLAND_PROVINCES.map((p) => (
                    <option key={p} value={p}>
                      {t(`provinces.${p}`)}
                    </option>
                  ))}
                </HTMLSelect>
              ))}
              {text('city')}
              {text('district')}
              {text('postalCode')}
              {text('addressLine', true)}
            </div>
            <div className="ipci-form-actions">
              <Button type="submit" intent="primary" icon="envelope" text={submitText} loading={form.isSubmitting} />
            </div>
          </form>
        );
      }}
    </Formik>
  );
}
