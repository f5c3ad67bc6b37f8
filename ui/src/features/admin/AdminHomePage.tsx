import { Card, Icon } from '@blueprintjs/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useStaffEntries } from '../../components/Layouts';

/** /admin: an overview of the back office's areas this admin may open (the staff menu's entries, as cards). */
export function AdminHomePage() {
  const { t } = useTranslation();
  const entries = useStaffEntries().flat();
  return (
    <div className="ipci-stack" data-testid="admin-home">
      <h2 className="ipci-page-title">{t('site.admin.title')}</h2>
      <p className="ipci-muted">{t('site.admin.lead')}</p>
      <nav className="ipci-admin-grid" aria-label={t('site.admin.title')}>
        {entries.map((e) => (
          <Link key={e.to} to={e.to} className="ipci-admin-entry">
            <Card interactive>
              <Icon icon={e.icon} size={20} />
              <span>{t(e.label)}</span>
            </Card>
          </Link>
        ))}
      </nav>
    </div>
  );
}
