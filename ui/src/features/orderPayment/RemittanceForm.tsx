import { Button, Callout, FormGroup, InputGroup, TextArea } from '@blueprintjs/core';
import { Formik, type FormikHelpers } from 'formik';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { remittanceSchema, REMITTANCE_PROOF_MAX } from '../../../../domain/orders';
import { api } from '../../api/client';
import { CountrySelect } from '../../components/CountrySelect';
import { UploadField } from '../../components/UploadField';
import { translateError } from '../../lib/format';
import { useServerErrors } from '../../lib/useServerErrors';
import { validateWithSchema } from '../../lib/validate';
import type { OrderView } from './types';

type Values = Record<string, string | string[]>;
type Method = 'offline' | 'overseas';

const TEXT_FIELDS = ['payerName', 'bankName', 'payerAccount', 'amount', 'remittedOn', 'reference'] as const;

/**
 * The remittance proof form: formik with the API's own schema (domain remittanceSchema, the amount
 * checked against the order's payable amount). Values go to the API as typed (yuan as text): the
 * schema's cast value is in fen, which the API computes itself.
 */
export function RemittanceForm({ order, method, onSubmitted }: { order: OrderView; method: Method; onSubmitted: (order: OrderView) => void }) {
  const { t } = useTranslation();
  const { server, formError, clear, reset, fail, setField } = useServerErrors();
  const [uploadError, setUploadError] = useState<string | null>(null);
  const context = { payableFen: order.payable };
  const initial: Values = { payerName: '', bankName: '', payerAccount: '', payerCountry: method === 'overseas' ? '' : 'CN', currency: method === 'overseas' ? '' : 'CNY', amount: '', remittedOn: '', reference: order.orderNo, proofs: [], remark: '' };

  async function submit(values: Values, helpers: FormikHelpers<Values>) {
    reset();
    try {
      const r = await api.post<{ order: OrderView }>(`/api/orders/${order.id}/remittance`, { ...values, method });
      onSubmitted(r.order);
    } catch (e) {
      fail(e, helpers);
    }
  }

  return (
    <Formik<Values> key={method} initialValues={initial} validate={(v) => validateWithSchema(remittanceSchema, { ...v, method }, context)} onSubmit={submit}>
      {(form) => {
        const error = (name: string) => {
          const touched = Boolean(form.touched[name]) || form.submitCount > 0;
          const client = touched ? (form.errors as Record<string, string | undefined>)[name] : undefined;
          return (name === 'proofs' && uploadError) || (client ? translateError(t, client) : server[name]);
        };
        const field = (name: string, control: React.ReactNode, helper?: string) => (
          <FormGroup key={name} label={t(`pay.fields.${name}`)} labelFor={`remit-${name}`} intent={error(name) ? 'danger' : 'none'} helperText={error(name) || helper}>
            {control}
          </FormGroup>
        );
        const text = (name: string, type = 'text') =>
          field(
            name,
            <InputGroup
              id={`remit-${name}`}
              type={type}
              value={String(form.values[name] ?? '')}
              intent={error(name) ? 'danger' : 'none'}
              onChange={(e) => {
                clear(name);
                void form.setFieldValue(name, e.target.value);
              }}
              onBlur={() => void form.setFieldTouched(name, true)}
            />,
          );
        return (
          <form onSubmit={form.handleSubmit} noValidate data-testid="remittance-form">
            {formError && (
              <Callout intent="danger" icon="error" role="alert" style={{ marginBottom: 16 }}>
                {formError}
              </Callout>
            )}
            <div className="ipci-form-grid">
              {TEXT_FIELDS.slice(0, 3).map((n) => text(n))}
              {method === 'overseas' &&
                field(
                  'payerCountry',
                  <CountrySelect id="remit-payerCountry" value={String(form.values.payerCountry)} onChange={(v) => void form.setFieldValue('payerCountry', v)} onBlur={() => void form.setFieldTouched('payerCountry', true)} />,
                )}
              {method === 'overseas' && text('currency')}
              {text('amount')}
              {text('remittedOn', 'date')}
              {text('reference')}
              {field(
                'proofs',
                <UploadField
                  id="remit-proofs"
                  kind="remittanceProof"
                  multiple
                  max={REMITTANCE_PROOF_MAX}
                  value={form.values.proofs as string[]}
                  onChange={(v) => {
                    setField('proofs', null);
                    void form.setFieldValue('proofs', v);
                    void form.setFieldTouched('proofs', true, false);
                  }}
                  onError={setUploadError}
                />,
                t('pay.proofHint'),
              )}
              {field(
                'remark',
                <TextArea id="remit-remark" fill value={String(form.values.remark)} onChange={(e) => void form.setFieldValue('remark', e.target.value)} />,
              )}
            </div>
            <div className="ipci-form-actions">
              <Button type="submit" intent="primary" icon="upload" text={t('pay.submitRemittance')} loading={form.isSubmitting} />
            </div>
          </form>
        );
      }}
    </Formik>
  );
}

