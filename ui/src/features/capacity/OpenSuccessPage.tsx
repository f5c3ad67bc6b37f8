import { Callout, Card, NonIdealState, Spinner } from '@blueprintjs/core';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ORDER_STATE } from '../../../../domain/orders';
import { GoButton } from '../../components/GoButton';
import { useCaseWatch } from '../../lib/useCaseWatch';
import { useLang, useSitePath } from '../../lib/useLang';
import { orderName, OrderStateTag, SandboxNotice } from '../orderPayment/OrderBits';
import { useOrder } from '../orderPayment/useOrder';

/**
 * protect/opensuccess?orderId= — where a capacity package's buyer comes back from the gateway. The
 * capacity is there once the order is completed (paid, then granted by the purchase's workflow), so
 * the page watches the order's case until it is completed or cancelled.
 */
export function OpenSuccessPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const site = useSitePath();
  const [params] = useSearchParams();
  const orderId = params.get('orderId') ?? '';
  const { detail, missing, failed, reload } = useOrder(orderId);
  const state = detail?.order.orderState;
  const settled = state === ORDER_STATE.completed || state === ORDER_STATE.cancelled;

  useCaseWatch('orderPayment', orderId, Boolean(detail) && !settled, reload);

  if (missing || !orderId) return <NonIdealState icon="search" title={t('orders.notFound')} />;
  if (failed) return <NonIdealState icon="error" title={t('failure.load')} />;
  if (!detail) return <Spinner />;
  const { order, payment } = detail;
  const provider = order.provider ?? (payment.providers.length === 1 ? payment.providers[0] : null);

  let result: React.ReactNode;
  if (state === ORDER_STATE.completed)
    result = (
      <Callout intent="success" icon="tick-circle" data-testid="open-result">
        {t('capacity.open.completed')}
      </Callout>
    );
  else if (state === ORDER_STATE.cancelled)
    result = (
      <Callout intent="danger" icon="disable" data-testid="open-result">
        {t('capacity.open.cancelled')}
      </Callout>
    );
  else
    result = (
      <Callout intent="primary" icon={<Spinner size={16} />} data-testid="open-result">
        {t(state === ORDER_STATE.paid ? 'capacity.open.opening' : 'capacity.open.waiting')}
      </Callout>
    );

  return (
    <div className="ipci-container ipci-page ipci-stack" data-testid="open-success">
      <h2 className="ipci-page-title">{t('capacity.open.title')}</h2>
      <SandboxNotice provider={provider} />
      <Card className="ipci-stack">
        <p>
          {order.orderNo} · {orderName(order, lang)} <OrderStateTag state={order.orderState} />
        </p>
        {result}
        <div className="ipci-form-actions">
          <Link to={site(`usercenter/orderdetail/${order.id}`)}>{t('paySuccess.toOrder')}</Link>
          {state === ORDER_STATE.unpaid && <Link to={site(`usercenter/pay/${order.id}`)}>{t('paySuccess.payAgain')}</Link>}
          {state === ORDER_STATE.completed && <GoButton intent="primary" icon="database" text={t('capacity.open.toCapacity')} to={site('usercenter/capacity')} data-testid="open-to-capacity" />}
        </div>
      </Card>
    </div>
  );
}
