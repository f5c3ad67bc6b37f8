import { Tag, type Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { MANUFACTURER_AGREEMENT_VERSION, MANUFACTURER_FIELDS, MANUFACTURER_REVIEW_WORKING_DAYS, MANUFACTURER_UPLOAD_FIELDS, type ManufacturerState } from '../../../../domain/manufacturers';
import type { ListingFields } from '../lawFirms/LawFirmBits';
import type { AgreementText } from '../lawFirms/ListingAgreement';

const STATE_INTENT: Record<ManufacturerState, Intent> = { review: 'primary', correction: 'warning', listed: 'success', suspended: 'danger' };

export function ManufacturerStateTag({ state }: { state: ManufacturerState }) {
  const { t } = useTranslation();
  return (
    <Tag minimal intent={STATE_INTENT[state]} data-testid="manufacturer-state">
      {t(`manufacturer.states.${state}`)}
    </Tag>
  );
}

/** The manufacturers' form for the law firms' shared application views (fields, flags). */
export const MANUFACTURER_LISTING: ListingFields = { fields: MANUFACTURER_FIELDS, fileFields: MANUFACTURER_UPLOAD_FIELDS, testPrefix: 'manufacturer' };

/** The manufacturer listing agreement for the shared agreement step. */
export const MANUFACTURER_AGREEMENT: AgreementText = {
  area: 'manufacturer',
  sections: ['services', 'review', 'recheck', 'duties'],
  vars: { days: MANUFACTURER_REVIEW_WORKING_DAYS },
  version: MANUFACTURER_AGREEMENT_VERSION,
  testPrefix: 'manufacturer',
};
