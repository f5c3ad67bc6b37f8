import { HTMLSelect } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ipNameIn } from '../../../../domain/ipNames';
import { SUBSCRIPTION_STATES } from '../../../../domain/monitoring';
import { formatIpciCode } from '../../../../domain/ipci';
import { ListCard } from '../../components/ListCard';
import { ListTable } from '../../components/ListTable';
import { SearchToolbar } from '../../components/SearchToolbar';
import { chinaDate } from '../../../../domain/dates';
import { formatDateTime } from '../../lib/format';
import { useLang } from '../../lib/useLang';
import { useKeysetPages } from '../invitations/useKeysetPages';
import { AdminOrderList } from '../orderPayment/AdminOrdersPage';
import { SubscriptionStateTag } from '../monitoring/MonitoringBits';
import type { AdminSubscription, Page } from './types';
import './monitoringAdmin.css';

/** /admin/monitoringSubscription — every user's monitoring subscriptions, newest first: state filter, search by IPCI code or user name. */
export function MonitoringSubscriptionsPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const [state, setState] = useState('');
  const [q, setQ] = useState('');
  const { first, items, next, loadMore, failed } = useKeysetPages<Page<AdminSubscription>, AdminSubscription>('/api/admin/monitoring/subscriptions', { state: state || undefined, q: q || undefined }, (r) => r.items);
  return (
    <div className="ipci-stack" data-testid="admin-subscriptions">
      <h2 className="ipci-page-title">{t('monitoringAdmin.subscriptions.title')}</h2>
      <p className="ipci-muted">{t('monitoringAdmin.subscriptions.lead')}</p>
      <SearchToolbar label={t('monitoringAdmin.subscriptions.search')} testId="admin-subscriptions-search" onSearch={setQ}>
        <HTMLSelect
          aria-label={t('monitoringAdmin.state')}
          value={state}
          onChange={(e) => setState(e.currentTarget.value)}
          data-testid="admin-subscriptions-state"
          options={[{ value: '', label: t('monitoringAdmin.allStates') }, ...SUBSCRIPTION_STATES.map((s) => ({ value: s, label: t(`monitoring.states.${s}`) }))]}
        />
      </SearchToolbar>
      <ListCard items={first ? items : null} failed={failed} empty={{ icon: 'search-around', title: t('monitoringAdmin.subscriptions.empty') }} next={next} load={() => loadMore()}>
        {(list) => (
          <ListTable
            rows={list}
            rowTestId="admin-subscription-row"
            columns={[
              {
                head: t('monitoringAdmin.subscriptions.ip'),
                className: 'ipci-name-cell',
                cell: (s) => (
                  <>
                    {ipNameIn(s.ipNames, lang)}
                    <div className="ipci-muted ipci-nowrap">{formatIpciCode(s.ipciCode)}</div>
                  </>
                ),
              },
              { head: t('monitoringAdmin.subscriptions.user'), className: 'ipci-name-cell', cell: (s) => `${s.user.displayName} (${s.user.username})` },
              { head: t('monitoringAdmin.subscriptions.plan'), className: 'ipci-nowrap', cell: (s) => t(`monitoring.plans.${s.plan}`) },
              { head: t('monitoringAdmin.state'), cell: (s) => <SubscriptionStateTag value={s} /> },
              // China dates, as the user's own list shows the validity.
              { head: t('monitoringAdmin.subscriptions.validity'), cell: (s) => (s.startsAt && s.expiresAt ? `${chinaDate(s.startsAt)} – ${chinaDate(s.expiresAt)}` : '—') },
              { head: t('monitoringAdmin.subscriptions.lastCrawl'), cell: (s) => (s.lastCrawlAt ? formatDateTime(s.lastCrawlAt, lang) : '—') },
              { head: t('monitoringAdmin.subscriptions.suspects'), numeric: true, cell: (s) => s.suspects },
              { head: t('monitoringAdmin.subscriptions.order'), className: 'ipci-nowrap', cell: (s) => s.orderNo ?? '—' },
            ]}
          />
        )}
      </ListCard>
    </div>
  );
}

/** /admin/monitoringOrder — the order list of every order page, kept to orders of type monitoring. */
export function MonitoringOrdersPage() {
  const { t } = useTranslation();
  return (
    <div className="ipci-stack" data-testid="admin-monitoring-orders">
      <h2 className="ipci-page-title">{t('monitoringAdmin.orders.title')}</h2>
      <p className="ipci-muted">{t('monitoringAdmin.orders.lead')}</p>
      <AdminOrderList type="monitoring" />
    </div>
  );
}
