import { Button, Card, Checkbox } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LAW_FIRM_AGREEMENT_VERSION, LAW_FIRM_PAYMENT_WORKING_DAYS, LAW_FIRM_RENEWAL_WINDOW_DAYS, LAW_FIRM_TERM_MONTHS } from '../../../../domain/lawFirms';

const SECTIONS = ['services', 'fee', 'documents', 'recheck', 'term', 'duties'] as const;

/** Part 2 §4–§5: the listing agreement's text, accepted before the application form opens. */
export function ListingAgreement({ onAccept }: { onAccept: () => void }) {
  const { t } = useTranslation();
  const [accepted, setAccepted] = useState(false);
  const vars = { days: LAW_FIRM_PAYMENT_WORKING_DAYS, months: LAW_FIRM_TERM_MONTHS, window: LAW_FIRM_RENEWAL_WINDOW_DAYS };
  return (
    <Card data-testid="lawfirm-agreement">
      <h3 className="ipci-page-title">{t('lawFirm.agreement.title')}</h3>
      <p className="ipci-muted">{t('lawFirm.agreement.version', { version: LAW_FIRM_AGREEMENT_VERSION })}</p>
      <div className="ipci-lawfirm-agreement" tabIndex={0} role="document" aria-label={t('lawFirm.agreement.title')}>
        <p>{t('lawFirm.agreement.intro')}</p>
        {SECTIONS.map((s) => (
          <section key={s}>
            <h4>{t(`lawFirm.agreement.${s}Title`)}</h4>
            <p>{t(`lawFirm.agreement.${s}`, vars)}</p>
          </section>
        ))}
      </div>
      <Checkbox checked={accepted} onChange={(e) => setAccepted(e.currentTarget.checked)} label={t('lawFirm.agreement.accept')} data-testid="lawfirm-agreement-accept" />
      <Button intent="primary" icon="arrow-right" text={t('lawFirm.agreement.continue')} disabled={!accepted} onClick={onAccept} data-testid="lawfirm-agreement-continue" />
    </Card>
  );
}
