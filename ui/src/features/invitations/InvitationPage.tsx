import { useState } from 'react';
import { Button, Card, ControlGroup, FormGroup, InputGroup, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { showToast } from '../../session/toaster';
import { InviteeTable } from './InviteeTable';
import type { Invitee, InviteesPage } from './types';
import { useKeysetPages } from './useKeysetPages';
import { ConfirmAlert } from '../../components/ConfirmAlert';

type Invitations = InviteesPage & { code: string; link: string };

/** Copies to the clipboard and says so; where the browser refuses, the user is told to copy by hand. */
function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation();
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      showToast({ intent: 'success', icon: 'duplicate', message: t('invite.copied') });
    } catch {
      showToast({ intent: 'warning', icon: 'warning-sign', message: t('invite.copyFailed') });
    }
  }
  return <Button icon="duplicate" text={t('invite.copy')} aria-label={label} onClick={() => void copy()} />;
}

/** usercenter/invitation (spec part 2 §3 "Invitation"): the code and link to share, and who registered with them. */
export function InvitationPage() {
  const { t } = useTranslation();
  const list = useKeysetPages<Invitations, Invitee>('/api/invitations', {}, (r) => r.invitees);
  const [confirming, setConfirming] = useState(false);
  const [renewing, setRenewing] = useState(false);
  const data = list.first;
  const link = data ? `${window.location.origin}${data.link}` : '';

  async function regenerate() {
    setRenewing(true);
    try {
      const r = await api.post<{ code: string; link: string }>('/api/invitations/code');
      list.setFirst((d) => (d ? { ...d, ...r } : d));
      showToast({ intent: 'success', icon: 'tick', message: t('invite.regenerated', { code: r.code }) });
    } catch {
      /* the client shows the failure */
    } finally {
      setRenewing(false);
      setConfirming(false);
    }
  }

  return (
    <div className="ipci-stack">
      <h2 className="ipci-page-title">{t('invite.title')}</h2>
      <Card>
        <p className="ipci-muted" style={{ marginTop: 0 }}>
          {t('invite.lead')}
        </p>
        {data && (
          <div className="ipci-invite-grid">
            <FormGroup label={t('invite.code')} style={{ margin: 0 }}>
              <div style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
                <span data-testid="invite-code" style={{ fontFamily: 'monospace', fontSize: 32, fontWeight: 700, letterSpacing: 4 }}>
                  {data.code}
                </span>
                <CopyButton text={data.code} label={t('invite.code')} />
              </div>
            </FormGroup>
            <FormGroup label={t('invite.link')} labelFor="invite-link" style={{ margin: 0 }}>
              <ControlGroup fill>
                <InputGroup id="invite-link" readOnly value={link} onFocus={(e) => e.currentTarget.select()} data-testid="invite-link" />
                <CopyButton text={link} label={t('invite.link')} />
              </ControlGroup>
            </FormGroup>
          </div>
        )}
        <div className="ipci-form-actions">
          <Button icon="refresh" text={t('invite.regenerate')} disabled={!data} onClick={() => setConfirming(true)} />
        </div>
      </Card>
      <ConfirmAlert
        open={confirming}
        icon="warning-sign"
        intent="warning"
        confirmText={t('invite.regenerateConfirm')}
        busy={renewing}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void regenerate()}
      >
        <h4 style={{ marginTop: 0 }}>{t('invite.regenerateTitle')}</h4>
        <p>{t('invite.regenerateText')}</p>
      </ConfirmAlert>
      <Card style={{ padding: 0 }}>
        <div className="ipci-toolbar" style={{ padding: '12px 16px' }}>
          <strong>{t('invite.invitees')}</strong>
          {data && (
            <Tag minimal round>
              {t('invite.total', { count: data.total })}
            </Tag>
          )}
        </div>
        <InviteeTable items={list.items} loading={!data && !list.failed} failed={list.failed} next={list.next} loadingMore={list.loadingMore} onMore={() => void list.loadMore()} />
      </Card>
    </div>
  );
}
