import { AnchorButton, Card, HTMLSelect, Icon, NonIdealState, Spinner } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { SITE_PAGES } from '../../../../domain/sitePages';
import { useCountryOptions } from '../../components/CountrySelect';
import { formatDate } from '../../lib/format';
import { useDetail } from '../../lib/useDetail';
import { useLang, useSitePath } from '../../lib/useLang';
import { useKeysetPages } from '../invitations/useKeysetPages';
import { detailRow, DirectoryCard, DirectoryGrid, DirectorySearch } from '../directory/DirectoryBits';
import { Gallery } from './Gallery';
import { RecommendedTag, Section, useCountryList, useFirmName, WebsiteLink } from './LawFirmBits';
import type { LawFirmDirectoryPage, LawFirmPublicJson } from './types';

/** One firm of the directory: display picture, name, recommendation, organisation form, lawyers and countries. */
function FirmCard({ firm }: { firm: LawFirmPublicJson }) {
  const { t } = useTranslation();
  const site = useSitePath();
  const nameOf = useFirmName();
  const countries = useCountryList();
  return (
    <DirectoryCard to={site(`protect/legalrightsdetail/${firm.id}`)} image={firm.displayImages[0]} icon="office" name={nameOf(firm.names)} testPrefix="lawfirm">
      <div className="ipci-lawfirm-tags">
        {firm.recommended && <RecommendedTag />}
        <span className="ipci-muted">{t(`lawFirm.orgForms.${firm.organisationForm}`)}</span>
        <span className="ipci-muted">{t('lawFirm.directory.lawyers', { count: firm.lawyers })}</span>
      </div>
      <div className="ipci-lawfirm-countries" data-testid="lawfirm-countries">
        {t('lawFirm.directory.countries')}: {countries(firm.countries)}
      </div>
    </DirectoryCard>
  );
}

/** /:lang/ipci/protect/legalrights — listed firms, recommended first (the server's order), by serviceable country and name. */
export function LawFirmDirectoryPage() {
  const { t } = useTranslation();
  const site = useSitePath();
  const options = useCountryOptions();
  const [country, setCountry] = useState('');
  const [q, setQ] = useState('');
  const page = useKeysetPages<LawFirmDirectoryPage, LawFirmPublicJson>('/api/public/lawfirms', { country: country || undefined, q: q || undefined }, (r) => r.items);
  return (
    <div className="ipci-container ipci-page ipci-stack">
      <div className="ipci-toolbar">
        <h2 className="ipci-page-title">{t('lawFirm.directory.title')}</h2>
        <span className="ipci-spacer" />
        <Link to={site(SITE_PAGES.lawFirmApply)}>{t('lawFirm.directory.apply')}</Link>
      </div>
      <p className="ipci-muted">{t('lawFirm.directory.intro')}</p>
      <DirectorySearch label={t('lawFirm.directory.search')} button={t('lawFirm.directory.searchButton')} testId="lawfirm-search" onSearch={setQ}>
        <HTMLSelect
          aria-label={t('lawFirm.directory.country')}
          value={country}
          onChange={(e) => setCountry(e.currentTarget.value)}
          data-testid="lawfirm-country"
          options={[{ value: '', label: t('lawFirm.directory.allCountries') }, ...options.map((o) => ({ value: o.code, label: o.name }))]}
        />
      </DirectorySearch>
      <DirectoryGrid page={page} empty={{ icon: 'office', title: t('lawFirm.directory.empty') }} more={t('lawFirm.directory.more')}>
        {(f) => <FirmCard key={f.id} firm={f} />}
      </DirectoryGrid>
    </div>
  );
}

/** /:lang/ipci/protect/legalrightsdetail/:id — every public field of a listed firm, its pictures and the way to ask it for legal help. */
export function LawFirmDetailPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const site = useSitePath();
  const { id = '' } = useParams();
  const nameOf = useFirmName();
  const countries = useCountryList();
  const navigate = useNavigate();
  const { detail, failure } = useDetail<{ firm: LawFirmPublicJson }>(`/api/public/lawfirms/${encodeURIComponent(id)}`);
  const back = <Link to={site(SITE_PAGES.lawFirms)}>← {t('lawFirm.detail.back')}</Link>;
  if (failure) return <NonIdealState icon="issue" title={failure === 'notFound' ? t('lawFirm.detail.notFound') : t('failure.load')} action={back} />;
  if (!detail)
    return (
      <div className="ipci-page-center">
        <Spinner />
      </div>
    );
  const f = detail.firm;
  const name = nameOf(f.names);
  const helpPath = site(`${SITE_PAGES.protectProcess}?kind=legal&firm=${encodeURIComponent(f.id)}`);
  const row = detailRow;
  return (
    <div className="ipci-container ipci-page ipci-stack" data-testid="lawfirm-detail">
      {back}
      <Card className="ipci-lawfirm-hero">
        <div className="ipci-lawfirm-hero-cover">{f.displayImages[0] ? <img src={f.displayImages[0]} alt={name} /> : <Icon icon="office" size={48} />}</div>
        <div className="ipci-stack">
          <h2 className="ipci-page-title" data-testid="lawfirm-title">
            {name}
          </h2>
          {f.recommended && (
            <div>
              <RecommendedTag />
            </div>
          )}
          <div className="ipci-muted">
            {[f.names.zh, f.names.en, f.names.ja].filter((n) => n && n !== name).join(' · ')}
          </div>
          <div>
            <AnchorButton
              intent="primary"
              icon="take-action"
              text={t('lawFirm.detail.legalHelp')}
              href={helpPath}
              onClick={(e) => {
                e.preventDefault();
                navigate(helpPath);
              }}
              data-testid="lawfirm-legal-help"
            />
          </div>
        </div>
      </Card>
      <Section title={t('lawFirm.detail.basics')}>
        <dl className="ipci-dl">
          {row(t('fields.nameZh'), f.names.zh, 'lawfirm-nameZh')}
          {row(t('fields.nameEn'), f.names.en, 'lawfirm-nameEn')}
          {row(t('fields.nameJa'), f.names.ja, 'lawfirm-nameJa')}
          {row(t('fields.foundedOn'), formatDate(f.foundedOn || null, lang), 'lawfirm-foundedOn')}
          {row(t('fields.organisationForm'), t(`lawFirm.orgForms.${f.organisationForm}`), 'lawfirm-organisationForm')}
          {row(t('fields.registeredAddress'), f.registeredAddress, 'lawfirm-registeredAddress')}
          {row(t('fields.businessAddress'), f.businessAddress, 'lawfirm-businessAddress')}
          {row(t('fields.lawyers'), String(f.lawyers), 'lawfirm-lawyers')}
          {row(t('fields.countries'), countries(f.countries), 'lawfirm-countries')}
        </dl>
      </Section>
      <Section title={t('lawFirm.detail.contact')}>
        <dl className="ipci-dl">
          {row(t('fields.contactName'), f.contactName, 'lawfirm-contactName')}
          {row(t('fields.contactPhone'), f.contactPhone && <a href={`tel:${f.contactPhone}`}>{f.contactPhone}</a>, 'lawfirm-contactPhone')}
          {row(t('fields.email'), f.email && <a href={`mailto:${f.email}`}>{f.email}</a>, 'lawfirm-email')}
          {row(t('fields.website'), <WebsiteLink url={f.website} />)}
        </dl>
      </Section>
      <Section title={t('fields.introduction')}>
        <p className="ipci-lawfirm-text" data-testid="lawfirm-introduction">
          {f.introduction || '—'}
        </p>
      </Section>
      <Section title={t('fields.achievements')}>
        <p className="ipci-lawfirm-text" data-testid="lawfirm-achievements">
          {f.achievements || '—'}
        </p>
      </Section>
      {f.displayImages.length + f.detailImages.length > 0 && (
        <Section title={t('lawFirm.detail.pictures')}>
          <Gallery urls={[...f.displayImages, ...f.detailImages]} alt={name} />
        </Section>
      )}
    </div>
  );
}
