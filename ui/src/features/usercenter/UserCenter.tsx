import { Menu, MenuDivider, MenuItem, type IconName } from '@blueprintjs/core';
import { Suspense } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../session/SessionContext';
import { useSitePath } from '../../lib/useLang';
import { IdentityStateTag } from '../identityReview/IdentityStateTag';
import { PageLoading } from '../../components/LoadingBar';
import { SideMenu } from '../../components/SideMenu';
import type { UserCenterRoute } from '../../../../domain/sitePages';

export interface UserCenterArea {
  /** Catalog key under `ucmenu.areas`. */
  key: string;
  /** Path under /{lang}/ipci/usercenter (spec part 2's route names where it gives them); not-open areas show the not-open page. */
  route: UserCenterRoute;
  icon: IconName;
  /** Further paths (first segment) that belong to this entry and keep it highlighted. */
  also?: string[];
}

/** Spec part 1 §2 "User centre menu", grouped as a product would, plus the security settings. */
export const USER_CENTER_MENU: Array<{ group: string; areas: UserCenterArea[] }> = [
  {
    group: 'account',
    areas: [
      { key: 'info', route: '', icon: 'person' },
      { key: 'identity', route: 'identity', icon: 'id-number' },
      { key: 'security', route: 'security', icon: 'shield', also: ['bindphone', 'bindemail', 'password', 'sessions', 'cancellation'] },
      { key: 'messages', route: 'msg', icon: 'notifications', also: ['msgdetail'] },
      { key: 'invitation', route: 'invitation', icon: 'new-person' },
    ],
  },
  {
    group: 'rights',
    areas: [
      { key: 'certificates', route: 'certificates', icon: 'badge' },
      { key: 'traceability', route: 'traceability', icon: 'search-template' },
      { key: 'artists', route: 'artistresource', icon: 'people' },
      { key: 'gallery', route: 'gallerymanagement', icon: 'media' },
      { key: 'protection', route: 'rightprotect', icon: 'take-action', also: ['protectdetail', 'rightprotectupdate'] },
      { key: 'objection', route: 'objection', icon: 'issue', also: ['objectiondetail', 'objectionanswer'] },
    ],
  },
  {
    group: 'trade',
    areas: [
      { key: 'trade', route: 'trade', icon: 'exchange', also: ['tradedetail'] },
      { key: 'traderecord', route: 'traderecord', icon: 'history', also: ['addtraderecord', 'traderecorddetail'] },
    ],
  },
  {
    group: 'services',
    areas: [
      { key: 'monitoring', route: 'monitoring', icon: 'search-around' },
      { key: 'suspecttort', route: 'suspecttort', icon: 'warning-sign' },
      { key: 'watermarkImage', route: 'addwatermarkimage', icon: 'tint' },
      { key: 'watermark', route: 'watermarkdetect', icon: 'tint' },
      { key: 'capacity', route: 'capacity', icon: 'database', also: ['capacitydetail'] },
      { key: 'lawFirmListing', route: 'lawfirm', icon: 'office' },
      { key: 'manufacturerListing', route: 'manufacturer', icon: 'shield' },
    ],
  },
  {
    group: 'finance',
    areas: [
      { key: 'orders', route: 'orderrecord', icon: 'th-list', also: ['orderdetail', 'pay', 'paysuccess'] },
      { key: 'invoice', route: 'invoice', icon: 'document' },
      { key: 'coupons', route: 'mycoupon', icon: 'tag' },
    ],
  },
];

export function UserCenterLayout() {
  const { t } = useTranslation();
  const site = useSitePath();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { user, unread } = useSession();
  const base = site('usercenter');
  const first = pathname.startsWith(base) ? pathname.slice(base.length).split('/').filter(Boolean)[0] ?? '' : null;
  const to = (a: UserCenterArea) => site(a.route ? `usercenter/${a.route}` : 'usercenter');
  const active = (a: UserCenterArea) => first !== null && (first === a.route || Boolean(a.also?.includes(first)));

  return (
    <div className="ipci-container ipci-page ipci-uc">
      <SideMenu>
        {user && (
          <div style={{ marginBottom: 8 }} data-testid="uc-user">
            <strong>{user.displayName || user.username}</strong>
            <div className="ipci-muted" style={{ fontSize: 12, margin: '2px 0 6px' }}>
              {user.username}
            </div>
            {user.kind && <IdentityStateTag state={user.identityState} />}
          </div>
        )}
        <Menu aria-label={t('ucmenu.label')}>
          {USER_CENTER_MENU.map(({ group, areas }) => [
            <MenuDivider key={`g-${group}`} title={t(`ucmenu.groups.${group}`)} />,
            ...areas.map((a) => (
              <MenuItem
                key={a.key}
                icon={a.icon}
                text={t(`ucmenu.areas.${a.key}`)}
                active={active(a)}
                label={a.key === 'messages' && unread > 0 ? (unread > 99 ? '99+' : String(unread)) : undefined}
                href={to(a)}
                onClick={(e: React.MouseEvent) => {
                  e.preventDefault();
                  navigate(to(a));
                }}
                data-testid={`uc-${a.key}`}
              />
            )),
          ])}
        </Menu>
      </SideMenu>
      <section className="ipci-uc-content">
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </section>
    </div>
  );
}
