import { Card } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { displayActualAmount } from '../../../../domain/orders';
import { ListCard } from '../../components/ListCard';
import { ListTable } from '../../components/ListTable';
import { SearchToolbar } from '../../components/SearchToolbar';
import { formatDate, formatDateTime } from '../../lib/format';
import { useDetail } from '../../lib/useDetail';
import { useLang } from '../../lib/useLang';
import { useKeysetPages } from '../invitations/useKeysetPages';
import { bytesText, capacityText } from '../capacity/CapacityBits';
import { BillStateSelect, orderName, OrderStateTag } from '../orderPayment/OrderBits';
import { OrderDetailPage } from '../orderPayment/OrderDetailPage';
import { PersonText } from './AntiAdminBits';
import type { AntiOrder, AntiOrderDetail, Page } from './types';
import './antiAdmin.css';

const BASE = '/admin/antifakeOrder';
const API = '/api/admin/antiOrders';

/** /admin/antifakeOrder: the capacity package orders, newest first: bill state, search by order number or buyer, keyset pages. */
export function AntiOrdersPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const [bill, setBill] = useState('');
  const [q, setQ] = useState('');
  const { first, items, next, loadMore, failed } = useKeysetPages<Page<AntiOrder>, AntiOrder>(API, { bill: bill || undefined, q: q || undefined }, (r) => r.items);
  return (
    <div className="ipci-stack" data-testid="anti-orders">
      <h2 className="ipci-page-title">{t('antiAdmin.orders.title')}</h2>
      <p className="ipci-muted">{t('antiAdmin.orders.lead')}</p>
      <SearchToolbar label={t('antiAdmin.orders.search')} testId="anti-orders-search" onSearch={setQ}>
        <BillStateSelect id="anti-orders-bill" value={bill} onChange={setBill} />
      </SearchToolbar>
      <ListCard items={first ? items : null} failed={failed} empty={{ icon: 'shopping-cart', title: t('antiAdmin.orders.empty') }} next={next} load={() => loadMore()}>
        {(list) => (
          <ListTable
            rows={list}
            rowTestId="anti-order-row"
            columns={[
              { head: t('orders.orderNo'), className: 'ipci-nowrap', cell: (o) => <Link to={`${BASE}/${o.id}`}>{o.orderNo}</Link> },
              {
                head: t('antiAdmin.orders.package'),
                className: 'ipci-name-cell',
                cell: (o) => (
                  <>
                    {orderName(o, lang)}
                    {o.antiPackage && <div className="ipci-muted">{capacityText(o.antiPackage)}</div>}
                  </>
                ),
              },
              { head: t('antiAdmin.orders.buyer'), className: 'ipci-name-cell', cell: (o) => <PersonText person={o.buyer} /> },
              { head: t('orders.actualAmount'), className: 'ipci-nowrap', numeric: true, cell: displayActualAmount },
              { head: t('orders.state'), cell: (o) => <OrderStateTag state={o.orderState} /> },
              { head: t('orders.createdAt'), className: 'ipci-nowrap', cell: (o) => formatDateTime(o.createdAt, lang) },
            ]}
          />
        )}
      </ListCard>
    </div>
  );
}

/** The buyer and the capacity the order opened, beside the order's own fields. */
function BuyerAndGrant({ id }: { id: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { detail } = useDetail<AntiOrderDetail>(`${API}/${encodeURIComponent(id)}`);
  if (!detail) return null;
  const { order, grant } = detail;
  return (
    <Card data-testid="anti-order-grant">
      <dl className="ipci-dl">
        <dt>{t('antiAdmin.orders.buyer')}</dt>
        <dd data-testid="anti-order-buyer">
          <PersonText person={order.buyer} />
        </dd>
        <dt>{t('antiAdmin.orders.grant')}</dt>
        <dd data-testid="anti-order-capacity">{grant ? bytesText(grant.bytes) : <span className="ipci-muted">{t('antiAdmin.orders.grantNone')}</span>}</dd>
        {grant && (
          <>
            <dt>{t('antiAdmin.orders.grantStarts')}</dt>
            <dd>{formatDateTime(grant.startsAt, lang)}</dd>
            <dt>{t('antiAdmin.orders.grantExpires')}</dt>
            <dd data-testid="anti-order-expires">{formatDate(grant.expiresAt, lang)}</dd>
          </>
        )}
      </dl>
    </Card>
  );
}

/** /admin/antifakeOrder/:id: the order as finance sees it (fields, payment, timeline), with its buyer and the capacity it opened. */
export function AntiOrderDetailPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  return <OrderDetailPage staff={{ back: BASE, backText: t('antiAdmin.orders.back'), aside: <BuyerAndGrant id={id} /> }} />;
}
