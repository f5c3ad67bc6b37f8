import { Tab, Tabs } from '@blueprintjs/core';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatYuan } from '../../../../domain/money';
import { TRADE_SIDES, TRADE_STATES, type TradeSide } from '../../../../domain/trade';
import { ListCard } from '../../components/ListCard';
import { formatDateTime } from '../../lib/format';
import { useLang, useSitePath } from '../../lib/useLang';
import { useKeysetPages } from '../invitations/useKeysetPages';
import { TradeActions } from './TradeActions';
import { TradeStateSelect, TradeStateTag, tradeIpName } from './tradeBits';
import type { TradeJson, TradePage } from './types';
import './trade.css';

/**
 * usercenter/trade (spec part 1 §4 trade management): the caller's trades as buyer or as seller
 * (`?side=`), filtered by the spec's states (`?state=`), each card with the actions it allows.
 */
export function TradeListPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const site = useSitePath();
  const [params, setParams] = useSearchParams();
  const side: TradeSide = params.get('side') === 'seller' ? 'seller' : 'buyer';
  const rawState = params.get('state') ?? '';
  const state = (TRADE_STATES as readonly string[]).includes(rawState) ? rawState : '';
  const { items, next, loadMore, failed, first, reload } = useKeysetPages<TradePage, TradeJson>('/api/trades', { side, state: state || undefined }, (r) => r.items);
  const go = (p: Record<string, string>) => setParams(Object.fromEntries(Object.entries({ side, state, ...p }).filter(([, v]) => v)), { replace: true });

  return (
    <div className="ipci-stack" data-testid="trade-list">
      <div className="ipci-trade-bar">
        <h2 className="ipci-page-title">{t('ucmenu.areas.trade')}</h2>
        <span className="ipci-trade-links-inline">
          <Link to={site('trade')}>{t('trade.list.howItWorks')}</Link>
          <Link to={site('right')}>{t('trade.list.findIp')}</Link>
        </span>
      </div>
      <div className="ipci-trade-filters">
        <Tabs id="trade-side" selectedTabId={side} onChange={(id) => go({ side: String(id) })}>
          {TRADE_SIDES.map((s) => (
            <Tab key={s} id={s} title={t(`trade.side.${s}`)} />
          ))}
        </Tabs>
        <TradeStateSelect value={state} onChange={(s) => go({ state: s })} />
      </div>
      {/* After an action the list is read again: the cards stay while it loads, so an open dialog is not torn down. */}
      <ListCard items={first || items.length ? items : null} failed={failed} next={next} load={() => loadMore()} empty={{ icon: 'exchange', title: t(`trade.list.empty.${side}`) }}>
        {(list) =>
          list.map((trade) => (
            <div key={trade.id} className="ipci-trade-row" data-testid={`trade-${trade.id}`}>
              <div className="ipci-trade-row-main">
                <Link to={site(`usercenter/tradedetail/${trade.id}`)}>
                  <strong>{tradeIpName(trade, lang)}</strong>
                </Link>{' '}
                <TradeStateTag state={trade.state} />
                <div className="ipci-muted" style={{ fontSize: 12 }}>
                  {t(`trade.mode.${trade.mode}`)} · {t(`trade.step.${trade.step}`)}
                  {trade.priceFen !== null && ` · ¥${formatYuan(trade.priceFen)}`}
                </div>
                <div className="ipci-muted" style={{ fontSize: 12 }}>
                  {t(side === 'buyer' ? 'trade.list.seller' : 'trade.list.buyer', { name: side === 'buyer' ? trade.seller.name : trade.buyer.name })} · {formatDateTime(trade.createdAt, lang)}
                </div>
              </div>
              <TradeActions trade={trade} onChanged={reload} />
            </div>
          ))
        }
      </ListCard>
    </div>
  );
}
