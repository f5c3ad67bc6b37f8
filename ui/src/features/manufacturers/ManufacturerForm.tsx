import { MANUFACTURER_IMAGES_MAX, MANUFACTURER_LICENCE_MAX, MANUFACTURER_UPLOAD_FIELDS, type ManufacturerData } from '../../../../domain/manufacturers';
import { ListingForm, type ListingField, type ListingFormProps } from '../directory/ListingForm';

/** The first application carries the accepted agreement (accepted on the agreement step before the form opens). */
export type ManufacturerFormValues = ManufacturerData & { agreementAccepted?: boolean };

export const EMPTY_MANUFACTURER: ManufacturerFormValues = {
  nameZh: '',
  nameEn: '',
  nameJa: '',
  licence: [],
  website: '',
  postalCode: '',
  descriptionZh: '',
  descriptionEn: '',
  descriptionJa: '',
  images: [],
  contactName: '',
  contactPhone: '',
  email: '',
  address: '',
};

/** The application's values as the form holds them (missing keys of an older application filled in). */
export const manufacturerFormValues = (data: ManufacturerData): ManufacturerFormValues => ({ ...EMPTY_MANUFACTURER, ...data });

/** Part 2 §3 and §5, in form order; `required` marks what the schema needs. */
const FIELDS: Array<ListingField<ManufacturerFormValues>> = [
  { name: 'nameZh', kind: 'text', required: true, hint: 'manufacturer.apply.nameHint' },
  { name: 'nameEn', kind: 'text' },
  { name: 'nameJa', kind: 'text' },
  { name: 'licence', kind: 'uploads', required: true, hint: 'manufacturer.apply.licenceHint', max: MANUFACTURER_LICENCE_MAX },
  { name: 'website', kind: 'text', type: 'url' },
  { name: 'postalCode', kind: 'text' },
  { name: 'descriptionZh', kind: 'textarea' },
  { name: 'descriptionEn', kind: 'textarea' },
  { name: 'descriptionJa', kind: 'textarea' },
  { name: 'images', kind: 'uploads', hint: 'manufacturer.apply.imagesHint', max: MANUFACTURER_IMAGES_MAX },
  { name: 'contactName', kind: 'text', required: true },
  { name: 'contactPhone', kind: 'text', type: 'tel', required: true },
  { name: 'email', kind: 'text', type: 'email' },
  { name: 'address', kind: 'text', required: true },
];

/** The manufacturer form (apply, correct, staff edit): the directories' form with the manufacturers' fields. */
export function ManufacturerForm(props: ListingFormProps<ManufacturerFormValues>) {
  return <ListingForm<ManufacturerFormValues> {...props} fields={FIELDS} uploadKinds={MANUFACTURER_UPLOAD_FIELDS} requiredText="manufacturer.apply.required" />;
}
