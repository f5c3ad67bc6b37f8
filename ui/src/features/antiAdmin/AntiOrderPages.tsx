import { Card, HTMLTable } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { displayActualAmount } from '../../../../domain/orders';
import { ListCard } from '../../components/ListCard';
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
          <HTMLTable className="ipci-table ipci-anti-table" striped style={{ width: '100%' }}>
            <thead>
              <tr>
                <th>{t('orders.orderNo')}</th>
                <th>{t('antiAdmin.orders.package')}</th>
                <th>{t('antiAdmin.orders.buyer')}</th>
                <th style={{ textAlign: 'right' }}>{t('orders.actualAmount')}</th>
                <th>{t('orders.state')}</th>
                <th>{t('orders.createdAt')}</th>
              </tr>
            </thead>
            <tbody>
              {list.map((o) => (
                <tr key={o.id} data-testid="anti-order-row">
                  <td className="ipci-nowrap" data-label={t('orders.orderNo')}>
                    <Link to={`${BASE}/${o.id}`}>{o.orderNo}</Link>
                  </td>
                  <td className="ipci-name-cell" data-label={t('antiAdmin.orders.package')}>
                    {orderName(o, lang)}
                    {o.antiPackage && <div className="ipci-muted">{capacityText(o.antiPackage)}</div>}
                  </td>
                  <td className="ipci-name-cell" data-label={t('antiAdmin.orders.buyer')}>
                    <PersonText person={o.buyer} />
                  </td>
                  <td className="ipci-nowrap" style={{ textAlign: 'right' }} data-label={t('orders.actualAmount')}>
                    {displayActualAmount(o)}
                  </td>
                  <td data-label={t('orders.state')}>
                    <OrderStateTag state={o.orderState} />
                  </td>
                  <td className="ipci-nowrap" data-label={t('orders.createdAt')}>
                    {formatDateTime(o.createdAt, lang)}
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
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
