import { Card, Menu, MenuDivider, MenuItem, Tag, Callout, Button } from '@blueprintjs/core';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../session/SessionContext';
import { useSitePath } from '../../lib/useLang';
import { IdentityStateTag } from '../identityReview/IdentityStateTag';

/** Later areas of the spec's user-centre menu (part 1 §2), shown but not open yet. */
const LATER = ['invoice', 'invite', 'artists', 'certificates', 'traceability', 'trade', 'bills', 'protection', 'watermark', 'coupons'] as const;

export function UserCenterLayout() {
  const { t } = useTranslation();
  const site = useSitePath();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { unread } = useSession();
  const item = (path: string, icon: 'user' | 'id-number' | 'envelope', key: string, label?: React.ReactNode) => {
    const to = site(path);
    const active = path === 'usercenter' ? pathname === to : pathname.startsWith(to);
    return <MenuItem icon={icon} text={t(key)} active={active} label={label as string} onClick={() => navigate(to)} />;
  };
  return (
    <div className="ipci-container ipci-page ipci-uc">
      <aside className="ipci-uc-menu">
        <Card>
          <Menu aria-label={t('nav.userCenter')}>
            <MenuDivider title={t('nav.userCenter')} />
            {item('usercenter', 'user', 'usercenter.menu.info')}
            {item('usercenter/identity', 'id-number', 'usercenter.menu.identity')}
            {item('usercenter/messages', 'envelope', 'usercenter.menu.messages', unread > 0 ? String(unread) : undefined)}
            <MenuDivider />
            {LATER.map((k) => (
              <MenuItem key={k} disabled multiline text={t(`usercenter.later.${k}`)} labelElement={<Tag minimal>{t('usercenter.notOpen')}</Tag>} />
            ))}
          </Menu>
        </Card>
      </aside>
      <section className="ipci-uc-content">
        <Outlet />
      </section>
    </div>
  );
}

export function UserInfoPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const site = useSitePath();
  const navigate = useNavigate();
  if (!user) return null;
  return (
    <div className="ipci-stack">
      <h2 className="ipci-page-title">{t('usercenter.menu.info')}</h2>
      <Card>
        <dl className="ipci-dl">
          <dt>{t('user.username')}</dt>
          <dd>{user.username}</dd>
          <dt>{t('user.displayName')}</dt>
          <dd>{user.displayName}</dd>
          <dt>{t('user.kind')}</dt>
          <dd>{user.kind ? t(`user.kinds.${user.kind}`) : '—'}</dd>
          <dt>{t('user.identityState')}</dt>
          <dd>
            <IdentityStateTag state={user.identityState} />
          </dd>
          <dt>{t('user.roles')}</dt>
          <dd className="ipci-dl-wide">
            {user.roles.map((r) => (
              <Tag key={r} minimal style={{ marginRight: 6 }}>
                {t(`roles.${r}`)}
              </Tag>
            ))}
          </dd>
        </dl>
      </Card>
      {user.identityState !== 3 && (
        <Callout intent="primary" icon="id-number" title={t('usercenter.certifyTitle')}>
          <p>{t('usercenter.certifyText')}</p>
          <Button intent="primary" text={t('usercenter.certifyAction')} onClick={() => navigate(site('usercenter/identity'))} />
        </Callout>
      )}
    </div>
  );
}
