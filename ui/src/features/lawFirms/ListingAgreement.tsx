import { Button, Card, Checkbox } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LAW_FIRM_AGREEMENT_VERSION, LAW_FIRM_PAYMENT_WORKING_DAYS, LAW_FIRM_RENEWAL_WINDOW_DAYS, LAW_FIRM_TERM_MONTHS } from '../../../../domain/lawFirms';

/** A directory's agreement: its catalog area (`<area>.agreement.*`), sections, values and version. */
export interface AgreementText {
  area: string;
  sections: readonly string[];
  vars?: Record<string, unknown>;
  version: string;
  testPrefix: string;
}

const LAW_FIRM_AGREEMENT: AgreementText = {
  area: 'lawFirm',
  sections: ['services', 'fee', 'documents', 'recheck', 'term', 'duties'],
  vars: { days: LAW_FIRM_PAYMENT_WORKING_DAYS, months: LAW_FIRM_TERM_MONTHS, window: LAW_FIRM_RENEWAL_WINDOW_DAYS },
  version: LAW_FIRM_AGREEMENT_VERSION,
  testPrefix: 'lawfirm',
};

/** Part 2 §4–§5: a listing agreement's text (the law firms' unless `text` names another), accepted before the application form opens. */
export function ListingAgreement({ onAccept, text = LAW_FIRM_AGREEMENT }: { onAccept: () => void; text?: AgreementText }) {
  const { t } = useTranslation();
  const [accepted, setAccepted] = useState(false);
  const { area, sections, vars, version, testPrefix } = text;
  return (
    <Card data-testid={`${testPrefix}-agreement`}>
      <h3 className="ipci-page-title">{t(`${area}.agreement.title`)}</h3>
      <p className="ipci-muted">{t(`${area}.agreement.version`, { version })}</p>
      <div className="ipci-lawfirm-agreement" tabIndex={0} role="document" aria-label={t(`${area}.agreement.title`)}>
        <p>{t(`${area}.agreement.intro`)}</p>
        {sections.map((s) => (
          <section key={s}>
            <h4>{t(`${area}.agreement.${s}Title`)}</h4>
            <p>{t(`${area}.agreement.${s}`, vars)}</p>
          </section>
        ))}
      </div>
      <Checkbox checked={accepted} onChange={(e) => setAccepted(e.currentTarget.checked)} label={t(`${area}.agreement.accept`)} data-testid={`${testPrefix}-agreement-accept`} />
      <Button intent="primary" icon="arrow-right" text={t(`${area}.agreement.continue`)} disabled={!accepted} onClick={onAccept} data-testid={`${testPrefix}-agreement-continue`} />
    </Card>
  );
}
