import { Button } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { formatIpciCode } from '../../../../domain/ipci';
import { ipNameIn } from '../../../../domain/ipNames';
import { ORDER_STATE } from '../../../../domain/orders';
import { api } from '../../api/client';
import { GoButton } from '../../components/GoButton';
import { ListCard } from '../../components/ListCard';
import { ListTable } from '../../components/ListTable';
import { formatDateTime } from '../../lib/format';
import { useDetail } from '../../lib/useDetail';
import { useLang, useSitePath } from '../../lib/useLang';
import { useKeysetPages } from '../invitations/useKeysetPages';
import { renewable, RenewDialog, SubscriptionStateTag, validityText } from './MonitoringBits';
import type { OrderAnswer, PlanOffer, SubscriptionJson, SubscriptionPage } from './types';
import './monitoring.css';

/**
 * usercenter/monitoring — the "IP infringement list" (spec part 2 §4): each subscription with its IP
 * (in the reader's language), plan, state (a paused one says why), validity in China dates, last and
 * next crawl, new and total suspects, and renewal once it is about to end or has ended.
 */
export function SubscriptionListPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const site = useSitePath();
  const navigate = useNavigate();
  const { first, items, next, loadMore, failed } = useKeysetPages<SubscriptionPage, SubscriptionJson>('/api/monitoring/subscriptions', {}, (r) => r.items);
  const { detail: plans } = useDetail<{ plans: PlanOffer[] }>('/api/monitoring/plans');
  const [renewing, setRenewing] = useState<SubscriptionJson | null>(null);
  const at = (v: string | null) => (v ? formatDateTime(v, lang, { zone: true }) : '—');

  return (
    <div className="ipci-stack" data-testid="subscription-list-page">
      <div className="ipci-toolbar">
        <h2 className="ipci-page-title" style={{ margin: 0 }}>
          {t('monitoring.list.title')}
        </h2>
        <span className="ipci-spacer" />
        <Link to={site('usercenter/suspecttort')} data-testid="subscription-all-suspects">
          {t('monitoring.list.allSuspects')}
        </Link>
        <GoButton intent="primary" icon="add" text={t('monitoring.list.order')} to={site('protect/monitoring')} data-testid="subscription-order" />
      </div>
      <ListCard items={first ? items : null} failed={failed} empty={{ icon: 'search-around', title: t('monitoring.list.empty') }} next={next} load={() => loadMore()}>
        {(list) => (
          <ListTable
            rows={list}
            rowTestId="subscription-row"
            columns={[
              {
                head: t('monitoring.fields.ip'),
                className: 'ipci-monitoring-name',
                cell: (s) => (
                  <>
                    <Link to={site(`usercenter/monitoring/${s.id}`)} data-testid="subscription-link">
                      {ipNameIn(s.ipNames, lang) || s.ipName}
                    </Link>
                    <div className="ipci-muted">
                      {formatIpciCode(s.ipciCode)}
                      {s.label ? ` · ${s.label}` : ''}
                    </div>
                  </>
                ),
              },
              { head: t('monitoring.fields.plan'), className: 'ipci-nowrap', cell: (s) => t(`monitoring.plans.${s.plan}`) },
              { head: t('monitoring.fields.state'), cell: (s) => <SubscriptionStateTag value={s} /> },
              { head: t('monitoring.fields.validity'), className: 'ipci-nowrap', testId: 'subscription-validity', cell: validityText },
              {
                head: t('monitoring.fields.crawl'),
                cell: (s) => (
                  <span className="ipci-monitoring-crawl">
                    <span>
                      {t('monitoring.fields.lastCrawl')} {at(s.lastCrawlAt)}
                    </span>
                    <span>
                      {t('monitoring.fields.nextCrawl')} {s.state === 'active' ? at(s.nextCrawlAt) : '—'}
                    </span>
                  </span>
                ),
              },
              {
                head: t('monitoring.fields.suspects'),
                numeric: true,
                testId: 'subscription-suspects',
                cell: (s) => (
                  <Link to={site(`usercenter/suspecttort?subscriptionId=${s.id}`)} data-testid="subscription-suspects-link">
                    {t('monitoring.list.counts', { new: s.suspects.new, total: s.suspects.total })}
                  </Link>
                ),
              },
              {
                head: t('monitoring.fields.actions'),
                cell: (s) => (
                  <span className="ipci-monitoring-actions">
                    {s.state === 'ordered' && s.orderId && s.orderState === ORDER_STATE.unpaid && <GoButton small intent="primary" icon="credit-card" text={t('monitoring.list.pay')} to={site(`usercenter/pay/${s.orderId}`)} data-testid="subscription-pay" />}
                    {renewable(s) && plans && <Button small intent="warning" icon="refresh" text={t('monitoring.list.renew')} onClick={() => setRenewing(s)} data-testid="subscription-renew" />}
                    <GoButton small variant="minimal" icon="edit" text={t('monitoring.list.edit')} to={site(`usercenter/monitoring/${s.id}`)} />
                  </span>
                ),
              },
            ]}
          />
        )}
      </ListCard>
      {plans && (
        <RenewDialog
          key={renewing?.id ?? 'none'}
          plans={plans.plans}
          open={renewing !== null}
          onClose={() => setRenewing(null)}
          onRenew={async (plan) => {
            const r = await api.post<OrderAnswer>(`/api/monitoring/subscriptions/${encodeURIComponent(renewing!.id)}/renew`, { plan, noRefundAccepted: true });
            navigate(site(`usercenter/pay/${r.orderId}`));
          }}
        />
      )}
    </div>
  );
}
