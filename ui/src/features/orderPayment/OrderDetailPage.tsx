import { useState } from 'react';
import { AnchorButton, Button, Callout, Card, HTMLTable, NonIdealState, Spinner } from '@blueprintjs/core';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { displayActualAmount, ORDER_STATE } from '../../../../domain/orders';
import { api, ApiError } from '../../api/client';
import { Timeline } from '../../components/Timeline';
import { showToast } from '../../session/toaster';
import { formatDateTime, formatDeadline } from '../../lib/format';
import { useLang, useSitePath } from '../../lib/useLang';
import { counterpartOf, orderName, OrderStateTag, SandboxNotice, yuan } from './OrderBits';
import { RemittanceDetails } from './RemittanceDetails';
import { useOrder } from './useOrder';
import type { OrderView } from './types';
import { ConfirmAlert } from '../../components/ConfirmAlert';

export interface OrderDetailPageProps {
  /** The back office's view (e.g. /admin/ipAuthOrder/:id): its own way back, a link to what the order pays for, no pay or cancel. */
  staff?: {
    back: string;
    backText: string;
    subject?: (order: OrderView) => { to: string; text: string };
    /** What that back office adds after the order's fields (e.g. antifakeOrder: the buyer and the capacity opened). */
    aside?: React.ReactNode;
  };
}

/** usercenter/orderdetail/:id: every order field of spec part 2 §3, the remittance and its reasons, and the timeline. */
export function OrderDetailPage({ staff }: OrderDetailPageProps = {}) {
  const { t } = useTranslation();
  const lang = useLang();
  const site = useSitePath();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const { detail, setDetail, missing, failed } = useOrder(id);
  const [confirming, setConfirming] = useState(false);

  if (missing) return <NonIdealState icon="search" title={t('orders.notFound')} />;
  if (failed) return <NonIdealState icon="error" title={t('failure.load')} />;
  if (!detail) return <Spinner />;
  const { order, uploads, workflowUrl } = detail;
  const label = (group: string, v: string | number | null) => (v === null ? '—' : t(`orderLabels.${group}.${v}`, { ns: 'messages' }));

  async function cancel() {
    setConfirming(false);
    try {
      const r = await api.post<{ order: OrderView }>(`/api/orders/${order.id}/cancel`);
      setDetail({ ...detail!, order: r.order });
      showToast({ intent: 'success', message: t('orders.cancelled') });
    } catch (e) {
      showToast({ intent: 'danger', message: e instanceof ApiError ? e.message : String(e) });
    }
  }

  const rows: Array<[string, React.ReactNode]> = [
    ['orders.orderNo', order.orderNo],
    ['orders.name', orderName(order, lang)],
    ['orders.type', label('type', order.type)],
    ...(order.antiPackage ? ([['orders.antiPackage', `${order.antiPackage.capacity} ${order.antiPackage.capacityUnit} · ${t('capacity.shop.validity', { months: order.antiPackage.validityMonths })}`]] as Array<[string, React.ReactNode]>) : []),
    ['orders.counterpart', counterpartOf(order, t)],
    ['orders.direction', label('direction', order.direction)],
    ['orders.amount', yuan(order.amount)],
    ['orders.preferential', yuan(order.preferentialAmount)],
    ['orders.actualAmount', displayActualAmount(order)],
    ['orders.state', <OrderStateTag key="s" state={order.orderState} />],
    ['orders.payMethod', label('payMethod', order.payMethod)],
    ['orders.tradeNo', order.tradeNo ?? '—'],
    ['orders.createdAt', formatDateTime(order.createdAt, lang)],
    ...(order.orderState === ORDER_STATE.unpaid ? ([['orders.deadline', formatDeadline(order.deadlineAt, lang)]] as Array<[string, React.ReactNode]>) : []),
    ['orders.paidAt', formatDateTime(order.paidAt, lang)],
  ];

  return (
    <div className="ipci-stack">
      <div>
        <Button variant="minimal" icon="arrow-left" text={staff ? staff.backText : t('orders.back')} onClick={() => navigate(staff ? staff.back : site('usercenter/orderrecord'))} />
      </div>
      <h2 className="ipci-page-title">{t('orders.detailTitle', { orderNo: order.orderNo })}</h2>
      <SandboxNotice provider={order.provider} />
      {order.remittanceFlags && order.orderState === ORDER_STATE.unpaid && (
        <Callout intent="danger" icon="error" title={t('orders.remittanceRejected')} data-testid="remittance-flags">
          {t('orders.remittanceRejectedHint')}
        </Callout>
      )}
      {order.orderState === ORDER_STATE.awaitingConfirmation && (
        <Callout intent="primary" icon="time">
          {t('orders.underReview')}
        </Callout>
      )}
      <Card>
        <HTMLTable compact className="ipci-table" data-testid="order-fields">
          <tbody>
            {rows.map(([k, v]) => (
              <tr key={k}>
                <th style={{ width: 180 }}>{t(k)}</th>
                <td>{v}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
        {staff?.subject && (
          <Link to={staff.subject(order).to} className="bp6-button bp6-minimal" data-testid="order-subject">
            {staff.subject(order).text}
          </Link>
        )}
        {!staff && order.orderState === ORDER_STATE.unpaid && (
          <div className="ipci-form-actions">
            <Link to={site(`usercenter/pay/${order.id}`)} className="bp6-button bp6-intent-primary">
              {t('orders.pay')}
            </Link>
            <Button intent="danger" variant="outlined" text={t('orders.cancel')} onClick={() => setConfirming(true)} />
          </div>
        )}
        {workflowUrl && <AnchorButton variant="minimal" icon="flow-linear" href={workflowUrl} target="_blank" text="Temporal" />}
      </Card>
      {staff?.aside}
      {order.remittance && (
        <Card>
          <h3 className="ipci-page-title">{t('orders.remittance')}</h3>
          <RemittanceDetails remittance={order.remittance} uploads={uploads} flags={order.remittanceFlags} />
        </Card>
      )}
      <Card>
        <h3 className="ipci-page-title">{t('orders.timeline')}</h3>
        <Timeline kind="orderPayment" id={order.id} />
      </Card>
      <ConfirmAlert
        open={confirming}
        intent="danger"
        icon="warning-sign"
        confirmText={t('orders.cancel')}
        cancelText={t('orders.keep')}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void cancel()}
      >
        <p>{t('orders.cancelConfirm')}</p>
      </ConfirmAlert>
    </div>
  );
}
