import type { CSSProperties, ReactNode } from 'react';
import { Callout, HTMLSelect, Tag, type IconName, type Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { ipNameIn } from '../../../../domain/ipNames';
import { formatIpciCode } from '../../../../domain/ipci';
import { formatYuan } from '../../../../domain/money';
import { TRADE_STATES, type TradeMode, type TradeState } from '../../../../domain/trade';
import type { Upload } from '../../api/types';
import { UploadPreview } from '../../components/UploadPreview';
import { countryName, formatDate, formatDateTime } from '../../lib/format';
import { useDictionary } from '../../lib/useDictionary';
import { useLang } from '../../lib/useLang';
import type { TradeJson } from './types';

/** The trade's IP in the reader's language (the Chinese name when none was entered in it). */
export const tradeIpName = (trade: Pick<TradeJson, 'ipci'>, lang: string) => ipNameIn(trade.ipci.names, lang);

/** The process kind of a trade's timeline (domain/processes): entrusted trades run their own workflow. */
export const tradeCaseKind = (mode: TradeMode) => (mode === 'entrusted' ? 'entrustedTrade' : 'tradeOrder');

const STATE_INTENT: Record<TradeState, Intent> = { pendingConfirmation: 'warning', ongoing: 'primary', completed: 'success', closed: 'none', refused: 'danger' };

export function TradeStateTag({ state }: { state: TradeState }) {
  const { t } = useTranslation();
  return (
    <Tag minimal intent={STATE_INTENT[state]} data-testid="trade-state">
      {t(`trade.state.${state}`)}
    </Tag>
  );
}

/** "Permanent" or "from – to" (China dates as entered). */
export function termText(t: (k: string) => string, termFrom: string | null | undefined, termTo: string | null | undefined): string {
  if (!termFrom && !termTo) return t('trade.termPermanent');
  return `${termFrom || '…'} – ${termTo || '…'}`;
}

/** The region of a licence: a country, or worldwide (''). */
export function regionText(t: (k: string) => string, region: string | null | undefined, lang: string): string {
  return region ? countryName(region, lang) : t('trade.worldwide');
}

/** Channels are rightScope dictionary codes, named in the reader's language. */
export function ChannelList({ codes }: { codes: readonly string[] }) {
  const { labelOf } = useDictionary('rightScope');
  if (!codes.length) return <>—</>;
  return (
    <span style={{ display: 'inline-flex', flexWrap: 'wrap', gap: 4 }}>
      {codes.map((c) => (
        <Tag key={c} minimal>
          {labelOf(c)}
        </Tag>
      ))}
    </span>
  );
}

const text = (v: unknown) => (typeof v === 'string' && v ? v : '—');

/**
 * Everything of a trade, read-only: the IP, the parties, the licence asked for (or agreed) and the
 * application's own fields. The trade detail, the back office and the inbox task show it alike.
 */
export function TradeData({ trade, uploads = {} }: { trade: TradeJson; uploads?: Record<string, Upload> }) {
  const { t } = useTranslation();
  const lang = useLang();
  const a = trade.application;
  const proposal = typeof a.proposal === 'string' && a.proposal ? a.proposal : null;
  const budget = typeof a.budget === 'number' ? a.budget : null;
  const rows: Array<[string, ReactNode] | null> = [
    ['trade.fields.mode', t(`trade.mode.${trade.mode}`)],
    ['trade.fields.ip', `${tradeIpName(trade, lang)} · ${formatIpciCode(trade.ipci.code)}`],
    ['trade.fields.buyer', trade.buyer.name],
    ['trade.fields.seller', trade.seller.name],
    ['trade.fields.state', <TradeStateTag key="s" state={trade.state} />],
    ['trade.fields.step', t(`trade.step.${trade.step}`)],
    trade.priceFen !== null ? ['trade.fields.price', `¥${formatYuan(trade.priceFen)}`] : null,
    budget !== null ? ['trade.fields.budget', `¥${formatYuan(budget)}`] : null,
    trade.serviceFeeFen !== null ? ['trade.fields.serviceFee', `¥${formatYuan(trade.serviceFeeFen)}`] : null,
    trade.exclusive !== null ? ['trade.fields.exclusive', t(trade.exclusive ? 'trade.exclusiveYes' : 'trade.exclusiveNo')] : null,
    trade.mode !== 'contactSeller' ? ['trade.fields.channels', <ChannelList key="c" codes={trade.channels} />] : null,
    trade.mode !== 'contactSeller' ? ['trade.fields.region', regionText(t, trade.region, lang)] : null,
    trade.mode === 'selfService' ? ['trade.fields.term', termText(t, trade.termFrom, trade.termTo)] : null,
    ['trade.fields.description', <span key="d" style={{ whiteSpace: 'pre-wrap' }}>{text(a.description ?? a.message)}</span>],
    proposal ? ['trade.fields.proposal', <UploadPreview key="p" id={proposal} meta={uploads[proposal]} />] : null,
    ['trade.fields.contactPerson', text(a.contactPerson)],
    ['trade.fields.phone', text(a.phone)],
    ['trade.fields.email', text(a.email)],
    ['trade.fields.createdAt', formatDateTime(trade.createdAt, lang)],
    trade.completedAt ? ['trade.fields.completedAt', formatDate(trade.completedAt, lang)] : null,
  ];
  return (
    <dl className="ipci-dl ipci-trade-dl" data-testid="trade-data">
      {rows
        .filter((r): r is [string, ReactNode] => r !== null)
        .map(([k, v]) => [<dt key={`${k}-t`}>{t(k)}</dt>, <dd key={`${k}-d`}>{v}</dd>])}
    </dl>
  );
}

/** The fields the platform check flagged, with staff's reasons (the buyer's correction form, the back-office trade page, the inbox task). */
export function CheckFlags({ flags, icon, intent = 'warning', style, testId }: { flags: Record<string, string>; icon: IconName; intent?: Intent; style?: CSSProperties; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Callout intent={intent} icon={icon} title={t('trade.apply.flagsTitle')} style={style} data-testid={testId}>
      <ul>
        {Object.entries(flags).map(([f, reason]) => (
          <li key={f}>
            {t(`trade.fields.${f}`)}: {reason}
          </li>
        ))}
      </ul>
    </Callout>
  );
}

/** The trade lists' state filter ('' for every state). */
export function TradeStateSelect({ value, onChange }: { value: string; onChange: (state: string) => void }) {
  const { t } = useTranslation();
  return (
    <HTMLSelect aria-label={t('trade.list.stateFilter')} value={value} onChange={(e) => onChange(e.currentTarget.value)}>
      <option value="">{t('trade.list.allStates')}</option>
      {TRADE_STATES.map((s) => (
        <option key={s} value={s}>
          {t(`trade.state.${s}`)}
        </option>
      ))}
    </HTMLSelect>
  );
}
