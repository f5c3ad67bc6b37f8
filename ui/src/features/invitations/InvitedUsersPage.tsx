import { Button, Card, Tag } from '@blueprintjs/core';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { InviteeTable } from './InviteeTable';
import type { Invitee, InviteesPage } from './types';
import { useKeysetPages } from './useKeysetPages';

type Invited = InviteesPage & { inviter: { id: string; username: string; displayName: string; code: string } };

/** /admin/invitedUser/:userId: the users one inviter brought in. */
export function InvitedUsersPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { userId = '' } = useParams();
  const list = useKeysetPages<Invited, Invitee>(`/api/admin/invitations/${encodeURIComponent(userId)}`, {}, (r) => r.invitees);
  const inviter = list.first?.inviter;
  return (
    <div className="ipci-stack">
      <div className="ipci-toolbar">
        <Button variant="minimal" icon="arrow-left" text={t('inviteAdmin.back')} onClick={() => navigate('/admin/invitationStatistics')} />
      </div>
      <h2 className="ipci-page-title">
        {t('inviteAdmin.invitedTitle', { name: inviter ? inviter.displayName : '…' })}
        {inviter && (
          <Tag minimal style={{ fontFamily: 'monospace' }}>
            {inviter.code}
          </Tag>
        )}
        {list.first && (
          <Tag minimal round>
            {t('invite.total', { count: list.first.total })}
          </Tag>
        )}
      </h2>
      <Card style={{ padding: 0 }}>
        <InviteeTable
          items={list.items} loading={!list.first && !list.failed} failed={list.failed} next={list.next} loadingMore={list.loadingMore}
          onMore={() => void list.loadMore()}
          accountLink={(i) => `/admin/userManagement/${encodeURIComponent(i.id)}`}
        />
      </Card>
    </div>
  );
}
