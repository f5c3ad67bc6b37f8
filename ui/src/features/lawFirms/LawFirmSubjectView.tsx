import type { SubjectViewProps } from '../staff/subjectViews';
import { ListingSubjectView } from '../directory/ListingSubjectView';
import { LawFirmStateTag } from './LawFirmBits';
import type { LawFirmApplicationJson, LawFirmSubject } from './types';

/** The inbox task's subject (documents received, review): the decision form beside it flags the fields (LAW_FIRM_FIELDS). */
export function LawFirmSubjectView({ subject }: SubjectViewProps) {
  return <ListingSubjectView<LawFirmApplicationJson> subject={subject as LawFirmSubject} text="lawFirm" base="/admin/lawFirm" StateTag={LawFirmStateTag} />;
}
