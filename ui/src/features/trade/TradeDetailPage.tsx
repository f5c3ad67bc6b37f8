import { useCallback, useEffect, useState } from 'react';
import { Button, ButtonGroup, Callout, Card, NonIdealState, Spinner } from '@blueprintjs/core';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatYuan } from '../../../../domain/money';
import { OPEN_TRADE_STATES } from '../../../../domain/trade';
import { api, ApiError } from '../../api/client';
import { Timeline } from '../../components/Timeline';
import { useCaseWatch } from '../../lib/useCaseWatch';
import { useLang, useSitePath } from '../../lib/useLang';
import { showToast } from '../../session/toaster';
import { CounterOfferForm } from './CounterOfferForm';
import { ConflictList, TradeThread } from './TradeThread';
import { refused, TradeActions } from './TradeActions';
import { ChannelList, termText, TradeData, TradeStateTag, tradeCaseKind, tradeIpName } from './tradeBits';
import type { TradeDetail } from './types';
import './trade.css';

/**
 * usercenter/tradedetail/:id: everything of a trade for either party — the application, the licence
 * conflicts the seller must know of, the counter-offer (made by the seller, answered by the buyer),
 * the reply thread and the case timeline, all following the workflow live.
 */
export function TradeDetailPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const site = useSitePath();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const [detail, setDetail] = useState<TradeDetail | null | undefined>(undefined);

  const load = useCallback(async () => {
    try {
      const next = await api.get<TradeDetail>(`/api/trades/${encodeURIComponent(id)}`, undefined, { quiet: true });
      // The page reads the trade again whenever its case moves (and polls meanwhile): an unchanged answer leaves the forms on it alone.
      setDetail((prev) => (prev && JSON.stringify(prev) === JSON.stringify(next) ? prev : next));
    } catch (e) {
      if (e instanceof ApiError && e.status === 404) setDetail(null);
      else throw e;
    }
  }, [id]);
  useEffect(() => {
    load().catch(() => setDetail(null));
  }, [load]);
  const trade = detail?.trade;
  const kind = trade ? tradeCaseKind(trade.mode) : 'tradeOrder';
  // The other party's answer, a payment or the platform's check moves the timeline: read the trade again.
  useCaseWatch(kind, id, Boolean(trade && OPEN_TRADE_STATES.includes(trade.state)), load);

  if (detail === null) return <NonIdealState icon="search" title={t('trade.detail.notFound')} action={<Link to={site('usercenter/trade')}>{t('trade.detail.backToList')}</Link>} />;
  if (!detail || !trade)
    return (
      <div className="ipci-page-center">
        <Spinner />
      </div>
    );
  const has = (a: string) => trade.actions.includes(a as never);

  async function answerCounter(accept: boolean) {
    try {
      await api.post(`/api/trades/${encodeURIComponent(trade!.id)}/counter-answer`, { accept });
      showToast({ intent: 'success', message: t(accept ? 'trade.counter.accepted' : 'trade.counter.declined') });
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      refused(e);
    }
    await load().catch(() => undefined);
  }

  return (
    <div className="ipci-stack" data-testid="trade-detail">
      <div>
        <Button variant="minimal" icon="arrow-left" text={t('trade.detail.backToList')} onClick={() => navigate(site(`usercenter/trade?side=${trade.side ?? 'buyer'}`))} />
      </div>
      <div className="ipci-trade-bar">
        <h2 className="ipci-page-title">
          {tradeIpName(trade, lang)} <TradeStateTag state={trade.state} />
        </h2>
        <TradeActions trade={trade} onDetail onChanged={(c) => (c?.deleted ? navigate(site('usercenter/trade')) : void load())} />
      </div>
      <div className="ipci-muted">
        {t(`trade.mode.${trade.mode}`)} · {t(`trade.step.${trade.step}`)} · {trade.side ? t(`trade.side.${trade.side}`) : ''}
      </div>

      <StepCallout detail={detail} />
      {detail.conflicts.length > 0 && <ConflictList conflicts={detail.conflicts} />}

      {trade.counterOffer && (
        <Card id="counter" data-testid="counter-offer">
          <h3 className="ipci-page-title">{t('trade.counter.title')}</h3>
          <dl className="ipci-dl ipci-trade-dl">
            <dt>{t('trade.fields.price')}</dt>
            <dd>¥{formatYuan(trade.counterOffer.priceFen)}</dd>
            <dt>{t('trade.fields.channels')}</dt>
            <dd>
              <ChannelList codes={trade.counterOffer.channels} />
            </dd>
            <dt>{t('trade.fields.term')}</dt>
            <dd>{trade.counterOffer.termPermanent ? t('trade.termPermanent') : termText(t, trade.counterOffer.termFrom, trade.counterOffer.termTo)}</dd>
            {trade.counterOffer.note && (
              <>
                <dt>{t('trade.counter.note')}</dt>
                <dd style={{ whiteSpace: 'pre-wrap' }}>{trade.counterOffer.note}</dd>
              </>
            )}
          </dl>
          {has('answerCounter') && (
            <ButtonGroup className="ipci-trade-answer">
              <Button intent="primary" icon="tick" text={t('trade.counter.accept')} onClick={() => void answerCounter(true)} />
              <Button variant="outlined" icon="cross" text={t('trade.counter.decline')} onClick={() => void answerCounter(false)} />
            </ButtonGroup>
          )}
        </Card>
      )}
      {has('counterOffer') && (
        <Card id={trade.counterOffer ? undefined : 'counter'}>
          <h3 className="ipci-page-title">{t('trade.counter.make')}</h3>
          <CounterOfferForm trade={trade} onDone={() => void load()} />
        </Card>
      )}

      <Card>
        <TradeData trade={trade} uploads={detail.uploads} />
      </Card>
      <Card id="reply">
        <h3 className="ipci-page-title">{t('trade.thread.title')}</h3>
        <TradeThread trade={trade} messages={detail.messages} canReply={has('reply')} onSent={() => void load()} />
      </Card>
      <Card>
        <h3 className="ipci-page-title">{t('timeline.title')}</h3>
        <Timeline kind={kind} id={trade.id} />
      </Card>
    </div>
  );
}

/** What the trade waits for, said once on top: the platform's check, the fee, the buyer's confirmation, or why it ended. */
function StepCallout({ detail }: { detail: TradeDetail }) {
  const { t } = useTranslation();
  const site = useSitePath();
  const trade = detail.trade;
  if (trade.state === 'refused')
    return (
      <Callout intent="danger" icon="cross" title={t('trade.detail.refused')} data-testid="reject-reason">
        {trade.rejectReason}
      </Callout>
    );
  if (trade.state === 'closed')
    return (
      <Callout icon="disable" title={t('trade.detail.closed')} data-testid="close-reason">
        {trade.closeReason && t(`trade.closeReason.${trade.closeReason}`)}
      </Callout>
    );
  if (trade.step === 'awaitingFee' && trade.side === 'buyer' && trade.orderId)
    return (
      <Callout intent="warning" icon="credit-card" title={t('trade.detail.payTitle')}>
        <p>{t('trade.detail.payHint', { fee: trade.serviceFeeFen !== null ? formatYuan(trade.serviceFeeFen) : '—' })}</p>
        <Link className="bp6-button bp6-intent-primary" to={site(`usercenter/pay/${trade.orderId}`)}>
          {t('trade.actions.payFee')}
        </Link>
      </Callout>
    );
  const hint = t(`trade.detail.hint.${trade.step}.${trade.side ?? 'staff'}`, { defaultValue: '' });
  if (!hint) return null;
  return (
    <Callout intent={trade.step === 'correction' ? 'danger' : 'primary'} icon="info-sign" data-testid="step-hint">
      {hint}
    </Callout>
  );
}
