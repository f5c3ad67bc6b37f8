import { manufacturerApplicationSchema, manufacturerSchema } from '../../../../domain/manufacturers';
import { USER_CENTER_PAGES } from '../../../../domain/sitePages';
import { ListingApplyPage } from '../directory/ListingApplyPage';
import { MANUFACTURER_AGREEMENT, ManufacturerStateTag } from './ManufacturerBits';
import { EMPTY_MANUFACTURER, ManufacturerForm, manufacturerFormValues, type ManufacturerFormValues } from './ManufacturerForm';
import type { ManufacturerApplicationJson } from './types';

/** /:lang/ipci/protect/antifake/apply — a manufacturer's application; an account has one for good, so any state is shown rather than a new form. */
export function ManufacturerApplyPage() {
  return (
    <ListingApplyPage<ManufacturerApplicationJson, ManufacturerFormValues>
      text="manufacturer"
      testPrefix="manufacturer"
      api="/api/manufacturer/application"
      listingPage={USER_CENTER_PAGES.manufacturerListing}
      isOpen={() => true}
      StateTag={ManufacturerStateTag}
      agreement={MANUFACTURER_AGREEMENT}
      Form={ManufacturerForm}
      schemas={{ apply: manufacturerApplicationSchema, correct: manufacturerSchema }}
      empty={EMPTY_MANUFACTURER}
      valuesOf={manufacturerFormValues}
    />
  );
}
