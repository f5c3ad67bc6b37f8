import { AnchorButton, Card, HTMLTable, Icon, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import type { CatalogueDetailJson } from '../../../../domain/catalogue';
import { formatIpciCode } from '../../../../domain/ipci';
import { ipNameIn } from '../../../../domain/ipNames';
import { SITE_PAGES } from '../../../../domain/sitePages';
import { api, ApiError } from '../../api/client';
import { countryName, formatDate } from '../../lib/format';
import { useDictionary } from '../../lib/useDictionary';
import { useLang, useSitePath } from '../../lib/useLang';
import { IpCard } from './IpCard';
import './catalogue.css';

const INTRO_KEY = { 'zh-CN': 'zh', 'en-US': 'en', 'ja-JP': 'ja' } as const;

/** The licensing actions of an IP: each trade form (and the objection form) takes the IP by `?ipci=`. */
const ACTIONS = [
  { key: 'selfService', path: SITE_PAGES.tradeSelfService, intent: 'primary', icon: 'exchange' },
  { key: 'entrusted', path: SITE_PAGES.tradeEntrusted, intent: 'none', icon: 'office' },
  { key: 'contactSeller', path: SITE_PAGES.tradeContactSeller, intent: 'none', icon: 'chat' },
  { key: 'objection', path: SITE_PAGES.objectionForm, intent: 'none', icon: 'flag' },
] as const;

function Stars({ value }: { value: number }) {
  const { t } = useTranslation();
  const full = Math.round(value);
  return (
    <span className="ipci-stars" role="img" aria-label={t('catalogue.detail.stars', { count: full })}>
      {'★'.repeat(full)}
      <span className="ipci-stars-off">{'★'.repeat(5 - full)}</span>
    </span>
  );
}

function Section({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <Card className="ipci-detail-section" data-testid={testId}>
      <h2 className="ipci-section-title">{title}</h2>
      {children}
    </Card>
  );
}

function Facts({ rows }: { rows: Array<[string, ReactNode]> }) {
  return (
    <dl className="ipci-facts">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value || '—'}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * /:lang/ipci/right/detail/:id — one listed IP (spec part 1 §2): copyright detail, certificate
 * detail with its verification link, related information, the trade records the holder shows, owner
 * information (verified name, credit score), the owner's other copyrights and the buyers' ratings,
 * with the licensing actions. Each visit counts one search of the IP.
 */
export function CatalogueDetailPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const site = useSitePath();
  const navigate = useNavigate();
  const id = useParams().id ?? '';
  const { labelOf } = useDictionary('ipCategory');
  const scopes = useDictionary('rightScope');
  const [answer, setAnswer] = useState<{ ip?: CatalogueDetailJson; error?: string }>();

  useEffect(() => {
    let live = true;
    setAnswer(undefined);
    api
      .get<{ ip: CatalogueDetailJson }>(`/api/public/ip/${encodeURIComponent(id)}`, undefined, { quiet: true })
      .then((r) => live && setAnswer({ ip: r.ip }))
      .catch((e: unknown) => live && setAnswer({ error: e instanceof ApiError && e.status === 404 ? e.message || t('catalogue.notFound', { ns: 'errors' }) : t('failure.load') }));
    return () => {
      live = false;
    };
  }, [id, t]);

  const back = (
    <Link to={site(SITE_PAGES.ipSearch)}>
      <Icon icon="arrow-left" /> {t('catalogue.back')}
    </Link>
  );
  if (!answer)
    return (
      <div className="ipci-page-center">
        <Spinner />
      </div>
    );
  if (!answer.ip)
    return (
      <div className="ipci-container ipci-page">
        <NonIdealState icon="search" title={answer.error} action={back} />
      </div>
    );

  const ip = answer.ip;
  const c = ip.copyright;
  const name = ipNameIn(ip.names, lang);
  const otherNames = [ip.names.zh, ip.names.en, ip.names.ja].filter((n) => n && n !== name);
  const intro = c.intro[INTRO_KEY[lang]] || c.intro.zh || c.intro.en || c.intro.ja;
  const yesNo = (v: boolean) => t(`catalogue.detail.${v ? 'yes' : 'no'}`);
  const term = (from: string | null, to: string | null) => (from && to ? t('catalogue.detail.termRange', { from: formatDate(from, lang), to: formatDate(to, lang) }) : t('titleRegistration.term.Y'));
  const pictures = [...c.images.main, ...c.images.display];

  return (
    <div className="ipci-container ipci-page ipci-detail">
      <nav className="ipci-detail-back">{back}</nav>
      <Card className="ipci-detail-head" elevation={1}>
        <div className="ipci-detail-cover">{ip.cover ? <img src={ip.cover} alt={name} /> : <Icon icon="media" size={48} />}</div>
        <div className="ipci-detail-title">
          <h1 className="ipci-page-title" data-testid="ip-name">
            {name}
          </h1>
          {otherNames.length > 0 && <p className="ipci-muted">{otherNames.join(' · ')}</p>}
          <div className="ipci-ip-tags">
            <Tag minimal>{labelOf(ip.category)}</Tag>
            <Tag minimal>{countryName(ip.country, lang)}</Tag>
            <Tag minimal intent={ip.tradeStatus === 'exclusive' ? 'warning' : ip.tradeStatus === 'open' ? 'success' : 'primary'}>
              {t(`catalogue.tradeStatus.${ip.tradeStatus}`)}
            </Tag>
          </div>
          <div className="ipci-ip-meta">
            <span className="ipci-ip-code">{formatIpciCode(ip.code)}</span>
            <span>{t('catalogue.views', { count: ip.searchCount })}</span>
            <span>{ip.ratings.count ? t('catalogue.rating', { average: (ip.ratings.average ?? 0).toFixed(1), count: ip.ratings.count }) : t('catalogue.noRating')}</span>
          </div>
          <div className="ipci-detail-actions" role="group" aria-label={t('catalogue.action.label')}>
            {ACTIONS.map((a) => (
              <AnchorButton
                key={a.key}
                intent={a.intent}
                icon={a.icon}
                variant={a.key === 'objection' ? 'minimal' : undefined}
                href={site(`${a.path}?ipci=${ip.id}`)}
                onClick={(e) => {
                  e.preventDefault();
                  navigate(site(`${a.path}?ipci=${ip.id}`));
                }}
                text={t(`catalogue.action.${a.key}`)}
                data-testid={`action-${a.key}`}
              />
            ))}
          </div>
        </div>
      </Card>

      <div className="ipci-detail-columns">
        <div className="ipci-detail-main">
          <Section title={t('catalogue.section.copyright')} testId="section-copyright">
            {intro && <p className="ipci-detail-intro">{intro}</p>}
            <Facts
              rows={[
                [t('fields.holder'), ip.holder],
                [t('fields.holderStatus'), c.holderStatus && t(`titleRegistration.holderStatus.${c.holderStatus}`)],
                [t('fields.holderIntro'), c.holderIntro],
                [t('fields.ipCategory'), labelOf(ip.category)],
                [t('fields.ipCountry'), countryName(ip.country, lang)],
                [t('fields.usageScope'), c.usageScope],
                [t('fields.sublicensing'), ip.sublicensing && t(`titleRegistration.sublicensing.${ip.sublicensing}`)],
                [t('fields.rightsRegion'), c.rightsRegion],
                [t('fields.termType'), ip.termType === 'N' ? term(c.termFrom, c.termTo) : ip.termType && t(`titleRegistration.term.${ip.termType}`)],
                [t('fields.exclusive'), ip.exclusive && t(`titleRegistration.exclusive.${ip.exclusive}`)],
                [t('fields.adaptedWorkName'), c.adaptedWorkName],
                [t('fields.channelRange'), c.channelRange],
              ]}
            />
            {pictures.length > 0 && (
              <>
                <h3 className="ipci-detail-subtitle">{t('catalogue.section.images')}</h3>
                <div className="ipci-detail-gallery">
                  {pictures.map((src) => (
                    <a key={src} href={src} target="_blank" rel="noreferrer">
                      <img src={src} alt="" loading="lazy" />
                    </a>
                  ))}
                </div>
              </>
            )}
            {c.risk && (
              <>
                <h3 className="ipci-detail-subtitle">{t('catalogue.section.risk')}</h3>
                <Facts
                  rows={[
                    [t('catalogue.detail.everDefendant'), yesNo(c.risk.everDefendant)],
                    [t('catalogue.detail.governmentBanned'), yesNo(c.risk.governmentBanned)],
                    [t('fields.riskDescription'), c.risk.description],
                  ]}
                />
              </>
            )}
          </Section>

          <Section title={t('catalogue.section.related')} testId="section-related">
            {ip.related.videoLink || ip.related.siteLink ? (
              <ul className="ipci-detail-links">
                {ip.related.videoLink && (
                  <li>
                    <Icon icon="video" /> {t('fields.videoLink')}:{' '}
                    <a href={ip.related.videoLink} target="_blank" rel="noreferrer noopener">
                      {ip.related.videoLink}
                    </a>
                  </li>
                )}
                {ip.related.siteLink && (
                  <li>
                    <Icon icon="globe-network" /> {t('fields.siteLink')}:{' '}
                    <a href={ip.related.siteLink} target="_blank" rel="noreferrer noopener">
                      {ip.related.siteLink}
                    </a>
                  </li>
                )}
              </ul>
            ) : (
              <p className="ipci-muted">{t('catalogue.detail.noRelated')}</p>
            )}
          </Section>

          <Section title={t('catalogue.section.tradeRecords')} testId="section-records">
            {ip.tradeRecords.length ? (
              <div className="ipci-list-scroll">
                <HTMLTable compact striped className="ipci-detail-table">
                  <thead>
                    <tr>
                      <th>{t('catalogue.detail.licensee')}</th>
                      <th>{t('catalogue.detail.scope')}</th>
                      <th>{t('fields.sublicensing')}</th>
                      <th>{t('catalogue.detail.region')}</th>
                      <th>{t('catalogue.detail.term')}</th>
                      <th>{t('catalogue.detail.enteredOn')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {ip.tradeRecords.map((r) => (
                      <tr key={r.id}>
                        <td>
                          {r.licensee} {r.exclusive && <Tag minimal intent="warning">{t('catalogue.detail.exclusiveLicence')}</Tag>}
                        </td>
                        <td>{r.scope.map((s) => scopes.labelOf(s)).join('、') || '—'}</td>
                        <td>{t(`titleRegistration.sublicensing.${r.sublicensing}`)}</td>
                        <td>{r.region ? countryName(r.region, lang) : t('catalogue.detail.worldwide')}</td>
                        <td>{term(r.termFrom, r.termTo)}</td>
                        <td>{formatDate(r.enteredOn, lang)}</td>
                      </tr>
                    ))}
                  </tbody>
                </HTMLTable>
              </div>
            ) : (
              <p className="ipci-muted">{t('catalogue.detail.noRecords')}</p>
            )}
          </Section>

          <Section title={t('catalogue.section.ratings')} testId="section-ratings">
            {ip.ratings.items.length ? (
              <ul className="ipci-ratings">
                {ip.ratings.items.map((r) => (
                  <li key={r.id}>
                    <div className="ipci-rating-head">
                      <Stars value={r.stars} />
                      <strong>{r.evaluator ?? t('catalogue.detail.anonymous')}</strong>
                      <span className="ipci-muted">{formatDate(r.createdAt, lang)}</span>
                    </div>
                    {r.comment && <p>{r.comment}</p>}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="ipci-muted">{t('catalogue.detail.noRatings')}</p>
            )}
          </Section>
        </div>

        <aside className="ipci-detail-side">
          <Section title={t('catalogue.section.certificate')} testId="section-certificate">
            <Facts
              rows={[
                [t('catalogue.detail.code'), <span className="ipci-ip-code">{formatIpciCode(ip.certificate.code)}</span>],
                [t('catalogue.detail.issuedAt'), formatDate(ip.certificate.issuedAt, lang)],
                [t('catalogue.detail.validUntil'), ip.certificate.validUntil ? formatDate(ip.certificate.validUntil, lang) : t('catalogue.detail.noEnd')],
              ]}
            />
            <Link to={site(ip.certificate.verifyPath)} data-testid="verify-link">
              <Icon icon="endorsed" /> {t('catalogue.detail.verify')}
            </Link>
          </Section>

          <Section title={t('catalogue.section.owner')} testId="section-owner">
            <Facts
              rows={[
                [
                  t('catalogue.detail.verifiedName'),
                  ip.owner.verified ? (
                    <>
                      {ipNameIn(ip.owner.verified.names, lang)}{' '}
                      <Tag minimal intent="success" icon="tick-circle">
                        {t(`catalogue.detail.verifiedKind.${ip.owner.verified.kind}`)}
                      </Tag>
                    </>
                  ) : (
                    t('catalogue.detail.notVerified')
                  ),
                ],
                [
                  t('catalogue.detail.credit'),
                  <>
                    <strong className="ipci-credit">{ip.owner.credit.score}</strong>{' '}
                    <span className="ipci-muted">{ip.owner.credit.count ? t('catalogue.detail.creditFrom', { count: ip.owner.credit.count }) : t('catalogue.detail.creditNew')}</span>
                  </>,
                ],
              ]}
            />
          </Section>

          <Section title={t('catalogue.section.otherIps')} testId="section-others">
            {ip.otherIps.length ? (
              <div className="ipci-detail-others">
                {ip.otherIps.map((o) => (
                  <IpCard key={o.id} ip={o} compact />
                ))}
              </div>
            ) : (
              <p className="ipci-muted">{t('catalogue.detail.noOthers')}</p>
            )}
          </Section>
        </aside>
      </div>
    </div>
  );
}
