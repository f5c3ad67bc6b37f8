import { useState } from 'react';
import { Button, HTMLTable, InputGroup } from '@blueprintjs/core';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatYuan } from '../../../../domain/money';
import { TRADE_STATES, type TradeMode } from '../../../../domain/trade';
import { ListCard } from '../../components/ListCard';
import { formatDateTime } from '../../lib/format';
import { useLang } from '../../lib/useLang';
import { useKeysetPages } from '../invitations/useKeysetPages';
import { TradeStateSelect, TradeStateTag, tradeIpName } from './tradeBits';
import type { TradeJson, TradePage } from './types';
import './trade.css';

/**
 * /admin/selfWork: the self-service trades (GET /api/admin/trades?mode=selfService), by state and by
 * a search of IP name, IPCI code or party, in keyset pages; each opens its back-office detail.
 */
export function AdminTradesPage({ mode = 'selfService', base = '/admin/selfWork' }: { mode?: TradeMode; base?: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [params, setParams] = useSearchParams();
  const rawState = params.get('state') ?? '';
  const state = (TRADE_STATES as readonly string[]).includes(rawState) ? rawState : '';
  const q = params.get('q') ?? '';
  const [typed, setTyped] = useState(q);
  const { items, next, loadMore, failed, first } = useKeysetPages<TradePage, TradeJson>('/api/admin/trades', { mode, state: state || undefined, q: q || undefined }, (r) => r.items);
  const go = (p: Record<string, string>) => setParams(Object.fromEntries(Object.entries({ state, q, ...p }).filter(([, v]) => v)), { replace: true });
  const search = () => go({ q: typed.trim() });

  return (
    <div className="ipci-stack" data-testid="admin-trades">
      <h2 className="ipci-page-title">{t(`trade.admin.title.${mode}`)}</h2>
      <div className="ipci-trade-filters">
        <TradeStateSelect value={state} onChange={(s) => go({ state: s })} />
        <InputGroup
          type="search"
          leftIcon="search"
          aria-label={t('trade.admin.search')}
          placeholder={t('trade.admin.search')}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          onKeyDown={(e) => e.key === 'Enter' && search()}
          rightElement={<Button variant="minimal" icon="arrow-right" aria-label={t('trade.admin.searchGo')} onClick={search} />}
        />
      </div>
      <ListCard items={first ? items : null} failed={failed} empty={{ icon: 'exchange', title: t('trade.admin.empty') }} next={next} load={() => loadMore()}>
        {(list) => (
          <HTMLTable className="ipci-table" striped style={{ width: '100%' }}>
            <thead>
              <tr>
                <th>{t('trade.fields.ip')}</th>
                <th>{t('trade.fields.buyer')}</th>
                <th>{t('trade.fields.seller')}</th>
                <th style={{ textAlign: 'right' }}>{t('trade.fields.price')}</th>
                <th>{t('trade.fields.state')}</th>
                <th>{t('trade.fields.step')}</th>
                <th>{t('trade.fields.createdAt')}</th>
              </tr>
            </thead>
            <tbody>
              {list.map((trade) => (
                <tr key={trade.id} data-testid="admin-trade-row">
                  <td className="ipci-break">
                    <Link to={`${base}/${trade.id}`}>{tradeIpName(trade, lang)}</Link>
                  </td>
                  <td>{trade.buyer.name}</td>
                  <td>{trade.seller.name}</td>
                  <td style={{ textAlign: 'right' }}>{trade.priceFen !== null ? formatYuan(trade.priceFen) : '—'}</td>
                  <td>
                    <TradeStateTag state={trade.state} />
                  </td>
                  <td>{t(`trade.step.${trade.step}`)}</td>
                  <td>{formatDateTime(trade.createdAt, lang)}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        )}
      </ListCard>
    </div>
  );
}
