import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Button, Callout, Card, HTMLTable, InputGroup, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { formatDateTime } from '../../lib/format';
import { useLang } from '../../lib/useLang';
import './account.css';
import { LoadMore } from '../../components/LoadMore';

export interface OutboxItem {
  id: string;
  channel: 'email' | 'sms';
  recipient: string;
  subject: string;
  body: string;
  purpose: string | null;
  transport: 'outbox' | 'smtp';
  createdAt: string;
  sentAt: string | null;
  error: string | null;
}

/**
 * /admin/outbox: every e-mail and SMS the platform sent, newest first. Without SMTP (and for SMS until a
 * gateway is configured) this is where a developer or an admin reads a verification code.
 */
export function OutboxPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const [query, setQuery] = useState('');
  const [recipient, setRecipient] = useState('');
  const [items, setItems] = useState<OutboxItem[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(
    async (before?: string) => {
      const r = await api.get<{ items: OutboxItem[]; next: string | null }>('/api/admin/outbox', { recipient, before });
      setItems((prev) => (before && prev ? [...prev, ...r.items] : r.items));
      setNext(r.next);
    },
    [recipient],
  );
  useEffect(() => {
    setItems(null);
    setError(null);
    load().catch((e: Error) => setError(e.message || t('failure.load')));
  }, [load, t]);

  const search = (e: FormEvent) => {
    e.preventDefault();
    setRecipient(query.trim());
  };

  return (
    <div className="ipci-stack">
      <h2 className="ipci-page-title">{t('outbox.title')}</h2>
      <p className="ipci-muted">{t('outbox.intro')}</p>
      <form className="ipci-toolbar" onSubmit={search} role="search">
        <InputGroup
          leftIcon="search"
          placeholder={t('outbox.recipient')}
          aria-label={t('outbox.recipient')}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          style={{ width: 320 }}
        />
        <Button type="submit" icon="search" text={t('outbox.search')} />
        {recipient && <Button variant="minimal" icon="cross" text={t('actions.clear')} onClick={() => (setQuery(''), setRecipient(''))} />}
      </form>
      {error && (
        <Callout intent="danger" role="alert">
          {error}
        </Callout>
      )}
      {!items && !error && <Spinner />}
      {items && items.length === 0 && <NonIdealState icon="inbox" title={t('outbox.empty')} />}
      {items && items.length > 0 && (
        <Card style={{ padding: 0 }}>
          <HTMLTable className="ipci-table" striped compact style={{ width: '100%' }} data-testid="outbox-table">
            <thead>
              <tr>
                <th>{t('outbox.time')}</th>
                <th>{t('outbox.recipient')}</th>
                <th>{t('outbox.subject')}</th>
                <th>{t('outbox.body')}</th>
                <th>{t('outbox.delivery')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((m) => (
                <tr key={m.id}>
                  <td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(m.createdAt, lang)}</td>
                  <td>
                    <Tag minimal icon={m.channel === 'email' ? 'envelope' : 'mobile-phone'}>
                      {t(`outbox.channel.${m.channel}`)}
                    </Tag>{' '}
                    {m.recipient}
                  </td>
                  <td>{m.subject}</td>
                  <td>
                    <pre className="ipci-outbox-body">{m.body}</pre>
                  </td>
                  <td>
                    <Tag minimal intent={m.error ? 'danger' : m.sentAt ? 'success' : 'none'}>{t(`outbox.transport.${m.transport}`)}</Tag>
                    <div className="ipci-muted">{m.error ?? (m.sentAt ? formatDateTime(m.sentAt, lang) : t('outbox.pending'))}</div>
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </Card>
      )}
      <LoadMore next={next} load={load} text={t('outbox.more')} onError={(e) => setError(e.message || t('failure.load'))} />
    </div>
  );
}
