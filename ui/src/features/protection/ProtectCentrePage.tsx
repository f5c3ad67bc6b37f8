import { Card, Icon, type IconName } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PROTECTION_ACCEPTANCE_WORKING_DAYS, PROTECTION_REFUSAL_REASONS } from '../../../../domain/protection';
import { useSitePath } from '../../lib/useLang';
import { LatestPublicity } from '../publicity/PublicityPages';
import './protection.css';

const ENTRIES: Array<{ key: 'administrative' | 'legal' | 'publicity' | 'antifake' | 'monitoring'; icon: IconName; to: string }> = [
  { key: 'administrative', icon: 'take-action', to: 'protect/rightprocess' },
  { key: 'legal', icon: 'briefcase', to: 'protect/legalrights' },
  { key: 'monitoring', icon: 'search-around', to: 'protect/monitoring' },
  { key: 'publicity', icon: 'manual', to: 'protect/publicity' },
  { key: 'antifake', icon: 'shield', to: 'protect/antifake' },
];

/**
 * protect (spec part 2 §2): the rights-protection centre — what the platform's protection is, who may
 * apply and when it is refused, the reply on acceptance within 7 working days, and the ways in.
 */
export function ProtectCentrePage() {
  const { t } = useTranslation();
  const site = useSitePath();
  const days = { days: PROTECTION_ACCEPTANCE_WORKING_DAYS };
  return (
    <div className="ipci-container ipci-page ipci-stack" data-testid="protect-centre">
      <h1 className="ipci-page-title">{t('protection.centre.title')}</h1>
      <p className="ipci-muted">{t('protection.centre.lead')}</p>
      <div className="ipci-protect-entries">
        {ENTRIES.map((e) => (
          <Card key={e.key} className="ipci-protect-entry" data-testid={`protect-entry-${e.key}`}>
            <h3>
              <Icon icon={e.icon} /> {t(`protection.centre.entries.${e.key}.title`)}
            </h3>
            <p className="ipci-muted">{t(`protection.centre.entries.${e.key}.text`, days)}</p>
            <Link to={site(e.to)} className="bp6-button bp6-intent-primary">
              {t(`protection.centre.entries.${e.key}.action`)}
            </Link>
          </Card>
        ))}
      </div>
      <Card data-testid="protect-notice">
        <h3 className="ipci-section-title">{t('protection.centre.noticeTitle')}</h3>
        <ul className="ipci-protect-notice">
          <li>{t('protection.centre.notice.what')}</li>
          <li data-testid="notice-who">{t('protection.centre.notice.who')}</li>
          <li data-testid="notice-reply">{t('protection.centre.notice.reply', days)}</li>
          <li>
            {t('protection.centre.notice.refusedWhen')}
            <ul>
              {PROTECTION_REFUSAL_REASONS.map((r) => (
                <li key={r}>{t(`protection.refusal.${r}`)}</li>
              ))}
            </ul>
          </li>
          <li>{t('protection.centre.notice.evidence')}</li>
          <li>{t('protection.centre.notice.progress')}</li>
        </ul>
      </Card>
      <LatestPublicity />
    </div>
  );
}
