import { Menu, MenuDivider, MenuItem, type IconName } from '@blueprintjs/core';
import { Suspense } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { mayOpen, type ElementId } from '../../../domain/permissions';
import { isStaff } from '../../../domain/roles';
import { SiteHeader, StaffHeader } from './Header';
import { LoginDialog } from './LoginDialog';
import { PageLoading } from './LoadingBar';
import { SideMenu } from './SideMenu';
import { useSession } from '../session/SessionContext';
import { browser } from '../session/reload';
import { useLang, useSitePath } from '../lib/useLang';
import { SITE_PAGES, USER_CENTER_PAGES } from '../../../domain/sitePages';

/** The footer's link columns: every entry is a page that exists. */
function useFooterColumns(): Array<{ title: string; links: Array<[to: string, label: string]> }> {
  const { t } = useTranslation();
  const lang = useLang();
  const site = useSitePath();
  const uc = (route: string) => site(`${SITE_PAGES.userCenter}/${route}`);
  return [
    {
      title: t('site.footer.platform'),
      links: [
        [site(SITE_PAGES.introduce), t('site.nav.introduce')],
        [site(SITE_PAGES.certificateSearch), t('site.nav.verify')],
        [site(SITE_PAGES.protect), t('site.nav.protect')],
        [`/${lang}/ipcimobile`, t('site.footer.mobile')],
      ],
    },
    {
      title: t('site.footer.userCenter'),
      links: [
        [uc(USER_CENTER_PAGES.titles), t('ucmenu.areas.traceability')],
        [uc(USER_CENTER_PAGES.certificates), t('ucmenu.areas.certificates')],
        [uc(USER_CENTER_PAGES.bills), t('ucmenu.areas.orders')],
        [uc(USER_CENTER_PAGES.messages), t('ucmenu.areas.messages')],
        [uc(USER_CENTER_PAGES.security), t('ucmenu.areas.security')],
      ],
    },
    {
      title: t('site.footer.account'),
      links: [
        [site(SITE_PAGES.register), t('signin.register')],
        [site(SITE_PAGES.login), t('header.login')],
        [site(SITE_PAGES.agreement), t('site.footer.terms')],
      ],
    },
  ];
}

export function SiteFooter() {
  const { t } = useTranslation();
  const columns = useFooterColumns();
  return (
    <footer className="ipci-footer">
      <div className="ipci-container ipci-footer-links">
        {columns.map((c) => (
          <nav key={c.title} aria-label={c.title}>
            <h3>{c.title}</h3>
            <ul>
              {c.links.map(([to, label]) => (
                <li key={to}>
                  <Link to={to}>{label}</Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
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
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
      <LoginDialog reload={reload} />
    </div>
  );
}

export interface StaffEntry {
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
    { to: '/admin/selfWork', icon: 'exchange', label: 'admin.nav.selfWork', element: 'admin.selfWork.manage' },
    { to: '/admin/ipAuthOrder', icon: 'credit-card', label: 'admin.nav.ipAuthOrder', element: 'admin.orders.manage' },
    { to: '/admin/manualWork', icon: 'headset', label: 'admin.nav.manualWork', element: 'admin.manualWork.manage' },
    { to: '/admin/transactionRecord', icon: 'history', label: 'admin.nav.transactionRecord', element: 'admin.tradeRecords.manage' },
    { to: '/admin/evaluationRecords', icon: 'star', label: 'admin.nav.evaluationRecords', element: 'admin.evaluations.view' },
    { to: '/admin/ipCategory', icon: 'tag', label: 'admin.nav.ipCategory', element: 'admin.dictionaries.edit' },
    { to: '/admin/rightScope', icon: 'list-columns', label: 'admin.nav.rightScope', element: 'admin.dictionaries.edit' },
    { to: '/admin/ipInformation', icon: 'info-sign', label: 'admin.nav.ipInformation', element: 'admin.ipInformation.manage' },
    { to: '/admin/objection', icon: 'issue', label: 'admin.nav.objection', element: 'admin.objections.view' },
    { to: '/admin/lawFirm', icon: 'office', label: 'admin.nav.lawFirms', element: 'admin.lawFirms.manage' },
    { to: '/admin/manufacturer', icon: 'shield', label: 'admin.nav.manufacturers', element: 'admin.manufacturers.manage' },
    { to: '/admin/rightProtect', icon: 'take-action', label: 'admin.nav.rightProtect', element: 'admin.protection.manage' },
    { to: '/admin/rightPublic', icon: 'manual', label: 'admin.nav.rightPublic', element: 'admin.publicity.manage' },
    { to: '/admin/package', icon: 'database', label: 'admin.nav.packages', element: 'admin.packages.manage' },
    { to: '/admin/antifakeOrder', icon: 'shopping-cart', label: 'admin.nav.antiOrders', element: 'admin.antiOrders.view' },
    { to: '/admin/antiStatistics', icon: 'timeline-bar-chart', label: 'admin.nav.antiStatistics', element: 'admin.antiOrders.view' },
    { to: '/admin/imageWatermark', icon: 'media', label: 'admin.nav.imageWatermark', element: 'admin.watermarks.view' },
    { to: '/admin/videoWatermark', icon: 'video', label: 'admin.nav.videoWatermark', element: 'admin.watermarks.view' },
    { to: '/admin/imageDetection', icon: 'search-template', label: 'admin.nav.imageDetection', element: 'admin.watermarks.view' },
    { to: '/admin/videoDetection', icon: 'film', label: 'admin.nav.videoDetection', element: 'admin.watermarks.view' },
    { to: '/admin/detectedWatermark', icon: 'endorsed', label: 'admin.nav.detectedWatermark', element: 'admin.watermarks.view' },
    { to: '/admin/tort', icon: 'take-action', label: 'admin.nav.tort', element: 'admin.tort.manage' },
    { to: '/admin/monitoringSubscription', icon: 'search-around', label: 'admin.nav.monitoringSubscriptions', element: 'admin.monitoring.view' },
    { to: '/admin/monitoringOrder', icon: 'shopping-cart', label: 'admin.nav.monitoringOrders', element: 'admin.orders.manage' },
    { to: '/admin/crawlSite', icon: 'globe-network', label: 'admin.nav.crawlSites', element: 'admin.crawlSites.manage' },
    { to: '/admin/crawlRun', icon: 'history', label: 'admin.nav.crawlRuns', element: 'admin.monitoring.view' },
    { to: '/admin/calendar', icon: 'calendar', label: 'nav.calendar', element: 'admin.calendar.edit' },
  ],
  [{ to: '/admin/updatePassword', icon: 'lock', label: 'admin.nav.password', element: 'admin.password' }],
];

/** The back office's entries this session may use, in their groups (the menu, the /admin overview). */
export function useStaffEntries(): StaffEntry[][] {
  const { user } = useSession();
  if (!user) return [];
  return STAFF_MENU.map((g) => g.filter((e) => user.permission?.includes(e.element) && mayOpen(e.to.split('?')[0], user.roles))).filter((g) => g.length);
}

export function StaffMenu() {
  const { t } = useTranslation();
  const { user } = useSession();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const groups = useStaffEntries();
  if (!user) return null;
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
            <SideMenu>
              <StaffMenu />
            </SideMenu>
          )}
          <section className={withMenu ? 'ipci-uc-content' : undefined}>
            <Suspense fallback={<PageLoading />}>
              <Outlet />
            </Suspense>
          </section>
        </div>
      </main>
      <LoginDialog reload={reload} />
    </div>
  );
}
