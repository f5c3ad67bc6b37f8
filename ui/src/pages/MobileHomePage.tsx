import { Card, Icon, type IconName } from '@blueprintjs/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '../session/SessionContext';
import { useSitePath } from '../lib/useLang';
import { SITE_PAGES } from '../../../domain/sitePages';

/**
 * /{lang}/ipcimobile: the mobile site's landing. It leads to the site's pages that work on a
 * phone (they reflow below 900 px); the full mobile site is a later issue.
 */
export function MobileHomePage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const site = useSitePath();
  const entries: Array<{ to: string; icon: IconName; title: string; text: string }> = [
    { to: site(SITE_PAGES.certificateSearch), icon: 'endorsed', title: t('site.nav.verify'), text: t('site.mobile.verifyText') },
    { to: site(SITE_PAGES.introduce), icon: 'info-sign', title: t('site.nav.introduce'), text: t('site.mobile.introduceText') },
    user
      ? { to: site(SITE_PAGES.userCenter), icon: 'person', title: t('nav.userCenter'), text: t('site.mobile.userCenterText') }
      : { to: site(SITE_PAGES.login), icon: 'log-in', title: `${t('header.login')} / ${t('signin.register')}`, text: t('site.mobile.loginText') },
  ];
  return (
    <div className="ipci-container ipci-page ipci-mobile-home" data-testid="mobile-home">
      <h1 className="ipci-page-title">{t('site.mobile.title')}</h1>
      <p className="ipci-muted">{t('site.mobile.lead')}</p>
      <nav className="ipci-mobile-entries" aria-label={t('site.mobile.title')}>
        {entries.map((e) => (
          <Link key={e.to} to={e.to} className="ipci-mobile-entry">
            <Card interactive>
              <Icon icon={e.icon} size={22} />
              <span className="ipci-mobile-entry-text">
                <strong>{e.title}</strong>
                <span className="ipci-muted">{e.text}</span>
              </span>
              <Icon icon="chevron-right" />
            </Card>
          </Link>
        ))}
      </nav>
      <p>
        <Link to={site()}>{t('site.mobile.desktop')}</Link>
      </p>
    </div>
  );
}
