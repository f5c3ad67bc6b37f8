import { useEffect, useState } from 'react';
import { Button, Callout, Card, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import type { AdminUser } from '../../api/types';
import { formatDateTime } from '../../lib/format';
import { useLang } from '../../lib/useLang';
import { Permitted } from '../../session/permissions';
import { IdentityStateTag } from '../identityReview/IdentityStateTag';
import { StatusTag, UserActions } from './userBits';

/** Loads one account for the detail and edit pages; null when it does not exist. */
export function useAdminUser(id: string) {
  const [user, setUser] = useState<AdminUser | null | undefined>(undefined);
  useEffect(() => {
    let alive = true;
    setUser(undefined);
    api
      .get<{ user: AdminUser }>(`/api/admin/users/${encodeURIComponent(id)}`)
      .then((r) => alive && setUser(r.user))
      .catch(() => alive && setUser(null));
    return () => {
      alive = false;
    };
  }, [id]);
  return [user, setUser] as const;
}

/** admin/userManagement/:id: profile, contacts, roles, status, sessions, inviter. */
export function UserDetailPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const lang = useLang();
  const navigate = useNavigate();
  const [user, setUser] = useAdminUser(id);
  const back = <Button icon="arrow-left" text={t('admin.users.backToList')} onClick={() => navigate('/admin/userManagement')} />;
  if (user === undefined) return <Spinner size={32} />;
  if (user === null) return <NonIdealState icon="person" title={t('http.notFound', { ns: 'errors' })} action={back} />;
  const dash = <span className="ipci-muted">—</span>;
  return (
    <div className="ipci-stack">
      <h2 className="ipci-page-title">
        {t('admin.users.detailTitle')}: {user.username}
      </h2>
      {user.status === 'frozen' && (
        <Callout intent="warning" icon="snowflake" title={t('admin.status.frozen')}>
          {user.frozenReason}
        </Callout>
      )}
      {user.status === 'cancelled' && (
        <Callout icon="disable" title={t('admin.status.cancelled')}>
          {t('admin.users.cancelledHint', { at: formatDateTime(user.cancelledAt, lang) })}
        </Callout>
      )}
      <Card data-testid="user-detail">
        <dl className="ipci-dl">
          <dt>{t('user.username')}</dt>
          <dd>{user.username}</dd>
          <dt>{t('user.displayName')}</dt>
          <dd>{user.displayName}</dd>
          <dt>{t('user.kind')}</dt>
          <dd>{user.kind ? t(`user.kinds.${user.kind}`) : t('admin.users.staff')}</dd>
          <dt>{t('user.roles')}</dt>
          <dd>
            {user.roles.map((r) => (
              <Tag key={r} minimal style={{ marginRight: 4 }}>
                {t(`roles.${r}`)}
              </Tag>
            ))}
          </dd>
          <dt>{t('admin.users.status')}</dt>
          <dd>
            <StatusTag status={user.status} />
          </dd>
          <dt>{t('user.identityState')}</dt>
          <dd>
            <IdentityStateTag state={user.identityState} />
          </dd>
          <dt>{t('admin.users.email')}</dt>
          <dd>{user.email ?? dash}</dd>
          <dt>{t('admin.users.phone')}</dt>
          <dd>{user.phone ?? dash}</dd>
          <dt>{t('admin.users.createdAt')}</dt>
          <dd>{formatDateTime(user.createdAt, lang)}</dd>
          <dt>{t('admin.users.lastLogin')}</dt>
          <dd>{formatDateTime(user.lastLoginAt, lang)}</dd>
          <dt>{t('admin.users.passwordChanged')}</dt>
          <dd>{formatDateTime(user.passwordChangedAt, lang)}</dd>
          <dt>{t('admin.users.sessions')}</dt>
          <dd data-testid="active-sessions">{user.activeSessions}</dd>
          <dt>{t('admin.users.inviteCode')}</dt>
          <dd>
            <code>{user.inviteCode}</code>
          </dd>
          <dt>{t('admin.users.invitedBy')}</dt>
          <dd>{user.invitedBy ? `${user.invitedBy.displayName} (${user.invitedBy.username})` : dash}</dd>
          {user.special.length > 0 && (
            <>
              <dt>{t('admin.users.special')}</dt>
              <dd>{user.special.join(', ')}</dd>
            </>
          )}
        </dl>
      </Card>
      <div className="ipci-form-actions" style={{ justifyContent: 'flex-start', gap: 8 }}>
        {back}
        {user.status !== 'cancelled' && (
          <Permitted element="admin.users.edit">
            <Button intent="primary" icon="edit" text={t('admin.users.edit')} onClick={() => navigate(`/admin/userManagement/${user.id}/edit`)} />
          </Permitted>
        )}
        <UserActions user={user} onChange={setUser} />
      </div>
    </div>
  );
}
