import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, HTMLTable, Tab, Tabs, Tag } from '@blueprintjs/core';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MESSAGE_KINDS, MESSAGE_PAGE_SIZE, type MessageKind } from '../../../../domain/messages';
import { api } from '../../api/client';
import type { Message, MessagePage } from '../../api/types';
import { useSession } from '../../session/SessionContext';
import { showToast } from '../../session/toaster';
import { formatDateTime } from '../../lib/format';
import { useLang, useSitePath } from '../../lib/useLang';
import { messageSender, messageTitle } from './messageText';
import { ListCard } from '../../components/ListCard';
import { ConfirmAlert } from '../../components/ConfirmAlert';

/** usercenter/msg (spec part 2 §2): system messages and messages, unread in bold, newest first. */
export function MessagesPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const site = useSitePath();
  const { unread, setUnread } = useSession();
  const [params, setParams] = useSearchParams();
  const kind: MessageKind = params.get('kind') === 'message' ? 'message' : 'system';
  const [items, setItems] = useState<Message[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [byKind, setByKind] = useState<Record<MessageKind, number>>({ system: 0, message: 0 });
  const [failed, setFailed] = useState(false);
  const [toDelete, setToDelete] = useState<Message | null>(null);

  const load = useCallback(
    async (before?: string) => {
      const page = await api.get<MessagePage>('/api/messages', { kind, before, limit: MESSAGE_PAGE_SIZE });
      setByKind(page.unreadByKind);
      setUnread(page.unread);
      setNext(page.next);
      setItems((list) => (before ? [...(list ?? []), ...page.items] : page.items));
    },
    [kind, setUnread],
  );

  useEffect(() => {
    setItems(null);
    setFailed(false);
    load().catch(() => setFailed(true));
  }, [load]);

  // A message that arrives while the page is open shows up: the pushed count went up.
  const seenUnread = useRef(unread);
  useEffect(() => {
    if (unread > seenUnread.current) load().catch(() => undefined);
    seenUnread.current = unread;
  }, [unread, load]);

  async function readAll() {
    try {
      const r = await api.post<{ unread: number; unreadByKind: Record<MessageKind, number> }>('/api/messages/read-all', { kind });
      setByKind(r.unreadByKind);
      setUnread(r.unread);
      setItems((list) => (list ?? []).map((m) => (m.readAt ? m : { ...m, readAt: new Date().toISOString() })));
    } catch {
      /* the client shows the failure */
    }
  }

  async function remove(m: Message) {
    setToDelete(null);
    try {
      await api.delete(`/api/messages/${encodeURIComponent(m.id)}`);
      setItems((list) => (list ?? []).filter((x) => x.id !== m.id));
      if (!m.readAt) setByKind((b) => ({ ...b, [m.kind]: Math.max(0, b[m.kind] - 1) }));
      showToast({ intent: 'success', icon: 'trash', message: t('msg.deleted') });
    } catch {
      /* the client shows the failure */
    }
  }

  const tabTitle = (k: MessageKind) => (
    <>
      {t(`msg.kinds.${k}`)}
      {byKind[k] > 0 && (
        <Tag round intent="danger" style={{ marginLeft: 6 }} data-testid={`unread-${k}`}>
          {byKind[k]}
        </Tag>
      )}
    </>
  );

  return (
    <div className="ipci-stack">
      <h2 className="ipci-page-title">{t('msg.title')}</h2>
      <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 12 }}>
        <Tabs id="message-kinds" selectedTabId={kind} onChange={(id) => setParams(id === 'system' ? {} : { kind: String(id) })}>
          {MESSAGE_KINDS.map((k) => (
            <Tab key={k} id={k} title={tabTitle(k)} />
          ))}
        </Tabs>
        <Button icon="tick" variant="outlined" text={t('msg.readAll')} disabled={byKind[kind] === 0} onClick={() => void readAll()} />
      </div>
      <ListCard items={items} failed={failed} empty={{ icon: 'inbox', title: t('messages.empty') }} next={next} load={load}>
        {(rows) => (
          <HTMLTable interactive className="ipci-table ipci-messages" data-testid="messages-table">
            <thead>
              <tr>
                <th style={{ width: 80 }} />
                <th>{t('messages.title')}</th>
                <th style={{ width: 150 }}>{t('messages.sender')}</th>
                <th style={{ width: 190 }}>{t('messages.time')}</th>
                <th style={{ width: 60 }} />
              </tr>
            </thead>
            <tbody>
              {rows.map((m) => (
                <tr key={m.id} className={m.readAt ? '' : 'is-unread'} data-testid={`message-${m.id}`}>
                  <td>{m.readAt ? <Tag minimal>{t('messages.read')}</Tag> : <Tag intent="primary">{t('messages.unread')}</Tag>}</td>
                  <td>
                    <Link to={site(`usercenter/msgdetail/${encodeURIComponent(m.id)}`)}>{messageTitle(t, m, lang)}</Link>
                  </td>
                  <td className="ipci-muted">{messageSender(t, m)}</td>
                  <td className="ipci-muted">{formatDateTime(m.createdAt, lang)}</td>
                  <td>
                    <Button size="small" variant="minimal" intent="danger" icon="trash" aria-label={t('msg.delete')} title={t('msg.delete')} onClick={() => setToDelete(m)} />
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        )}
      </ListCard>
      <ConfirmAlert
        open={toDelete !== null}
        intent="danger"
        icon="trash"
        confirmText={t('msg.delete')}
        onCancel={() => setToDelete(null)}
        onConfirm={() => toDelete && void remove(toDelete)}
      >
        <p>{t('msg.confirmDelete')}</p>
      </ConfirmAlert>
    </div>
  );
}
