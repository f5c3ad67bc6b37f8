import { Button, Callout, Checkbox, FormGroup, InputGroup, TextArea } from '@blueprintjs/core';
import { Formik, type FormikHelpers } from 'formik';
import { useTranslation } from 'react-i18next';
import { formatYuan } from '../../../../domain/money';
import { counterOfferSchema } from '../../../../domain/trade';
import { api } from '../../api/client';
import { useServerErrors } from '../../lib/useServerErrors';
import { validateWithSchema } from '../../lib/validate';
import { showToast } from '../../session/toaster';
import { fieldBindings } from '../account/fields';
import { ChannelSelect } from './ChannelSelect';
import type { TradeJson } from './types';

interface Values {
  price: string;
  channels: string[];
  termPermanent: boolean;
  termFrom: string;
  termTo: string;
  note: string;
}

const body = (v: Values) => (v.termPermanent ? { ...v, termFrom: '', termTo: '' } : v);

/** The seller's counter-offer (price within the self-service cap, channels, term), checked with domain counterOfferSchema; starts from what the buyer asked. */
export function CounterOfferForm({ trade, onDone }: { trade: TradeJson; onDone: () => void }) {
  const { t } = useTranslation();
  const { server, formError, clear, reset, fail } = useServerErrors();
  const initial: Values = {
    price: trade.priceFen !== null ? formatYuan(trade.priceFen) : '',
    channels: [...trade.channels],
    termPermanent: !trade.termFrom && !trade.termTo,
    termFrom: trade.termFrom ?? '',
    termTo: trade.termTo ?? '',
    note: '',
  };

  async function submit(values: Values, helpers: FormikHelpers<Values>) {
    reset();
    try {
      await api.post(`/api/trades/${encodeURIComponent(trade.id)}/counter-offer`, body(values));
      showToast({ intent: 'success', icon: 'exchange', message: t('trade.counter.sent') });
      onDone();
    } catch (e) {
      fail(e, helpers);
    }
  }

  return (
    <Formik<Values> initialValues={initial} validate={(v) => validateWithSchema(counterOfferSchema, body(v))} onSubmit={submit}>
      {(form) => {
        const { error, set, blur } = fieldBindings(form, server, clear, t);
        const group = (name: keyof Values, control: React.ReactNode, wide = false) => (
          <FormGroup
            className={wide ? 'ipci-span-2' : undefined}
            label={t(name === 'note' ? 'trade.counter.note' : `trade.fields.${name}`)}
            labelFor={`counter-${name}`}
            intent={error(name) ? 'danger' : 'none'}
            helperText={error(name) && <span role="alert" data-testid={`counter-error-${name}`}>{error(name)}</span>}
          >
            {control}
          </FormGroup>
        );
        const input = (name: 'price' | 'termFrom' | 'termTo', type = 'text') =>
          group(name, <InputGroup id={`counter-${name}`} type={type} value={form.values[name]} intent={error(name) ? 'danger' : 'none'} onChange={(e) => set(name, e.target.value)} onBlur={blur(name)} />);
        return (
          <form noValidate onSubmit={form.handleSubmit} data-testid="counter-form">
            {formError && (
              <Callout intent="danger" icon="error" role="alert" style={{ marginBottom: 12 }}>
                {formError}
              </Callout>
            )}
            <div className="ipci-form-grid">
              {input('price')}
              {group('channels', <ChannelSelect id="counter-channels" value={form.values.channels} onChange={(c) => set('channels', c)} />)}
              <div className="ipci-span-2">
                <Checkbox id="counter-termPermanent" checked={form.values.termPermanent} label={t('trade.form.termPermanent')} onChange={(e) => set('termPermanent', e.currentTarget.checked)} />
              </div>
              {!form.values.termPermanent && input('termFrom', 'date')}
              {!form.values.termPermanent && input('termTo', 'date')}
              {group('note', <TextArea id="counter-note" fill rows={3} value={form.values.note} onChange={(e) => set('note', e.target.value)} />, true)}
            </div>
            <div className="ipci-form-actions">
              <Button type="submit" intent="primary" icon="exchange" text={t('trade.counter.send')} loading={form.isSubmitting} />
            </div>
          </form>
        );
      }}
    </Formik>
  );
}
