import { useState } from 'react';
import { Button, Callout, FormGroup, Tag, TextArea } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { LicenceConflict } from '../../../../domain/licences';
import { tradeReplySchema } from '../../../../domain/trade';
import { api, ApiError } from '../../api/client';
import { formatDateTime, translateError } from '../../lib/format';
import { useLang } from '../../lib/useLang';
import { validateWithSchema } from '../../lib/validate';
import { ChannelList, regionText, termText } from './tradeBits';
import type { TradeJson, TradeMessage } from './types';

/** Why the seller cannot agree yet: each licence in force the request overlaps, and whose exclusivity makes it a conflict. */
export function ConflictList({ conflicts }: { conflicts: LicenceConflict[] }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <Callout intent="danger" icon="warning-sign" title={t('trade.conflicts.title')} data-testid="licence-conflicts">
      <p>{t('trade.conflicts.lead')}</p>
      <ul className="ipci-trade-conflicts">
        {conflicts.map((c) => (
          <li key={c.licenceId}>
            <strong>{c.licensee}</strong> · {t(`trade.conflicts.because.${c.because}`)}
            <div>
              <ChannelList codes={c.channels} /> · {regionText(t, c.region, lang)} · {termText(t, c.termFrom, c.termTo)}
            </div>
          </li>
        ))}
      </ul>
    </Callout>
  );
}

/** The parties' messages on the case, oldest first, and the reply box while the trade is open. */
export function TradeThread({ trade, messages, canReply, onSent }: { trade: TradeJson; messages: TradeMessage[]; canReply: boolean; onSent: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const who = (m: TradeMessage) => (m.authorSide === 'platform' ? t('trade.thread.platform') : m.authorSide === trade.side ? t('trade.thread.you') : m.authorSide === 'buyer' ? trade.buyer.name : trade.seller.name);

  async function send() {
    const errors = await validateWithSchema(tradeReplySchema, { body });
    if (errors.body) return setError(translateError(t, errors.body));
    setBusy(true);
    try {
      await api.post(`/api/trades/${encodeURIComponent(trade.id)}/replies`, { body });
      setBody('');
      onSent();
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      setError(e.fields?.body ?? e.message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div data-testid="trade-thread">
      {messages.length === 0 && <p className="ipci-muted">{t('trade.thread.empty')}</p>}
      <ol className="ipci-trade-thread">
        {messages.map((m) => (
          <li key={m.id} className={`is-${m.authorSide === trade.side ? 'mine' : m.authorSide}`} data-testid="trade-message">
            <div className="ipci-muted" style={{ fontSize: 12 }}>
              <strong>{who(m)}</strong> · {formatDateTime(m.createdAt, lang)}{' '}
              {m.kind !== 'reply' && (
                <Tag minimal round>
                  {t(`trade.thread.kind.${m.kind}`)}
                </Tag>
              )}
            </div>
            {m.body && <div style={{ whiteSpace: 'pre-wrap' }}>{m.body}</div>}
          </li>
        ))}
      </ol>
      {canReply && (
        <div data-testid="reply-form">
          <FormGroup label={t('trade.thread.reply')} labelFor="trade-reply" intent={error ? 'danger' : 'none'} helperText={error && <span role="alert">{error}</span>}>
            <TextArea
              id="trade-reply"
              fill
              rows={3}
              value={body}
              intent={error ? 'danger' : 'none'}
              onChange={(e) => {
                setError(null);
                setBody(e.target.value);
              }}
            />
          </FormGroup>
          <div className="ipci-form-actions">
            <Button intent="primary" icon="send-message" text={t('trade.thread.send')} loading={busy} onClick={() => void send()} />
          </div>
        </div>
      )}
    </div>
  );
}
