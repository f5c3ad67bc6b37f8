import { Callout, Card, NonIdealState, Spinner } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ORDER_STATE, type OrderState } from '../../../../domain/orders';
import { useCaseWatch } from '../../lib/useCaseWatch';
import { useLang, useSitePath } from '../../lib/useLang';
import { orderName, OrderStateTag, SandboxNotice } from './OrderBits';
import type { OrderView } from './types';
import { useOrder } from './useOrder';

export interface OrderReturnPageProps {
  /** When the order has given what it was bought for: paid for most orders, completed (granted) for a capacity package. */
  done: (state: OrderState) => boolean;
  title: string;
  /** What the result says when done, when cancelled, and while neither (by the state the order is in). */
  text: { done: string; cancelled: string; waiting: (state: OrderState) => string };
  /** Links after "to the order" that depend on the order (the bills, the capacity once done). */
  links?: (order: OrderView, done: boolean) => ReactNode;
  className: string;
  testId?: string;
  resultTestId: string;
}

/**
 * ?orderId= — where a buyer comes back from the gateway. The browser may come back before the
 * gateway's asynchronous notification has reached the server (and, for a capacity package, before
 * the purchase's workflow has granted it), so the page watches the order's case (pushed timeline
 * events, fast polling as a fallback) until it is done or cancelled.
 */
export function OrderReturnPage({ done, title, text, links, className, testId, resultTestId }: OrderReturnPageProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const site = useSitePath();
  const [params] = useSearchParams();
  const orderId = params.get('orderId') ?? '';
  const { detail, missing, failed, reload } = useOrder(orderId);
  const state = detail?.order.orderState;
  const settled = state !== undefined && (done(state) || state === ORDER_STATE.cancelled);

  useCaseWatch('orderPayment', orderId, Boolean(detail) && !settled, reload);

  if (missing || !orderId) return <NonIdealState icon="search" title={t('orders.notFound')} />;
  if (failed) return <NonIdealState icon="error" title={t('failure.load')} />;
  if (!detail) return <Spinner />;
  const { order, payment } = detail;
  const isDone = done(order.orderState);
  // Until the notification has paid it, the order names no provider: with only one, it is that one.
  const provider = order.provider ?? (payment.providers.length === 1 ? payment.providers[0] : null);

  return (
    <div className={className} data-testid={testId}>
      <h2 className="ipci-page-title">{title}</h2>
      <SandboxNotice provider={provider} />
      <Card className="ipci-stack">
        <p>
          {order.orderNo} · {orderName(order, lang)} <OrderStateTag state={order.orderState} />
        </p>
        {isDone ? (
          <Callout intent="success" icon="tick-circle" data-testid={resultTestId}>
            {text.done}
          </Callout>
        ) : order.orderState === ORDER_STATE.cancelled ? (
          <Callout intent="danger" icon="disable" data-testid={resultTestId}>
            {text.cancelled}
          </Callout>
        ) : (
          <Callout intent="primary" icon={<Spinner size={16} />} data-testid={resultTestId}>
            {text.waiting(order.orderState)}
          </Callout>
        )}
        <div className="ipci-form-actions">
          <Link to={site(`usercenter/orderdetail/${order.id}`)}>{t('paySuccess.toOrder')}</Link>
          {links?.(order, isDone)}
          {order.orderState === ORDER_STATE.unpaid && <Link to={site(`usercenter/pay/${order.id}`)}>{t('paySuccess.payAgain')}</Link>}
        </div>
      </Card>
    </div>
  );
}
