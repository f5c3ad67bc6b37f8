import { useEffect, useState } from 'react';
import { Button, Callout, Card, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { IDENTITY_STATE } from '../../../../domain/identity';
import { api } from '../../api/client';
import { useSession } from '../../session/SessionContext';
import { showToast } from '../../session/toaster';
import { useSitePath } from '../../lib/useLang';
import { IdentityStateTag } from '../identityReview/IdentityStateTag';
import { Avatar } from './Avatar';
import { ProfileForm } from './ProfileForm';
import type { Profile } from './types';

/** User information (spec part 1 §2 "user information and avatar", §3 "User profile"). */
export function ProfilePage() {
  const { t } = useTranslation();
  const { user, refresh } = useSession();
  const site = useSitePath();
  const navigate = useNavigate();
  const [profile, setProfile] = useState<Profile | null>(null);
  const [failed, setFailed] = useState<string | null>(null);

  useEffect(() => {
    api
      .get<{ profile: Profile }>('/api/profile')
      .then((r) => setProfile(r.profile))
      .catch((e: Error) => setFailed(e.message || t('failure.load')));
  }, [t]);

  function saved(p: Profile) {
    setProfile(p);
    showToast({ intent: 'success', icon: 'tick', message: t('profile.saved') });
    // The header and the menu show the names from the session.
    void refresh();
  }

  if (!user) return null;
  const contact = (label: string, value: string | null, path: string) => (
    <>
      <dt>{label}</dt>
      <dd>
        {value ?? <span className="ipci-muted">{t('profile.notBound')}</span>}{' '}
        <Button size="small" variant="minimal" intent="primary" text={t(value ? 'profile.change' : 'profile.bind')} onClick={() => navigate(site(path))} />
      </dd>
    </>
  );

  return (
    <div className="ipci-stack">
      <h2 className="ipci-page-title">{t('ucmenu.areas.info')}</h2>
      {failed ? (
        <NonIdealState icon="error" title={failed} />
      ) : !profile ? (
        <Spinner size={24} />
      ) : (
        <>
          <Card data-testid="profile-summary">
            <div style={{ display: 'flex', gap: 20, alignItems: 'flex-start' }}>
              <Avatar uploadId={profile.avatarUploadId || null} name={profile.displayName} size={72} />
              <dl className="ipci-dl" style={{ flex: 1 }}>
                <dt>{t('user.username')}</dt>
                <dd>{profile.username}</dd>
                <dt>{t('user.displayName')}</dt>
                <dd>{profile.displayName}</dd>
                <dt>{t('user.kind')}</dt>
                <dd>{user.kind ? t(`user.kinds.${user.kind}`) : '—'}</dd>
                <dt>{t('user.identityState')}</dt>
                <dd>
                  <IdentityStateTag state={user.identityState} />
                </dd>
                {contact(t('profile.phone'), profile.phone, 'usercenter/bindphone')}
                {contact(t('profile.email'), profile.email, 'usercenter/bindemail')}
                <dt>{t('user.roles')}</dt>
                <dd className="ipci-dl-wide">
                  {user.roles.map((r) => (
                    <Tag key={r} minimal style={{ marginRight: 6 }}>
                      {t(`roles.${r}`)}
                    </Tag>
                  ))}
                </dd>
              </dl>
            </div>
            <p className="ipci-muted" style={{ margin: '12px 0 0' }}>
              {t('profile.contactHint')}
            </p>
          </Card>
          {user.kind && user.identityState !== IDENTITY_STATE.verified && (
            <Callout intent="primary" icon="id-number" title={t('usercenter.certifyTitle')}>
              <p>{t('usercenter.certifyText')}</p>
              <Button intent="primary" text={t('usercenter.certifyAction')} onClick={() => navigate(site('usercenter/identity'))} />
            </Callout>
          )}
          <Card>
            <h3 style={{ marginTop: 0 }}>{t('profile.edit')}</h3>
            <ProfileForm profile={profile} onSaved={saved} />
          </Card>
        </>
      )}
    </div>
  );
}
