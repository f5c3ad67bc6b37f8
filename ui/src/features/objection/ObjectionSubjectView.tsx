import type { SubjectViewProps } from '../staff/subjectViews';
import { ObjectionView } from './ObjectionView';
import type { ObjectionDetail } from './types';
import './objection.css';

/** The inbox task's subject: the objection as staff read it (with the holder's answer once given). */
export function ObjectionSubjectView({ subject }: SubjectViewProps) {
  const s = subject as ObjectionDetail;
  return (
    <div className="ipci-stack" data-testid="objection-subject">
      <ObjectionView objection={s.objection} uploads={s.uploads} />
    </div>
  );
}
