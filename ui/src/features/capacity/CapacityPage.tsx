import { Callout, Card, NonIdealState, ProgressBar, Spinner } from '@blueprintjs/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { GoButton } from '../../components/GoButton';
import { ListTable } from '../../components/ListTable';
import { formatDate } from '../../lib/format';
import { useDetail } from '../../lib/useDetail';
import { useLang, useSitePath } from '../../lib/useLang';
import { bytesText, capacityText, packageName } from './CapacityBits';
import type { CapacityView } from './types';
import './capacity.css';

/** Past 90 % the bar turns red, past 70 % amber: uploads beyond the remainder are refused. */
const barIntent = (share: number) => (share >= 0.9 ? 'danger' : share >= 0.7 ? 'warning' : 'primary');

/**
 * usercenter/capacity: what the user's gallery uses of the capacity their packages in force give,
 * as a bar and in numbers, each package with its expiry (a China date), and where to buy more or
 * read every recharge and consumption.
 */
export function CapacityPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const site = useSitePath();
  const { detail, failure } = useDetail<CapacityView>('/api/capacity');
  if (failure) return <NonIdealState icon="error" title={t('failure.load')} />;
  if (!detail) return <Spinner />;
  const { totalBytes, usedBytes, remainingBytes, grants } = detail;
  const share = totalBytes > 0 ? Math.min(1, usedBytes / totalBytes) : usedBytes > 0 ? 1 : 0;

  return (
    <div className="ipci-stack" data-testid="capacity-page">
      <div className="ipci-toolbar">
        <h2 className="ipci-page-title">{t('capacity.mine.title')}</h2>
        <span className="ipci-spacer" />
        <Link to={site('usercenter/capacitydetail')} data-testid="capacity-records-link">
          {t('capacity.mine.records')}
        </Link>
        <GoButton intent="primary" icon="shopping-cart" text={t('capacity.mine.buyMore')} to={site('protect/capacitypay')} data-testid="capacity-buy-more" />
      </div>
      <Card>
        <ProgressBar value={share} intent={barIntent(share)} stripes={false} animate={false} aria-label={t('capacity.mine.usedOf', { used: bytesText(usedBytes), total: bytesText(totalBytes) })} data-testid="capacity-bar" />
        <div className="ipci-capacity-numbers" data-testid="capacity-numbers">
          <span>
            {t('capacity.mine.used')} <strong data-testid="capacity-used">{bytesText(usedBytes)}</strong>
          </span>
          <span>
            {t('capacity.mine.total')} <strong data-testid="capacity-total">{bytesText(totalBytes)}</strong>
          </span>
          <span>
            {t('capacity.mine.remaining')} <strong data-testid="capacity-remaining">{bytesText(remainingBytes)}</strong>
          </span>
        </div>
      </Card>
      {usedBytes > totalBytes && (
        <Callout intent="warning" icon="warning-sign" data-testid="capacity-over">
          {t('capacity.mine.over')}
        </Callout>
      )}
      <Card style={{ padding: 0 }}>
        <h3 className="bp6-heading" style={{ padding: '16px 16px 0' }}>
          {t('capacity.mine.packages')}
        </h3>
        {grants.length === 0 ? (
          <div className="ipci-card-empty">
            <NonIdealState icon="database" title={t('capacity.mine.none')} />
          </div>
        ) : (
          <div className="ipci-list-scroll">
            <ListTable
              rows={grants}
              rowTestId="capacity-grant"
              columns={[
                { head: t('capacity.mine.name'), cell: (g) => <Link to={site(`usercenter/orderdetail/${g.orderId}`)}>{packageName(g.names, lang)}</Link> },
                { head: t('capacity.mine.capacity'), className: 'ipci-nowrap', cell: capacityText },
                { head: t('capacity.mine.startsAt'), className: 'ipci-nowrap', cell: (g) => formatDate(g.startsAt, lang) },
                { head: t('capacity.mine.expiresAt'), className: 'ipci-nowrap', testId: 'capacity-expires', cell: (g) => formatDate(g.expiresAt, lang) },
              ]}
            />
          </div>
        )}
      </Card>
    </div>
  );
}
