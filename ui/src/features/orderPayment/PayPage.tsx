import { useEffect, useState } from 'react';
import { Button, Callout, Card, HTMLSelect, HTMLTable, NonIdealState, Radio, RadioGroup, Spinner } from '@blueprintjs/core';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ONLINE_PAY_METHODS, ORDER_STATE, PAY_METHODS, type PayMethod } from '../../../../domain/orders';
import { api, ApiError } from '../../api/client';
import { useLang, useSitePath } from '../../lib/useLang';
import { orderName, SandboxNotice, timeLeft, yuan } from './OrderBits';
import { RemittanceForm } from './RemittanceForm';
import { useOrder } from './useOrder';
import type { OrderView, PlatformBank } from './types';

/** Where the browser goes to pay; a seam so tests can see the address instead of leaving the page. */
export const browser = { go: (url: string) => window.location.assign(url) };

/** A countdown to the payment deadline (spec part 1 §9: 24 hours), ticking every second. */
function Countdown({ deadline }: { deadline: string }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = timeLeft(deadline, now);
  return (
    <Callout intent={left ? 'warning' : 'danger'} icon="time" data-testid="countdown">
      {left ? t('pay.countdown', { time: left }) : t('pay.expired')}
    </Callout>
  );
}

function BankDetails({ bank, orderNo }: { bank: PlatformBank; orderNo: string }) {
  const { t } = useTranslation();
  return (
    <Card style={{ marginBottom: 16 }} data-testid="bank-details">
      <h4 className="bp6-heading">{t('pay.bank')}</h4>
      <HTMLTable compact className="ipci-table">
        <tbody>
          <tr>
            <th>{t('pay.bankAccountName')}</th>
            <td>{bank.accountName}</td>
          </tr>
          <tr>
            <th>{t('pay.bankName')}</th>
            <td>{bank.bankName}</td>
          </tr>
          <tr>
            <th>{t('pay.bankAccount')}</th>
            <td>{bank.account}</td>
          </tr>
          <tr>
            <th>{t('pay.swift')}</th>
            <td>{bank.swift}</td>
          </tr>
        </tbody>
      </HTMLTable>
      <p className="ipci-muted" style={{ marginTop: 8 }}>
        {t('pay.bankHint', { orderNo })}
      </p>
    </Card>
  );
}

/** usercenter/pay/:orderId (spec part 2 §2): choose a payment method; online goes to the gateway, remittances to finance. */
export function PayPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const site = useSitePath();
  const { orderId = '' } = useParams();
  const { detail, setDetail, missing, failed } = useOrder(orderId);
  const [method, setMethod] = useState<PayMethod>('quickPay');
  const [provider, setProvider] = useState('');
  const [going, setGoing] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (missing) return <NonIdealState icon="search" title={t('orders.notFound')} />;
  if (failed) return <NonIdealState icon="error" title={t('failure.load')} />;
  if (!detail) return <Spinner />;
  const { order, payment } = detail;
  const toDetail = <Link to={site(`usercenter/orderdetail/${order.id}`)}>{t('paySuccess.toOrder')}</Link>;

  async function goPay() {
    setGoing(true);
    setError(null);
    try {
      const r = await api.post<{ redirectUrl: string }>(`/api/orders/${order.id}/pay`, { method, provider: provider || payment.providers[0] });
      browser.go(r.redirectUrl);
    } catch (e) {
      setGoing(false);
      setError(e instanceof ApiError ? e.message : String(e));
    }
  }

  const submitted = (o: OrderView) => setDetail({ ...detail, order: o });
  let body: React.ReactNode;
  if (order.orderState === ORDER_STATE.cancelled) {
    body = (
      <Callout intent="danger" icon="disable" data-testid="order-cancelled">
        {t('pay.cancelledOrder')}
      </Callout>
    );
  } else if (order.orderState === ORDER_STATE.paid || order.orderState === ORDER_STATE.completed) {
    body = (
      <Callout intent="success" icon="tick-circle">
        {t('pay.paidOrder')} {toDetail}
      </Callout>
    );
  } else if (order.orderState === ORDER_STATE.awaitingConfirmation) {
    body = (
      <Callout intent="primary" icon="time" data-testid="under-review">
        {t('pay.submitted')}. {t('orders.underReview')} {toDetail}
      </Callout>
    );
  } else {
    const online = ONLINE_PAY_METHODS.includes(method);
    body = (
      <div className="ipci-stack">
        <Countdown deadline={order.deadlineAt} />
        {order.remittanceFlags && (
          <Callout intent="danger" icon="error" title={t('orders.remittanceRejected')} data-testid="remittance-flags">
            <ul style={{ margin: 0 }}>
              {Object.entries(order.remittanceFlags).map(([f, reason]) => (
                <li key={f}>
                  {t(`pay.fields.${f}`)}: {reason}
                </li>
              ))}
            </ul>
            {t('orders.remittanceRejectedHint')}
          </Callout>
        )}
        <Card>
          <RadioGroup label={t('pay.method')} selectedValue={method} onChange={(e) => setMethod(e.currentTarget.value as PayMethod)} inline>
            {PAY_METHODS.map((m) => (
              <Radio key={m} value={m} label={t(`orderLabels.payMethod.${m}`, { ns: 'messages' })} />
            ))}
          </RadioGroup>
          {online ? (
            <div className="ipci-stack">
              <SandboxNotice provider={provider || payment.providers[0]} />
              {payment.providers.length > 1 && (
                <HTMLSelect aria-label={t('pay.provider')} value={provider || payment.providers[0]} onChange={(e) => setProvider(e.target.value)}>
                  {payment.providers.map((p) => (
                    <option key={p} value={p}>
                      {t(`orderLabels.provider.${p}`, { ns: 'messages', defaultValue: p })}
                    </option>
                  ))}
                </HTMLSelect>
              )}
              {error && (
                <Callout intent="danger" role="alert">
                  {error}
                </Callout>
              )}
              <div>
                <Button intent="primary" size="large" icon="credit-card" text={going ? t('pay.redirecting') : t('pay.goPay')} loading={going} onClick={() => void goPay()} />
              </div>
            </div>
          ) : (
            <>
              <BankDetails bank={payment.bank} orderNo={order.orderNo} />
              <RemittanceForm order={order} method={method as 'offline' | 'overseas'} onSubmitted={submitted} />
            </>
          )}
        </Card>
      </div>
    );
  }

  return (
    <div className="ipci-stack">
      <h2 className="ipci-page-title">{t('pay.title', { orderNo: order.orderNo })}</h2>
      <Card>
        <div className="ipci-muted">{orderName(order, lang)}</div>
        <div style={{ fontSize: 14, marginTop: 4 }}>
          {t('pay.due')}: <strong style={{ fontSize: 24, color: '#c23030' }} data-testid="payable">¥{yuan(order.payable)}</strong>
        </div>
      </Card>
      {body}
    </div>
  );
}
