import { Button, Card, Icon, Tag, type IconName } from '@blueprintjs/core';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '../session/SessionContext';
import { SearchBox } from '../components/SearchBox';
import { useSitePath } from '../lib/useLang';
import { SITE_PAGES } from '../../../domain/sitePages';
import { formatIpciCode, makeIpciCode } from '../../../domain/ipci';

/** The sample certificate shows a code in the grouped form every page and the PDF use. */
const SAMPLE_CODE = formatIpciCode(makeIpciCode(2026, 128));

/** Each service card leads to its page: the introduction, or the user-centre area (which says when it is not open yet). */
const SERVICES: Array<{ key: string; icon: IconName; to: string }> = [
  { key: 'confirmation', icon: 'endorsed', to: SITE_PAGES.introduce },
  { key: 'licensing', icon: 'exchange', to: SITE_PAGES.tradeIntro },
  { key: 'protection', icon: 'shield', to: SITE_PAGES.protect },
  { key: 'monitoring', icon: 'search-around', to: SITE_PAGES.monitoring },
];

const STEPS = ['register', 'certify', 'apply', 'issue'] as const;

export function HomePage() {
  const { t } = useTranslation();
  const { user, openLogin } = useSession();
  const site = useSitePath();
  const navigate = useNavigate();
  return (
    <div className="ipci-home">
      <section className="ipci-hero">
        <div className="ipci-container ipci-hero-inner">
          <div className="ipci-hero-text">
            <Tag minimal round intent="primary" size="large" icon="badge">
              {t('home.badge')}
            </Tag>
            <h1>{t('app.name')}</h1>
            <p className="ipci-hero-lead">{t('home.lead')}</p>
            <div className="ipci-hero-actions">
              {user ? (
                <Button size="large" intent="primary" icon="person" text={t('home.toUserCenter')} onClick={() => navigate(site('usercenter'))} />
              ) : (
                <Button size="large" intent="primary" icon="log-in" text={t('home.login')} onClick={openLogin} />
              )}
              <Button size="large" variant="outlined" icon="id-number" text={t('home.certify')} onClick={() => (user ? navigate(site('usercenter/identity')) : openLogin())} />
            </div>
            <SearchBox
              style={{ marginTop: 20, maxWidth: 560 }}
              testId="home-search"
              // The search list takes the words by ?q=, like any search it shows.
              onSearch={(q) => navigate(site(q ? `${SITE_PAGES.ipSearch}?q=${encodeURIComponent(q)}` : SITE_PAGES.ipSearch))}
            />
          </div>
          <div className="ipci-hero-card" aria-hidden>
            <div className="ipci-cert">
              <div className="ipci-cert-head">
                <Icon icon="endorsed" size={22} />
                <span>IPCI</span>
              </div>
              <div className="ipci-cert-code">{SAMPLE_CODE}</div>
              <div className="ipci-cert-line" />
              <div className="ipci-cert-line short" />
              <div className="ipci-cert-seal">{t('home.certSample')}</div>
            </div>
          </div>
        </div>
      </section>

      <section className="ipci-container ipci-section">
        <h2 className="ipci-section-title">{t('home.servicesTitle')}</h2>
        <div className="ipci-grid-4">
          {SERVICES.map((s) => (
            <Card key={s.key} className="ipci-service" elevation={1} data-testid={`service-${s.key}`}>
              <div className="ipci-service-icon">
                <Icon icon={s.icon} size={24} />
              </div>
              <h3>
                <Link to={site(s.to)} className="ipci-service-link">
                  {t(`home.services.${s.key}.title`)}
                </Link>
              </h3>
              <p>{t(`home.services.${s.key}.text`)}</p>
              <span className="ipci-service-more" aria-hidden>
                {t('site.home.more')} <Icon icon="arrow-right" size={12} />
              </span>
            </Card>
          ))}
        </div>
      </section>

      <section className="ipci-container ipci-section ipci-verify-band">
        <div>
          <h2 className="ipci-section-title">{t('site.home.verifyTitle')}</h2>
          <p className="ipci-muted">{t('site.home.verifyText')}</p>
        </div>
        <Button size="large" icon="endorsed" text={t('site.home.verifyAction')} onClick={() => navigate(site(SITE_PAGES.certificateSearch))} />
      </section>

      <section className="ipci-band">
        <div className="ipci-container ipci-section">
          <h2 className="ipci-section-title">{t('home.stepsTitle')}</h2>
          <ol className="ipci-steps">
            {STEPS.map((s, i) => (
              <li key={s}>
                <span className="ipci-step-no">{i + 1}</span>
                <div>
                  <strong>{t(`home.steps.${s}.title`)}</strong>
                  <p>{t(`home.steps.${s}.text`)}</p>
                </div>
              </li>
            ))}
          </ol>
        </div>
      </section>
    </div>
  );
}
