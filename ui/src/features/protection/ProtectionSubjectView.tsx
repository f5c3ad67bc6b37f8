import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../session/SessionContext';
import type { SubjectViewProps } from '../staff/subjectViews';
import { ProgressForm, ProtectionView } from './ProtectionBits';
import type { ProtectionSubject } from './types';
import './protection.css';

/** The inbox task's subject: the case as staff read it and, while it is processed, the progress form. */
export function ProtectionSubjectView({ subject }: SubjectViewProps) {
  const { t } = useTranslation();
  const { user } = useSession();
  const s = subject as ProtectionSubject;
  const [value, setValue] = useState(s.case);
  return (
    <div className="ipci-stack" data-testid="protection-subject">
      {user?.roles.includes('admin') && (
        <div className="ipci-toolbar">
          <span className="ipci-spacer" />
          <Link to={`/admin/rightProtect/audit/${value.id}`}>{t('protection.admin.title')}</Link>
        </div>
      )}
      <ProtectionView value={value} uploads={s.uploads} staff />
      {value.state === 'processing' && <ProgressForm value={value} onPosted={setValue} />}
    </div>
  );
}
