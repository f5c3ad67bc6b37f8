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
      <Button variant="minimal" icon="translate" endIcon="caret-down" text={LANGUAGE_NAMES[lang]} aria-label={t('header.language')} />
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

/** The public site header: product name, navigation, language, and the signed-in user. */
export function SiteHeader() {
  const { t } = useTranslation();
  const { user, openLogin } = useSession();
  const site = useSitePath();
  return (
    <Navbar className="ipci-navbar">
      <div className="ipci-container ipci-navbar-inner">
        <NavbarGroup align={Alignment.START}>
          <Brand to={site()} sub={t('app.shortName')} />
          <NavbarDivider />
          <NavLink to={site()} end className={({ isActive }) => `ipci-navlink${isActive ? ' is-active' : ''}`}>
            {t('nav.home')}
          </NavLink>
          <NavLink to={site('usercenter')} className={({ isActive }) => `ipci-navlink${isActive ? ' is-active' : ''}`}>
            {t('nav.userCenter')}
          </NavLink>
          {user && isStaff(user.roles) && (
            <NavLink to="/manage/inbox" className="ipci-navlink">
              {t('nav.inbox')}
            </NavLink>
          )}
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
              <NavLink to={site('register')} className="ipci-navlink">
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
