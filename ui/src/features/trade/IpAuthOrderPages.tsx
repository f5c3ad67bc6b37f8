import { useTranslation } from 'react-i18next';
import { AdminOrderList } from '../orderPayment/AdminOrdersPage';
import { OrderDetailPage } from '../orderPayment/OrderDetailPage';

const BASE = '/admin/ipAuthOrder';

/** /admin/ipAuthOrder: the service-fee orders of self-service trades (order type selfServiceTrade). */
export function IpAuthOrdersPage() {
  const { t } = useTranslation();
  return (
    <div className="ipci-stack" data-testid="ip-auth-orders">
      <h2 className="ipci-page-title">{t('trade.admin.ipAuthOrder')}</h2>
      <p className="ipci-muted">{t('trade.admin.ipAuthOrderLead')}</p>
      <AdminOrderList type="selfServiceTrade" detailBase={BASE} />
    </div>
  );
}

/** /admin/ipAuthOrder/:id: the order as finance sees it, with the way to the trade it pays for. */
export function IpAuthOrderDetailPage() {
  const { t } = useTranslation();
  return (
    <OrderDetailPage
      staff={{
        back: BASE,
        backText: t('trade.admin.backToOrders'),
        subject: (order) => ({ to: `/admin/selfWork/${order.subjectId}`, text: t('trade.admin.toTrade') }),
      }}
    />
  );
}
