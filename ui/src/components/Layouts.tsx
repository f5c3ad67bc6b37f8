import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SiteHeader, StaffHeader } from './Header';
import { LoginDialog } from './LoginDialog';

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

export function SiteLayout() {
  return (
    <div className="ipci-shell">
      <SiteHeader />
      <main className="ipci-main">
        <Outlet />
      </main>
      <SiteFooter />
      <LoginDialog />
    </div>
  );
}

export function StaffLayout() {
  return (
    <div className="ipci-shell ipci-staff">
      <StaffHeader />
      <main className="ipci-main">
        <div className="ipci-container ipci-page">
          <Outlet />
        </div>
      </main>
      <LoginDialog reload={() => window.location.reload()} />
    </div>
  );
}
