import type { SubjectViewProps } from '../staff/subjectViews';
import { ListingSubjectView } from '../directory/ListingSubjectView';
import { MANUFACTURER_LISTING, ManufacturerStateTag } from './ManufacturerBits';
import type { ManufacturerApplicationJson, ManufacturerSubject } from './types';

/** The inbox task's subject (review): the decision form beside it flags fields and names a refusal reason. */
export function ManufacturerSubjectView({ subject }: SubjectViewProps) {
  return <ListingSubjectView<ManufacturerApplicationJson> subject={subject as ManufacturerSubject} text="manufacturer" base="/admin/manufacturer" listing={MANUFACTURER_LISTING} StateTag={ManufacturerStateTag} />;
}
