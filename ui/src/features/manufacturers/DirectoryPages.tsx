import { Card, Icon, NonIdealState, Spinner } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ipNameIn } from '../../../../domain/ipNames';
import { SITE_PAGES } from '../../../../domain/sitePages';
import { formatDate } from '../../lib/format';
import { useDetail } from '../../lib/useDetail';
import { useLang, useSitePath } from '../../lib/useLang';
import { detailRow, DirectoryCard, DirectoryGrid, DirectorySearch } from '../directory/DirectoryBits';
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
  const description = ipNameIn(m.descriptions, lang);
  return (
    <DirectoryCard to={site(detailPath(m.id))} image={m.images[0]} icon="shield" name={nameOf(m.names)} testPrefix="manufacturer">
      {description && <p className="ipci-muted ipci-manufacturer-summary">{description}</p>}
    </DirectoryCard>
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
  const page = useKeysetPages<ManufacturerDirectoryPage, ManufacturerPublicJson>('/api/public/manufacturers', { q: q || undefined }, (r) => r.items);
  return (
    <section className="ipci-stack" data-testid="manufacturer-directory">
      <div className="ipci-toolbar">
        <h2 className="ipci-page-title">{t('manufacturer.directory.title')}</h2>
        <span className="ipci-spacer" />
        <Link to={site(SITE_PAGES.antifakeApply)} data-testid="manufacturer-apply-link">
          {t('manufacturer.directory.apply')}
        </Link>
      </div>
      <DirectorySearch label={t('manufacturer.directory.search')} button={t('manufacturer.directory.searchButton')} testId="manufacturer-search" onSearch={setQ} />
      <DirectoryGrid page={page} empty={{ icon: 'shield', title: t('manufacturer.directory.empty') }} more={t('manufacturer.directory.more')}>
        {(m) => <ManufacturerCard key={m.id} m={m} />}
      </DirectoryGrid>
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
  const row = detailRow;
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
