import { useEffect, useState } from 'react';
import { Button, Callout, Card, FormGroup, InputGroup, Spinner } from '@blueprintjs/core';
import { Formik, type FormikHelpers } from 'formik';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatYuan } from '../../../../domain/money';
import { displayActualAmount, FEE_KEYS, feeTableSchema, type FeeTable, type OrderType } from '../../../../domain/orders';
import { api } from '../../api/client';
import { ListCard } from '../../components/ListCard';
import { ListTable } from '../../components/ListTable';
import { showToast } from '../../session/toaster';
import { formatDateTime, translateError } from '../../lib/format';
import { useLang } from '../../lib/useLang';
import { useServerErrors } from '../../lib/useServerErrors';
import { validateWithSchema } from '../../lib/validate';
import { useKeysetPages } from '../invitations/useKeysetPages';
import { BillStateSelect, orderName, OrderStateTag, yuan } from './OrderBits';
import type { OrderPage, OrderView } from './types';

type FeeValues = Record<string, string>;

/** The fee table (certification fees and monitoring plan prices), typed in yuan (stored in fen by the API). */
function FeeEditor() {
  const { t } = useTranslation();
  const [fees, setFees] = useState<FeeTable | null>(null);
  const { server, formError, clear, reset, fail } = useServerErrors();
  useEffect(() => {
    void api.get<{ fees: FeeTable }>('/api/admin/fees').then((r) => setFees(r.fees));
  }, []);
  if (!fees) return <Spinner size={20} />;

  async function save(values: FeeValues, helpers: FormikHelpers<FeeValues>) {
    reset();
    try {
      const r = await api.put<{ fees: FeeTable }>('/api/admin/fees', values);
      setFees(r.fees);
      showToast({ intent: 'success', message: t('ciOrder.saved') });
    } catch (e) {
      fail(e, helpers);
    }
  }

  const initial = Object.fromEntries(FEE_KEYS.map((k) => [k, formatYuan(fees[k])]));
  return (
    <Formik<FeeValues> initialValues={initial} validate={(v) => validateWithSchema(feeTableSchema, v)} onSubmit={save}>
      {(form) => (
        <form onSubmit={form.handleSubmit} noValidate data-testid="fee-form">
          {formError && (
            <Callout intent="danger" role="alert" style={{ marginBottom: 12 }}>
              {formError}
            </Callout>
          )}
          <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap', alignItems: 'flex-start' }}>
            {FEE_KEYS.map((k) => {
              const error = (form.touched[k] && form.errors[k] ? translateError(t, form.errors[k]) : undefined) || server[k];
              return (
                <FormGroup key={k} label={t(`orderLabels.feeKind.${k}`, { ns: 'messages' })} labelFor={`fee-${k}`} intent={error ? 'danger' : 'none'} helperText={error}>
                  <InputGroup
                    id={`fee-${k}`}
                    leftIcon="bank-account"
                    rightElement={<span style={{ padding: '0 8px', lineHeight: '30px' }}>¥</span>}
                    value={form.values[k]}
                    intent={error ? 'danger' : 'none'}
                    onChange={(e) => {
                      clear(k);
                      void form.setFieldValue(k, e.target.value);
                    }}
                    onBlur={() => void form.setFieldTouched(k, true)}
                  />
                </FormGroup>
              );
            })}
            <Button type="submit" intent="primary" icon="floppy-disk" text={t('ciOrder.save')} loading={form.isSubmitting} style={{ marginTop: 22 }} />
          </div>
          <p className="ipci-muted">{t('ciOrder.feesHint')}</p>
        </form>
      )}
    </Formik>
  );
}

/**
 * The back office's order list (a ListTable: each order a card on a phone), newest first in keyset pages, filtered by bill state; `type` keeps it
 * to one order type and `detailBase` links each order number to its back-office detail.
 */
export function AdminOrderList({ type, detailBase }: { type?: OrderType; detailBase?: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [bill, setBill] = useState('');
  const { items, next, loadMore, failed, first } = useKeysetPages<OrderPage, OrderView>('/api/admin/orders', { bill, type }, (r) => r.items);
  return (
    <>
      <BillStateSelect id="admin-bill" value={bill} onChange={setBill} />
      <ListCard items={first ? items : null} failed={failed} empty={{ icon: 'th-list', title: t('orders.empty') }} next={next} load={() => loadMore()}>
        {(list) => (
          <ListTable
            rows={list}
            rowTestId="admin-order-row"
            columns={[
              { head: t('orders.orderNo'), className: 'ipci-nowrap', cell: (o) => (detailBase ? <Link to={`${detailBase}/${o.id}`}>{o.orderNo}</Link> : o.orderNo) },
              { head: t('orders.name'), className: 'ipci-name-cell', cell: (o) => orderName(o, lang) },
              { head: t('orders.amount'), numeric: true, cell: (o) => yuan(o.amount) },
              { head: t('orders.actualAmount'), numeric: true, cell: displayActualAmount },
              { head: t('orders.payMethod'), cell: (o) => (o.payMethod ? t(`orderLabels.payMethod.${o.payMethod}`, { ns: 'messages' }) : '—') },
              { head: t('orders.state'), cell: (o) => <OrderStateTag state={o.orderState} /> },
              { head: t('orders.createdAt'), className: 'ipci-nowrap', cell: (o) => formatDateTime(o.createdAt, lang) },
            ]}
          />
        )}
      </ListCard>
    </>
  );
}

/** /admin/ciOrder: every order (filter by bill state) and the certification fee table. */
export function AdminOrdersPage() {
  const { t } = useTranslation();
  return (
    <div className="ipci-stack">
      <h2 className="ipci-page-title">{t('ciOrder.title')}</h2>
      <Card>
        <h3 className="ipci-page-title">{t('ciOrder.fees')}</h3>
        <FeeEditor />
      </Card>
      <AdminOrderList />
    </div>
  );
}
