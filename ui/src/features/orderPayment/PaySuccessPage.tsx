import { Callout, Card, NonIdealState, Spinner } from '@blueprintjs/core';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isPaidState, ORDER_STATE } from '../../../../domain/orders';
import { useLang, useSitePath } from '../../lib/useLang';
import { orderName, OrderStateTag, SandboxNotice } from './OrderBits';
import { useOrder } from './useOrder';
import { useCaseWatch } from '../../lib/useCaseWatch';

/**
 * usercenter/paysuccess?orderId= — the gateway's return URL. The browser may come back before the
 * gateway's asynchronous notification has reached the server, so the page watches the order's case
 * (pushed timeline events, fast polling as a fallback) until it is paid or cancelled.
 */
export function PaySuccessPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const site = useSitePath();
  const [params] = useSearchParams();
  const orderId = params.get('orderId') ?? '';
  const { detail, missing, failed, reload } = useOrder(orderId);
  const state = detail?.order.orderState;
  const settled = state !== undefined && (isPaidState(state) || state === ORDER_STATE.cancelled);

  useCaseWatch('orderPayment', orderId, Boolean(detail) && !settled, reload);

  if (missing || !orderId) return <NonIdealState icon="search" title={t('orders.notFound')} />;
  if (failed) return <NonIdealState icon="error" title={t('failure.load')} />;
  if (!detail) return <Spinner />;
  const { order, payment } = detail;
  // Until the notification has paid it, the order names no provider: with only one, it is that one.
  const provider = order.provider ?? (payment.providers.length === 1 ? payment.providers[0] : null);

  return (
    <div className="ipci-stack">
      <h2 className="ipci-page-title">{t('paySuccess.title')}</h2>
      <SandboxNotice provider={provider} />
      <Card>
        <p>
          {order.orderNo} · {orderName(order, lang)} <OrderStateTag state={order.orderState} />
        </p>
        {isPaidState(order.orderState) ? (
          <Callout intent="success" icon="tick-circle" data-testid="pay-result">
            {t('paySuccess.paid')}
          </Callout>
        ) : order.orderState === ORDER_STATE.cancelled ? (
          <Callout intent="danger" icon="disable" data-testid="pay-result">
            {t('paySuccess.cancelledOrder')}
          </Callout>
        ) : (
          <Callout intent="primary" icon={<Spinner size={16} />} data-testid="pay-result">
            {t('paySuccess.waiting')}
          </Callout>
        )}
        <div className="ipci-form-actions">
          <Link to={site(`usercenter/orderdetail/${order.id}`)}>{t('paySuccess.toOrder')}</Link>
          <Link to={site('usercenter/orderrecord')}>{t('paySuccess.toBills')}</Link>
          {order.orderState === ORDER_STATE.unpaid && <Link to={site(`usercenter/pay/${order.id}`)}>{t('paySuccess.payAgain')}</Link>}
        </div>
      </Card>
    </div>
  );
}
