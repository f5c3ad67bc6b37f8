import { HTMLSelect, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CAPACITY_RECORD_TYPE } from '../../../../domain/capacity';
import { ListCard } from '../../components/ListCard';
import { ListTable } from '../../components/ListTable';
import { formatDate, formatDateTime } from '../../lib/format';
import { useLang, useSitePath } from '../../lib/useLang';
import { useKeysetPages } from '../invitations/useKeysetPages';
import './capacity.css';
import { bytesText, packageName } from './CapacityBits';
import type { CapacityRecord, CapacityRecordPage } from './types';

/**
 * usercenter/capacitydetail: every recharge (a package paid, type 1) and consumption (a gallery file
 * or watermarked copy, type 2), newest first, all or one type; on a phone each record is a card.
 */
export function CapacityDetailPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const site = useSitePath();
  const [type, setType] = useState('');
  const { first, items, next, loadMore, failed } = useKeysetPages<CapacityRecordPage, CapacityRecord>('/api/capacity/records', { type: type || undefined }, (r) => r.items);
  const recharge = (r: CapacityRecord) => r.type === CAPACITY_RECORD_TYPE.recharge;

  return (
    <div className="ipci-stack" data-testid="capacity-detail">
      <div className="ipci-toolbar">
        <h2 className="ipci-page-title">{t('capacity.detail.title')}</h2>
        <span className="ipci-spacer" />
        <Link to={site('usercenter/capacity')}>← {t('capacity.detail.back')}</Link>
      </div>
      <div className="ipci-toolbar">
        <HTMLSelect
          aria-label={t('capacity.detail.type')}
          value={type}
          onChange={(e) => setType(e.currentTarget.value)}
          options={[
            { value: '', label: t('capacity.detail.all') },
            ...Object.values(CAPACITY_RECORD_TYPE).map((v) => ({ value: String(v), label: t(`capacity.detail.types.${v}`) })),
          ]}
          data-testid="capacity-type"
        />
      </div>
      <ListCard items={first ? items : null} failed={failed} empty={{ icon: 'database', title: t('capacity.detail.empty') }} next={next} load={() => loadMore()}>
        {(list) => (
          <ListTable
            rows={list}
            rowTestId="capacity-record"
            columns={[
              { head: t('capacity.detail.time'), className: 'ipci-nowrap', cell: (r) => formatDateTime(r.at, lang) },
              {
                head: t('capacity.detail.type'),
                cell: (r) => (
                  <Tag minimal intent={recharge(r) ? 'success' : 'none'} data-testid="capacity-record-type">
                    {t(`capacity.detail.types.${r.type}`)}
                  </Tag>
                ),
              },
              { head: t('capacity.detail.change'), className: 'ipci-nowrap ipci-mono', cell: (r) => `${recharge(r) ? '+' : '−'}${bytesText(r.bytes)}` },
              {
                head: t('capacity.detail.item'),
                className: 'ipci-capacity-item',
                cell: (r) =>
                  recharge(r) ? (
                    r.orderId ? <Link to={site(`usercenter/orderdetail/${r.orderId}`)}>{packageName(r.names!, lang)}</Link> : packageName(r.names!, lang)
                  ) : (
                    <>
                      {r.fileName} <span className="ipci-muted">({t(`capacity.detail.kinds.${r.kind}`, { defaultValue: r.kind ?? '' })})</span>
                    </>
                  ),
              },
              { head: t('capacity.detail.expiresAt'), className: 'ipci-nowrap', cell: (r) => (r.expiresAt ? formatDate(r.expiresAt, lang) : '—') },
            ]}
          />
        )}
      </ListCard>
    </div>
  );
}
