import { Alignment, Button, Menu, MenuDivider, MenuItem, Navbar, NavbarDivider, NavbarGroup, NavbarHeading, PopoverNext, Tag } from '@blueprintjs/core';
import { Link, NavLink, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '../session/SessionContext';
import { useLang, useSitePath } from '../lib/useLang';
import { LANGUAGE_NAMES, LANGUAGES, useSwitchLanguage } from './LangGuard';
import { isStaff } from '../../../domain/roles';
import { Permitted } from '../session/permissions';
import { currentLang } from '../i18n';
import { Avatar } from '../features/profile/Avatar';
import { SITE_PAGES } from '../../../domain/sitePages';

export function LanguageSwitcher() {
  const lang = useLang();
  const switchTo = useSwitchLanguage();
  const { t } = useTranslation();
  return (
    <PopoverNext
      placement="bottom-end"
      content={
        <Menu aria-label={t('header.language')}>
          {LANGUAGES.map((l) => (
            <MenuItem key={l} text={LANGUAGE_NAMES[l]} label={l} active={l === lang} roleStructure="listoption" selected={l === lang} onClick={() => switchTo(l)} />
          ))}
        </Menu>
      }
    >
      <Button className="ipci-lang-switch" variant="minimal" icon="translate" endIcon="caret-down" text={LANGUAGE_NAMES[lang]} aria-label={t('header.language')} />
    </PopoverNext>
  );
}

function Brand({ to, sub }: { to: string; sub: string }) {
  return (
    <NavbarHeading>
      <Link to={to} className="ipci-brand">
        <span className="ipci-brand-mark">IPCI</span>
        <span className="ipci-brand-sub">{sub}</span>
      </Link>
    </NavbarHeading>
  );
}

function UnreadButton({ to }: { to: string }) {
  const { t } = useTranslation();
  const { unread } = useSession();
  const navigate = useNavigate();
  return (
    <Button variant="minimal" icon="notifications" onClick={() => navigate(to)} aria-label={t('header.messages')} title={t('header.messages')}>
      {unread > 0 && (
        <Tag round intent="danger" data-testid="unread-count">
          {unread > 99 ? '99+' : unread}
        </Tag>
      )}
    </Button>
  );
}

function UserMenu({ staff }: { staff: boolean }) {
  const { t } = useTranslation();
  const { user, logout } = useSession();
  const site = useSitePath();
  const navigate = useNavigate();
  if (!user) return null;
  return (
    <PopoverNext
      placement="bottom-end"
      content={
        <Menu>
          <MenuDivider title={user.username} />
          {!staff && <MenuItem icon="person" text={t('nav.userCenter')} onClick={() => navigate(site('usercenter'))} />}
          {!staff && <MenuItem icon="id-number" text={t('usercenter.menu.identity')} onClick={() => navigate(site('usercenter/identity'))} />}
          {staff && <MenuItem icon="inbox" text={t('nav.inbox')} onClick={() => navigate('/manage/inbox')} />}
          <MenuDivider />
          <MenuItem icon="log-out" text={t('header.logout')} intent="danger" onClick={() => void logout()} />
        </Menu>
      }
    >
      <Button
        variant="minimal"
        icon={<Avatar uploadId={user.avatarUploadId} name={user.displayName || user.username} size={22} decorative />}
        endIcon="caret-down"
        text={user.displayName || user.username}
      />
    </PopoverNext>
  );
}

/** The site's sections, in the header (a menu button on phones) and the footer. */
function useSiteLinks(): Array<{ to: string; label: string; end?: boolean }> {
  const { t } = useTranslation();
  const { user } = useSession();
  const site = useSitePath();
  return [
    { to: site(), label: t('nav.home'), end: true },
    { to: site(SITE_PAGES.introduce), label: t('site.nav.introduce') },
    { to: site(SITE_PAGES.certificateSearch), label: t('site.nav.verify') },
    { to: site(SITE_PAGES.userCenter), label: t('nav.userCenter') },
    ...(user && isStaff(user.roles) ? [{ to: '/manage/inbox', label: t('nav.inbox') }] : []),
  ];
}

/** The public site header: product name, navigation, language, and the signed-in user. */
export function SiteHeader() {
  const { t } = useTranslation();
  const { user, openLogin } = useSession();
  const site = useSitePath();
  const navigate = useNavigate();
  const links = useSiteLinks();
  return (
    <Navbar className="ipci-navbar">
      <div className="ipci-container ipci-navbar-inner">
        <NavbarGroup align={Alignment.START}>
          <Brand to={site()} sub={t('app.shortName')} />
          <NavbarDivider className="ipci-desktop-only" />
          <nav className="ipci-navlinks ipci-desktop-only" aria-label={t('site.nav.menu')}>
            {links.map((l) => (
              <NavLink key={l.to} to={l.to} end={l.end} className={({ isActive }) => `ipci-navlink${isActive ? ' is-active' : ''}`}>
                {l.label}
              </NavLink>
            ))}
          </nav>
          <PopoverNext
            className="ipci-phone-only"
            placement="bottom-start"
            content={
              <Menu aria-label={t('site.nav.menu')}>
                {links.map((l) => (
                  <MenuItem key={l.to} text={l.label} href={l.to} onClick={(e: React.MouseEvent) => (e.preventDefault(), navigate(l.to))} />
                ))}
              </Menu>
            }
          >
            <Button variant="minimal" icon="menu" aria-label={t('site.nav.menu')} />
          </PopoverNext>
        </NavbarGroup>
        <NavbarGroup align={Alignment.END}>
          <LanguageSwitcher />
          <NavbarDivider />
          {user ? (
            <>
              <UnreadButton to={site('usercenter/msg')} />
              <UserMenu staff={false} />
            </>
          ) : (
            <>
              <NavLink to={site('register')} className="ipci-navlink ipci-desktop-only">
                {t('signin.register')}
              </NavLink>
              <Button intent="primary" icon="log-in" text={t('header.login')} onClick={openLogin} />
            </>
          )}
        </NavbarGroup>
      </div>
    </Navbar>
  );
}

/** The staff header (no language prefix; the cookie language applies); navigation is the staff menu (Layouts). */
export function StaffHeader() {
  const { t } = useTranslation();
  const { user } = useSession();
  return (
    <Navbar className="ipci-navbar ipci-navbar-staff">
      <div className="ipci-container ipci-navbar-inner">
        <NavbarGroup align={Alignment.START}>
          <Brand to="/manage/inbox" sub={t('app.staffName')} />
        </NavbarGroup>
        <NavbarGroup align={Alignment.END}>
          <LanguageSwitcher />
          {user && (
            <>
              <NavbarDivider />
              <Permitted element="messages.read">
                <UnreadButton to={`/${currentLang()}/ipci/usercenter/msg`} />
              </Permitted>
              <UserMenu staff />
            </>
          )}
        </NavbarGroup>
      </div>
    </Navbar>
  );
}
