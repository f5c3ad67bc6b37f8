import { Card, Menu, MenuDivider, MenuItem, type IconName } from '@blueprintjs/core';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { mayOpen, type ElementId } from '../../../domain/permissions';
import { isStaff } from '../../../domain/roles';
import { SiteHeader, StaffHeader } from './Header';
import { LoginDialog } from './LoginDialog';
import { useSession } from '../session/SessionContext';
import { browser } from '../session/reload';

export function SiteFooter() {
  const { t } = useTranslation();
  return (
    <footer className="ipci-footer">
      <div className="ipci-container ipci-footer-inner">
        <span>
          © {new Date().getFullYear()} {t('app.name')}
        </span>
        <span>{t('footer.note')}</span>
      </div>
    </footer>
  );
}

/** Spec part 1 §4: after a login from the dialog (opened by a 401) the page reloads. */
const reload = () => browser.reload();

export function SiteLayout() {
  return (
    <div className="ipci-shell">
      <SiteHeader />
      <main className="ipci-main">
        <Outlet />
      </main>
      <SiteFooter />
      <LoginDialog reload={reload} />
    </div>
  );
}

interface StaffEntry {
  to: string;
  icon: IconName;
  label: string;
  element: ElementId;
}

/** The back office's navigation; an entry shows only when the session may use it (spec part 1 §6). */
const STAFF_MENU: StaffEntry[][] = [
  [
    { to: '/manage/inbox', icon: 'inbox', label: 'nav.inbox', element: 'inbox.view' },
    { to: '/manage/inbox?queue=cancellation', icon: 'disable', label: 'admin.nav.cancellations', element: 'cancellation.audit' },
  ],
  [
    { to: '/admin/userManagement', icon: 'people', label: 'admin.nav.users', element: 'admin.users.view' },
    { to: '/admin/roles', icon: 'key', label: 'admin.nav.roles', element: 'admin.roles.edit' },
    { to: '/admin/invitationStatistics', icon: 'chart', label: 'admin.nav.invitations', element: 'admin.invitations.view' },
    { to: '/admin/outbox', icon: 'envelope', label: 'admin.nav.outbox', element: 'admin.outbox.view' },
    { to: '/admin/myMsg', icon: 'send-message', label: 'admin.nav.sendMessage', element: 'admin.messages.send' },
    { to: '/admin/ciOrder', icon: 'th-list', label: 'admin.nav.orders', element: 'admin.orders.manage' },
    { to: '/admin/calendar', icon: 'calendar', label: 'nav.calendar', element: 'admin.calendar.edit' },
  ],
  [{ to: '/admin/updatePassword', icon: 'lock', label: 'admin.nav.password', element: 'admin.password' }],
];

export function StaffMenu() {
  const { t } = useTranslation();
  const { user } = useSession();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  if (!user) return null;
  const groups = STAFF_MENU.map((g) => g.filter((e) => user.permission?.includes(e.element) && mayOpen(e.to.split('?')[0], user.roles))).filter((g) => g.length);
  const here = pathname + search;
  const isActive = (to: string) => (to.includes('?') ? here === to : pathname.startsWith(to) && !(to === '/manage/inbox' && search.includes('queue=cancellation')));
  return (
    <Menu aria-label={t('admin.nav.title')} data-testid="staff-menu">
      <MenuDivider title={t('admin.nav.title')} />
      {groups.map((g, i) => [
        i > 0 && <MenuDivider key={`d${i}`} />,
        ...g.map((e) => <MenuItem key={e.to} icon={e.icon} text={t(e.label)} active={isActive(e.to)} onClick={() => navigate(e.to)} />),
      ])}
    </Menu>
  );
}

export function StaffLayout() {
  const { user } = useSession();
  const withMenu = Boolean(user && isStaff(user.roles));
  return (
    <div className="ipci-shell ipci-staff">
      <StaffHeader />
      <main className="ipci-main">
        <div className={`ipci-container ipci-page${withMenu ? ' ipci-uc' : ''}`}>
          {withMenu && (
            <aside className="ipci-uc-menu">
              <Card>
                <StaffMenu />
              </Card>
            </aside>
          )}
          <section className={withMenu ? 'ipci-uc-content' : undefined}>
            <Outlet />
          </section>
        </div>
      </main>
      <LoginDialog reload={reload} />
    </div>
  );
}
