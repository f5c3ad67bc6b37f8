import { useCallback, useEffect, useState } from 'react';
import { Button, Card, HTMLTable, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { api, request } from '../../api/client';
import { formatDateTime } from '../../lib/format';
import { useLang } from '../../lib/useLang';
import { showToast } from '../../session/toaster';
import { SecurityHeading } from './SecurityPage';
import type { SessionItem } from './types';

/** usercenter/sessions: where the account is signed in; sign one device, or all others, out. */
export function SessionsPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const [items, setItems] = useState<SessionItem[] | null | undefined>(undefined);
  const [busy, setBusy] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      setItems((await api.get<{ items: SessionItem[] }>('/api/security/sessions')).items);
    } catch {
      setItems(null);
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  async function run(key: string, action: () => Promise<string>) {
    setBusy(key);
    try {
      showToast({ intent: 'success', icon: 'log-out', message: await action() });
      await load();
    } catch {
      // the client already showed why (connection, 401 dialog); the list is reloaded as it is
      await load();
    } finally {
      setBusy(null);
    }
  }
  const revoke = (id: string) =>
    run(id, async () => {
      await request(`/api/security/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' });
      return t('security.sessions.revoked');
    });
  const revokeOthers = () =>
    run('others', async () => {
      const r = await api.post<{ revokedSessions: number }>('/api/security/sessions/revoke-others');
      return t('security.sessions.revokedOthers', { count: r.revokedSessions });
    });

  if (items === null) return <NonIdealState icon="error" title={t('failure.load')} />;
  return (
    <div className="ipci-stack">
      <SecurityHeading>{t('security.sessions.title')}</SecurityHeading>
      <Card>
        {items === undefined ? (
          <Spinner />
        ) : (
          <>
            <HTMLTable striped style={{ width: '100%' }} data-testid="sessions-table">
              <thead>
                <tr>
                  <th>{t('security.sessions.device')}</th>
                  <th>{t('security.sessions.ip')}</th>
                  <th>{t('security.sessions.signedInAt')}</th>
                  <th>{t('security.sessions.lastSeenAt')}</th>
                  <th />
                </tr>
              </thead>
              <tbody>
                {items.map((s) => (
                  <tr key={s.id} data-testid={`session-${s.id}`}>
                    <td style={{ minWidth: 160, maxWidth: 360, wordBreak: 'break-word' }}>
                      {s.userAgent ?? t('security.sessions.unknownDevice')}
                      {s.current && (
                        <Tag intent="success" minimal style={{ marginLeft: 8 }}>
                          {t('security.sessions.thisDevice')}
                        </Tag>
                      )}
                    </td>
                    <td>{s.ip ?? '—'}</td>
                    <td>{formatDateTime(s.createdAt, lang)}</td>
                    <td>{formatDateTime(s.lastSeenAt, lang)}</td>
                    <td style={{ textAlign: 'right' }}>
                      {!s.current && <Button size="small" icon="log-out" text={t('security.sessions.revoke')} loading={busy === s.id} onClick={() => void revoke(s.id)} />}
                    </td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
            <div className="ipci-form-actions">
              <Button intent="warning" icon="log-out" text={t('security.sessions.revokeOthers')} disabled={items.every((s) => s.current)} loading={busy === 'others'} onClick={() => void revokeOthers()} />
            </div>
          </>
        )}
      </Card>
    </div>
  );
}
