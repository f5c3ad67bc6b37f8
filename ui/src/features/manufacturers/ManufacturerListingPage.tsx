import { Callout, Card } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SITE_PAGES } from '../../../../domain/sitePages';
import { GoButton } from '../../components/GoButton';
import { formatDateTime } from '../../lib/format';
import { useLang, useSitePath } from '../../lib/useLang';
import { ListingPageShell } from '../directory/ListingPageShell';
import { ReviewFlags } from '../lawFirms/LawFirmBits';
import { MANUFACTURER_LISTING, ManufacturerStateTag } from './ManufacturerBits';
import type { ManufacturerApplicationJson } from './types';

/**
 * /:lang/ipci/usercenter/manufacturer — the account's manufacturer listing: where it stands, what
 * to correct after a failed review (with the refusal reason), a suspension's reason, and the timeline.
 */
export function ManufacturerListingPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const site = useSitePath();
  const apply = site(SITE_PAGES.antifakeApply);
  return (
    <ListingPageShell<ManufacturerApplicationJson>
      text="manufacturer"
      testId="manufacturer-listing"
      kind="manufacturerListing"
      api="/api/manufacturer/application"
      apply={apply}
      emptyIcon="shield"
      StateTag={ManufacturerStateTag}
      rows={(app) =>
        app.listedAt && (
          <>
            <dt>{t('manufacturer.listing.listedAt')}</dt>
            <dd>{formatDateTime(app.listedAt, lang)}</dd>
          </>
        )
      }
    >
      {(app) => (
        <>
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
        </>
      )}
    </ListingPageShell>
  );
}
