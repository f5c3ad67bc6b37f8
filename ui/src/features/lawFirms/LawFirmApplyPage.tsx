import { isOpenLawFirm, lawFirmApplicationSchema, lawFirmSchema } from '../../../../domain/lawFirms';
import { USER_CENTER_PAGES } from '../../../../domain/sitePages';
import { ListingApplyPage } from '../directory/ListingApplyPage';
import { LawFirmStateTag } from './LawFirmBits';
import { EMPTY_LAW_FIRM, formValuesOf, LawFirmForm, type LawFirmFormValues } from './LawFirmForm';
import type { LawFirmApplicationJson } from './types';

/** /:lang/ipci/protect/lawapply — a law firm's listing application; a lapsed or expired one lets the firm apply again. */
export function LawFirmApplyPage() {
  return (
    <ListingApplyPage<LawFirmApplicationJson, LawFirmFormValues>
      text="lawFirm"
      testPrefix="lawfirm"
      api="/api/lawfirm/application"
      listingPage={USER_CENTER_PAGES.lawFirmListing}
      isOpen={isOpenLawFirm}
      StateTag={LawFirmStateTag}
      Form={LawFirmForm}
      schemas={{ apply: lawFirmApplicationSchema, correct: lawFirmSchema }}
      empty={EMPTY_LAW_FIRM}
      valuesOf={formValuesOf}
    />
  );
}
