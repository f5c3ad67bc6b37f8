import { Callout, Card, Spinner } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { manufacturerApplicationSchema, manufacturerSchema } from '../../../../domain/manufacturers';
import { USER_CENTER_PAGES } from '../../../../domain/sitePages';
import { api } from '../../api/client';
import { useDetail } from '../../lib/useDetail';
import { useSitePath } from '../../lib/useLang';
import { showToast } from '../../session/toaster';
import { ListingAgreement } from '../lawFirms/ListingAgreement';
import { MANUFACTURER_AGREEMENT, ManufacturerStateTag } from './ManufacturerBits';
import { EMPTY_MANUFACTURER, ManufacturerForm, manufacturerFormValues } from './ManufacturerForm';
import type { ManufacturerApplicationJson, OwnManufacturerApplication } from './types';

/**
 * /:lang/ipci/protect/antifake/apply — the manufacturer application (part 2 §2, §5): the agreement
 * first, then the form. An account that has applied sees its state instead; in state correction
 * the page edits the application, with staff's reasons on the flagged fields.
 */
export function ManufacturerApplyPage() {
  const { t } = useTranslation();
  const site = useSitePath();
  const navigate = useNavigate();
  const [accepted, setAccepted] = useState(false);
  const { detail, failure } = useDetail<OwnManufacturerApplication>('/api/manufacturer/application');
  const listing = site(`usercenter/${USER_CENTER_PAGES.manufacturerListing}`);

  let body;
  if (failure) body = <Callout intent="danger">{t('failure.load')}</Callout>;
  else if (!detail) body = <Spinner />;
  else {
    const app = detail.application;
    if (app?.state === 'correction') {
      body = (
        <>
          <Callout intent="warning" icon="flag" title={t('manufacturer.apply.correctionTitle')} data-testid="manufacturer-correction">
            {t('manufacturer.apply.correctionHint')}
          </Callout>
          <Card>
            <ManufacturerForm
              id="manufacturer-form"
              schema={manufacturerSchema}
              initial={manufacturerFormValues(app.data)}
              uploads={detail.uploads}
              flags={app.reviewFlags}
              submitText={t('manufacturer.apply.resubmit')}
              onSubmit={async (values) => {
                await api.put<{ application: ManufacturerApplicationJson }>('/api/manufacturer/application', values);
                showToast({ intent: 'success', icon: 'tick', message: t('manufacturer.apply.resubmitted') });
                navigate(listing);
              }}
            />
          </Card>
        </>
      );
    } else if (app) {
      body = (
        <Callout intent="primary" icon="info-sign" data-testid="manufacturer-existing">
          <p>
            {t('manufacturer.apply.existing')} <ManufacturerStateTag state={app.state} />
          </p>
          <Link to={listing}>{t('manufacturer.apply.toListing')}</Link>
        </Callout>
      );
    } else if (!accepted) {
      body = <ListingAgreement text={MANUFACTURER_AGREEMENT} onAccept={() => setAccepted(true)} />;
    } else {
      body = (
        <Card>
          <p className="ipci-muted">{t('manufacturer.apply.intro')}</p>
          <ManufacturerForm
            id="manufacturer-form"
            schema={manufacturerApplicationSchema}
            initial={{ ...EMPTY_MANUFACTURER, agreementAccepted: true }}
            submitText={t('manufacturer.apply.submit')}
            onSubmit={async (values) => {
              await api.post<{ application: ManufacturerApplicationJson }>('/api/manufacturer/application', values);
              showToast({ intent: 'success', icon: 'tick', message: t('manufacturer.apply.submitted') });
              navigate(listing);
            }}
          />
        </Card>
      );
    }
  }

  return (
    <div className="ipci-container ipci-page ipci-stack ipci-lawfirm-apply">
      <h2 className="ipci-page-title">{detail?.application?.state === 'correction' ? t('manufacturer.apply.correctionTitle') : t('manufacturer.apply.title')}</h2>
      {body}
    </div>
  );
}
