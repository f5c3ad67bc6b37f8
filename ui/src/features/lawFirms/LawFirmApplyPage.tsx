import { Callout, Card, Spinner } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { isOpenLawFirm, lawFirmApplicationSchema, lawFirmSchema } from '../../../../domain/lawFirms';
import { USER_CENTER_PAGES } from '../../../../domain/sitePages';
import { api } from '../../api/client';
import { useDetail } from '../../lib/useDetail';
import { useSitePath } from '../../lib/useLang';
import { showToast } from '../../session/toaster';
import { LawFirmStateTag } from './LawFirmBits';
import { EMPTY_LAW_FIRM, formValuesOf, LawFirmForm } from './LawFirmForm';
import { ListingAgreement } from './ListingAgreement';
import type { LawFirmApplicationJson, OwnLawFirmApplication } from './types';

/**
 * /:lang/ipci/protect/lawapply — the listing application (part 2 §4–§5): the agreement first, then
 * the form. An account with an open application sees its state instead; in state correction the
 * page edits it, with staff's reasons on the flagged fields.
 */
export function LawFirmApplyPage() {
  const { t } = useTranslation();
  const site = useSitePath();
  const navigate = useNavigate();
  const [accepted, setAccepted] = useState(false);
  const { detail, failure } = useDetail<OwnLawFirmApplication>('/api/lawfirm/application');
  const listing = site(`usercenter/${USER_CENTER_PAGES.lawFirmListing}`);

  let body;
  if (failure) body = <Callout intent="danger">{t('failure.load')}</Callout>;
  else if (!detail) body = <Spinner />;
  else {
    const app = detail.application;
    if (app && app.state === 'correction') {
      body = (
        <>
          <Callout intent="warning" icon="flag" title={t('lawFirm.apply.correctionTitle')} data-testid="lawfirm-correction">
            {t('lawFirm.apply.correctionHint')}
          </Callout>
          <Card>
            <LawFirmForm
              id="lawfirm-form"
              schema={lawFirmSchema}
              initial={formValuesOf(app.data)}
              uploads={detail.uploads}
              flags={app.reviewFlags}
              submitText={t('lawFirm.apply.resubmit')}
              onSubmit={async (values) => {
                await api.put<{ application: LawFirmApplicationJson }>('/api/lawfirm/application', values);
                showToast({ intent: 'success', icon: 'tick', message: t('lawFirm.apply.resubmitted') });
                navigate(listing);
              }}
            />
          </Card>
        </>
      );
    } else if (app && isOpenLawFirm(app.state)) {
      body = (
        <Callout intent="primary" icon="info-sign" data-testid="lawfirm-existing">
          <p>
            {t('lawFirm.apply.existing')} <LawFirmStateTag state={app.state} />
          </p>
          <Link to={listing}>{t('lawFirm.apply.toListing')}</Link>
        </Callout>
      );
    } else if (!accepted) {
      body = <ListingAgreement onAccept={() => setAccepted(true)} />;
    } else {
      body = (
        <Card>
          <p className="ipci-muted">{t('lawFirm.apply.intro')}</p>
          <LawFirmForm
            id="lawfirm-form"
            schema={lawFirmApplicationSchema}
            initial={{ ...EMPTY_LAW_FIRM, agreementAccepted: true }}
            submitText={t('lawFirm.apply.submit')}
            onSubmit={async (values) => {
              await api.post<{ application: LawFirmApplicationJson }>('/api/lawfirm/application', values);
              showToast({ intent: 'success', icon: 'tick', message: t('lawFirm.apply.submitted') });
              navigate(listing);
            }}
          />
        </Card>
      );
    }
  }

  return (
    <div className="ipci-container ipci-page ipci-stack ipci-lawfirm-apply">
      <h2 className="ipci-page-title">{detail?.application?.state === 'correction' ? t('lawFirm.apply.correctionTitle') : t('lawFirm.apply.title')}</h2>
      {body}
    </div>
  );
}
