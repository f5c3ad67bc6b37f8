import { Button, Card, ControlGroup, Icon, InputGroup, NonIdealState, Spinner } from '@blueprintjs/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ipNameIn } from '../../../../domain/ipNames';
import { SITE_PAGES } from '../../../../domain/sitePages';
import { LoadMore } from '../../components/LoadMore';
import { formatDate } from '../../lib/format';
import { useDetail } from '../../lib/useDetail';
import { useLang, useSitePath } from '../../lib/useLang';
import { useKeysetPages } from '../invitations/useKeysetPages';
import { Gallery } from '../lawFirms/Gallery';
import { Section, useFirmName, WebsiteLink } from '../lawFirms/LawFirmBits';
import { IdentificationPanel } from '../watermarkCheck/IdentificationPanel';
import type { ManufacturerDirectoryPage, ManufacturerPublicJson } from './types';

const detailPath = (id: string) => SITE_PAGES.antifakeManufacturer.replace(':id', encodeURIComponent(id));

/** One manufacturer of the directory: its first picture and its name in the reader's language. */
function ManufacturerCard({ m }: { m: ManufacturerPublicJson }) {
  const site = useSitePath();
  const lang = useLang();
  const nameOf = useFirmName();
  const name = nameOf(m.names);
  const description = ipNameIn(m.descriptions, lang);
  return (
    <Card className="ipci-lawfirm-card" elevation={1} data-testid="manufacturer-card">
      <Link to={site(detailPath(m.id))} className="ipci-lawfirm-card-link">
        <div className="ipci-lawfirm-cover">{m.images[0] ? <img src={m.images[0]} alt="" loading="lazy" /> : <Icon icon="shield" size={32} />}</div>
        <div className="ipci-lawfirm-card-body">
          <h3 className="ipci-lawfirm-name" title={name} data-testid="manufacturer-name">
            {name}
          </h3>
          {description && <p className="ipci-muted ipci-manufacturer-summary">{description}</p>}
        </div>
      </Link>
    </Card>
  );
}

/**
 * The manufacturer part of protect/antifake: listed manufacturers, the most recently listed first,
 * searched by a part of any of their names, in keyset pages; and the way to apply.
 */
export function ManufacturerDirectory() {
  const { t } = useTranslation();
  const site = useSitePath();
  const [q, setQ] = useState('');
  const [typed, setTyped] = useState('');
  const { first, items, next, loadMore, failed } = useKeysetPages<ManufacturerDirectoryPage, ManufacturerPublicJson>('/api/public/manufacturers', { q: q || undefined }, (r) => r.items);
  return (
    <section className="ipci-stack" data-testid="manufacturer-directory">
      <div className="ipci-toolbar">
        <h2 className="ipci-page-title">{t('manufacturer.directory.title')}</h2>
        <span className="ipci-spacer" />
        <Link to={site(SITE_PAGES.antifakeApply)} data-testid="manufacturer-apply-link">
          {t('manufacturer.directory.apply')}
        </Link>
      </div>
      <form
        className="ipci-lawfirm-filters"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setQ(typed.trim());
        }}
      >
        <ControlGroup className="ipci-lawfirm-search">
          <InputGroup
            type="search"
            leftIcon="search"
            fill
            aria-label={t('manufacturer.directory.search')}
            placeholder={t('manufacturer.directory.search')}
            value={typed}
            maxLength={100}
            onChange={(e) => setTyped(e.currentTarget.value)}
            data-testid="manufacturer-search"
          />
          <Button type="submit" intent="primary" text={t('manufacturer.directory.searchButton')} />
        </ControlGroup>
      </form>
      {failed ? (
        <NonIdealState icon="error" title={failed} />
      ) : !first ? (
        <Spinner />
      ) : items.length === 0 ? (
        <NonIdealState icon="shield" title={t('manufacturer.directory.empty')} />
      ) : (
        <>
          <div className="ipci-lawfirm-grid">
            {items.map((m) => (
              <ManufacturerCard key={m.id} m={m} />
            ))}
          </div>
          <LoadMore next={next} load={() => loadMore()} text={t('manufacturer.directory.more')} />
        </>
      )}
    </section>
  );
}

/** /:lang/ipci/protect/antifake — anti-counterfeiting: online identification of a suspect picture first, then the manufacturer directory. */
export function AntifakePage() {
  const { t } = useTranslation();
  return (
    <div className="ipci-container ipci-page ipci-stack" data-testid="antifake-page">
      <h1 className="ipci-page-title">{t('manufacturer.antifake.title')}</h1>
      <p className="ipci-muted">{t('manufacturer.antifake.lead')}</p>
      <IdentificationPanel />
      <ManufacturerDirectory />
    </div>
  );
}

/** /:lang/ipci/protect/antifake/manufacturer/:id — every public field of a listed manufacturer and its pictures. */
export function ManufacturerDetailPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const site = useSitePath();
  const { id = '' } = useParams();
  const nameOf = useFirmName();
  const { detail, failure } = useDetail<{ manufacturer: ManufacturerPublicJson }>(`/api/public/manufacturers/${encodeURIComponent(id)}`);
  const back = <Link to={site(SITE_PAGES.antifake)}>← {t('manufacturer.detail.back')}</Link>;
  if (failure) return <NonIdealState icon="issue" title={failure === 'notFound' ? t('manufacturer.detail.notFound') : t('failure.load')} action={back} />;
  if (!detail)
    return (
      <div className="ipci-page-center">
        <Spinner />
      </div>
    );
  const m = detail.manufacturer;
  const name = nameOf(m.names);
  const row = (label: string, v: ReactNode, testId?: string) => [
    <dt key={`${label}-l`}>{label}</dt>,
    <dd key={`${label}-v`} data-testid={testId}>
      {v || '—'}
    </dd>,
  ];
  return (
    <div className="ipci-container ipci-page ipci-stack" data-testid="manufacturer-detail">
      {back}
      <Card className="ipci-lawfirm-hero">
        <div className="ipci-lawfirm-hero-cover">{m.images[0] ? <img src={m.images[0]} alt={name} /> : <Icon icon="shield" size={48} />}</div>
        <div className="ipci-stack">
          <h2 className="ipci-page-title" data-testid="manufacturer-title">
            {name}
          </h2>
          <div className="ipci-muted">{[m.names.zh, m.names.en, m.names.ja].filter((n) => n && n !== name).join(' · ')}</div>
          <div className="ipci-muted">
            {t('manufacturer.detail.listedAt')}: {formatDate(m.listedAt || null, lang)}
          </div>
        </div>
      </Card>
      <Section title={t('manufacturer.detail.about')}>
        <p className="ipci-lawfirm-text" data-testid="manufacturer-description">
          {ipNameIn(m.descriptions, lang) || '—'}
        </p>
      </Section>
      <Section title={t('manufacturer.detail.contact')}>
        <dl className="ipci-dl">
          {row(t('fields.contactName'), m.contactName, 'manufacturer-contactName')}
          {row(t('fields.contactPhone'), m.contactPhone && <a href={`tel:${m.contactPhone}`}>{m.contactPhone}</a>, 'manufacturer-contactPhone')}
          {row(t('fields.email'), m.email && <a href={`mailto:${m.email}`}>{m.email}</a>, 'manufacturer-email')}
          {row(t('fields.website'), <WebsiteLink url={m.website} />)}
          {row(t('fields.address'), <span className="ipci-lawfirm-text">{m.address}</span>, 'manufacturer-address')}
          {row(t('fields.postalCode'), m.postalCode, 'manufacturer-postalCode')}
        </dl>
      </Section>
      {m.images.length > 0 && (
        <Section title={t('manufacturer.detail.pictures')}>
          <Gallery urls={m.images} alt={name} />
        </Section>
      )}
    </div>
  );
}
