import { Callout, Card, NonIdealState, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SITE_PAGES } from '../../../../domain/sitePages';
import { GoButton } from '../../components/GoButton';
import { Timeline } from '../../components/Timeline';
import { formatDateTime } from '../../lib/format';
import { useDetail } from '../../lib/useDetail';
import { useLang, useSitePath } from '../../lib/useLang';
import { ReviewFlags, useFirmName } from '../lawFirms/LawFirmBits';
import { MANUFACTURER_LISTING, ManufacturerStateTag } from './ManufacturerBits';
import type { OwnManufacturerApplication } from './types';

/**
 * /:lang/ipci/usercenter/manufacturer — the account's manufacturer listing: where it stands, what
 * to correct after a failed review (with the refusal reason), a suspension's reason, and the timeline.
 */
export function ManufacturerListingPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const site = useSitePath();
  const nameOf = useFirmName();
  const { detail, failure } = useDetail<OwnManufacturerApplication>('/api/manufacturer/application');
  const apply = site(SITE_PAGES.antifakeApply);

  if (failure) return <NonIdealState icon="error" title={t('failure.load')} />;
  if (!detail) return <Spinner />;
  const app = detail.application;
  if (!app)
    return (
      <div className="ipci-stack">
        <h2 className="ipci-page-title">{t('manufacturer.listing.title')}</h2>
        <NonIdealState icon="shield" title={t('manufacturer.listing.none')} action={<Link to={apply}>{t('manufacturer.listing.apply')}</Link>} />
      </div>
    );

  return (
    <div className="ipci-stack" data-testid="manufacturer-listing">
      <h2 className="ipci-page-title">{t('manufacturer.listing.title')}</h2>
      <Card>
        <h3 className="ipci-page-title">
          {nameOf(app.names)} <ManufacturerStateTag state={app.state} />
        </h3>
        <dl className="ipci-dl">
          <dt>{t('manufacturer.listing.appliedAt')}</dt>
          <dd>{formatDateTime(app.createdAt, lang)}</dd>
          <dt>{t('manufacturer.listing.round')}</dt>
          <dd>{app.round}</dd>
          {app.listedAt && (
            <>
              <dt>{t('manufacturer.listing.listedAt')}</dt>
              <dd>{formatDateTime(app.listedAt, lang)}</dd>
            </>
          )}
        </dl>
      </Card>

      {app.state === 'review' && (
        <Callout intent="primary" icon="time" data-testid="manufacturer-reviewing">
          {t('manufacturer.listing.reviewing')}
        </Callout>
      )}

      {app.state === 'correction' && app.reviewFlags && (
        <ReviewFlags
          listing={MANUFACTURER_LISTING}
          flags={app.reviewFlags}
          title={app.refusalReason ? `${t('manufacturer.listing.flagsTitle')} · ${t(`messages:manufacturer.refusalReason.${app.refusalReason}`)}` : t('manufacturer.listing.flagsTitle')}
          action={<GoButton to={apply} icon="edit" intent="primary" text={t('manufacturer.listing.correct')} data-testid="manufacturer-correct" />}
        />
      )}

      {app.state === 'suspended' && (
        <Callout intent="danger" icon="disable" data-testid="manufacturer-suspended">
          {t('manufacturer.listing.suspended', { reason: app.suspendedReason ?? '—' })}
        </Callout>
      )}

      {app.state === 'listed' && (
        <Card>
          <Link to={site(SITE_PAGES.antifakeManufacturer.replace(':id', app.id))}>{t('manufacturer.listing.inDirectory')}</Link>
        </Card>
      )}

      <Card>
        <h3 className="ipci-page-title">{t('manufacturer.listing.timeline')}</h3>
        <Timeline kind="manufacturerListing" id={app.id} />
      </Card>
    </div>
  );
}
