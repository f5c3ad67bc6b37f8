import { Button, Callout, Card } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { chinaDate } from '../../../../domain/dates';
import { LAW_FIRM_RENEWAL_WINDOW_DAYS, mayRenewListing } from '../../../../domain/lawFirms';
import { SITE_PAGES } from '../../../../domain/sitePages';
import { api } from '../../api/client';
import { formatDate, formatDeadline } from '../../lib/format';
import { useLang, useSitePath } from '../../lib/useLang';
import { showToast } from '../../session/toaster';
import { GoButton } from '../../components/GoButton';
import { ListingPageShell } from '../directory/ListingPageShell';
import { LawFirmStateTag, ReviewFlags } from './LawFirmBits';
import type { LawFirmApplicationJson } from './types';
import { ConfirmAlert } from '../../components/ConfirmAlert';

/**
 * /:lang/ipci/usercenter/lawfirm — the account's law-firm listing: where it stands, what the firm has
 * to do next (post the documents, correct, pay by the due date, renew) and the process timeline.
 */
export function LawFirmListingPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const site = useSitePath();
  const apply = site(SITE_PAGES.lawFirmApply);
  return (
    <ListingPageShell<LawFirmApplicationJson>
      text="lawFirm"
      testId="lawfirm-listing"
      kind="lawFirmListing"
      api="/api/lawfirm/application"
      apply={apply}
      emptyIcon="office"
      StateTag={LawFirmStateTag}
      rows={(app) =>
        app.listedAt &&
        app.listedUntil && (
          <>
            <dt>{t('lawFirm.listing.termLabel')}</dt>
            <dd data-testid="lawfirm-term">{t('lawFirm.listing.term', { from: formatDate(chinaDate(app.listedAt), lang), until: formatDate(app.listedUntil, lang) })}</dd>
          </>
        )
      }
    >
      {(app, setApplication) => <NextSteps app={app} apply={apply} setApplication={setApplication} />}
    </ListingPageShell>
  );
}

/** What the firm has to do next: post the documents, correct, pay by the due date, renew, or apply again. */
function NextSteps({ app, apply, setApplication }: { app: LawFirmApplicationJson; apply: string; setApplication: (a: LawFirmApplicationJson) => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const site = useSitePath();
  const navigate = useNavigate();
  const [confirmRenew, setConfirmRenew] = useState(false);
  const [renewing, setRenewing] = useState(false);

  // A renewal under way keeps the firm listed with its order due (the workflow clears the due date once it is paid or lapsed).
  const payable = Boolean(app.orderId && (app.state === 'awaitingPayment' || ((app.state === 'listed' || app.state === 'suspended') && app.paymentDueAt)));
  const renewable = !payable && mayRenewListing(app.state, app.listedUntil, chinaDate(new Date()));
  async function renew() {
    setRenewing(true);
    try {
      const r = await api.post<{ application: LawFirmApplicationJson }>('/api/lawfirm/application/renew');
      setApplication(r.application);
      showToast({ intent: 'success', icon: 'tick', message: t('lawFirm.listing.renewed') });
      if (r.application.orderId) navigate(site(`usercenter/pay/${r.application.orderId}`));
    } finally {
      setRenewing(false);
      setConfirmRenew(false);
    }
  }

  return (
    <>
      {app.state === 'documents' && (
        <Callout intent="primary" icon="envelope" title={t('lawFirm.listing.documentsTitle')} data-testid="lawfirm-documents">
          <p>{t('lawFirm.listing.documents')}</p>
          <p>{t('lawFirm.listing.recipient')}</p>
          <p className="ipci-mono">{t('lawFirm.listing.applicationNo', { id: app.id })}</p>
        </Callout>
      )}

      {app.state === 'correction' && app.reviewFlags && (
        <ReviewFlags flags={app.reviewFlags} title={t('lawFirm.listing.flagsTitle')} action={<GoButton to={apply} icon="edit" intent="primary" text={t('lawFirm.listing.correct')} data-testid="lawfirm-correct" />} />
      )}

      {payable && (
        <Callout intent="warning" icon="credit-card" title={t('lawFirm.listing.payTitle')} data-testid="lawfirm-payment">
          <p data-testid="lawfirm-due">{t('lawFirm.listing.payDue', { due: formatDeadline(app.paymentDueAt, lang) })}</p>
          <GoButton to={site(`usercenter/pay/${app.orderId}`)} icon="credit-card" intent="primary" text={t('lawFirm.listing.pay')} data-testid="lawfirm-pay" />
        </Callout>
      )}

      {app.state === 'suspended' && (
        <Callout intent="danger" icon="disable" data-testid="lawfirm-suspended">
          {t('lawFirm.listing.suspended', { reason: app.suspendedReason ?? '—' })}
        </Callout>
      )}

      {(app.state === 'listed' || app.state === 'suspended') && (
        <Card className="ipci-toolbar">
          {app.state === 'listed' && <Link to={site(`protect/legalrightsdetail/${app.id}`)}>{t('lawFirm.listing.inDirectory')}</Link>}
          <span className="ipci-spacer" />
          {payable ? null : renewable ? (
            <Button icon="refresh" intent="primary" text={t('lawFirm.listing.renew')} onClick={() => setConfirmRenew(true)} data-testid="lawfirm-renew" />
          ) : (
            <span className="ipci-muted">{t('lawFirm.listing.renewHint', { days: LAW_FIRM_RENEWAL_WINDOW_DAYS })}</span>
          )}
        </Card>
      )}

      {(app.state === 'lapsed' || app.state === 'expired') && (
        <Callout intent="none" icon="time" data-testid="lawfirm-closed">
          <p>{t(`lawFirm.listing.${app.state}`)}</p>
          <GoButton to={apply} icon="add" intent="primary" text={t('lawFirm.listing.applyAgain')} data-testid="lawfirm-apply-again" />
        </Callout>
      )}

      <ConfirmAlert
        open={confirmRenew}
        intent="primary"
        icon="refresh"
        confirmText={t('lawFirm.listing.renew')}
        cancelText={t('lawFirm.admin.cancel')}
        busy={renewing}
        onConfirm={() => void renew()}
        onCancel={() => setConfirmRenew(false)}
      >
        {t('lawFirm.listing.renewConfirm')}
      </ConfirmAlert>
    </>
  );
}
