import { useEffect, useState } from 'react';
import { Button, Card, HTMLTable, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import type { Message } from '../../api/types';
import { useSession } from '../../session/SessionContext';
import { formatDateTime } from '../../lib/format';
import { useLang } from '../../lib/useLang';

export function MessagesPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const { setUnread } = useSession();
  const [items, setItems] = useState<Message[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    api
      .get<{ items: Message[]; unread: number }>('/api/messages')
      .then((r) => {
        setItems(r.items);
        setUnread(r.unread);
      })
      .catch(() => setFailed(true));
  }, [setUnread]);

  async function markRead(m: Message) {
    if (m.readAt) return;
    try {
      const r = await api.post<{ message: Message }>(`/api/messages/${encodeURIComponent(m.id)}/read`);
      setItems((list) => {
        const next = (list ?? []).map((x) => (x.id === m.id ? { ...x, ...r.message, readAt: r.message?.readAt ?? new Date().toISOString() } : x));
        setUnread(next.filter((x) => !x.readAt).length);
        return next;
      });
    } catch {
      /* the client shows the failure */
    }
  }

  function open(m: Message) {
    void markRead(m);
    if (m.actionLink) {
      if (/^https?:\/\//.test(m.actionLink)) window.open(m.actionLink, '_blank', 'noopener');
      else navigate(m.actionLink);
    }
  }

  if (failed) return <NonIdealState icon="error" title={t('failure.load')} />;
  return (
    <div className="ipci-stack">
      <h2 className="ipci-page-title">{t('usercenter.menu.messages')}</h2>
      <Card style={{ padding: 0 }}>
        {items === null ? (
          <div style={{ padding: 24 }}>
            <Spinner size={24} />
          </div>
        ) : items.length === 0 ? (
          <div className="ipci-card-empty"><NonIdealState icon="inbox" title={t('messages.empty')} /></div>
        ) : (
          <HTMLTable interactive className="ipci-table ipci-messages">
            <thead>
              <tr>
                <th style={{ width: 60 }} />
                <th>{t('messages.title')}</th>
                <th style={{ width: 140 }}>{t('messages.sender')}</th>
                <th style={{ width: 190 }}>{t('messages.time')}</th>
                <th style={{ width: 120 }} />
              </tr>
            </thead>
            <tbody>
              {items.map((m) => (
                <tr key={m.id} className={m.readAt ? '' : 'is-unread'} onClick={() => void markRead(m)} data-testid={`message-${m.id}`}>
                  <td>{m.readAt ? <Tag minimal>{t('messages.read')}</Tag> : <Tag intent="primary">{t('messages.unread')}</Tag>}</td>
                  <td>{t(m.titleKey, { ns: 'messages', defaultValue: m.titleKey, ...(m.params ?? {}) })}</td>
                  <td className="ipci-muted">{!m.sender || m.sender === 'system' ? t('messages.system') : m.sender}</td>
                  <td className="ipci-muted">{formatDateTime(m.createdAt, lang)}</td>
                  <td>
                    {m.actionLink && (
                      <Button
                        size="small"
                        variant="minimal"
                        intent="primary"
                        endIcon="arrow-right"
                        text={t('messages.view')}
                        onClick={(e) => {
                          e.stopPropagation();
                          open(m);
                        }}
                      />
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        )}
      </Card>
    </div>
  );
}
