import { Card, Callout } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../session/SessionContext';
import type { SubjectViewProps } from '../staff/subjectViews';
import { ApplicationFields, LawFirmStateTag, useFirmName } from './LawFirmBits';
import type { LawFirmSubject } from './types';

/**
 * The inbox task's subject (documents received, review): the application with every field and file;
 * the decision form beside it flags the fields (LAW_FIRM_FIELDS). A resubmission shows the last
 * round's flags on their fields so the reviewer checks those first.
 */
export function LawFirmSubjectView({ subject }: SubjectViewProps) {
  const { t } = useTranslation();
  const { user } = useSession();
  const nameOf = useFirmName();
  const s = subject as LawFirmSubject;
  const a = s.application;
  return (
    <Card data-testid="lawfirm-subject">
      <h3 className="ipci-page-title">
        {t('task.subject')} · {t('task.round', { round: a.round })} · {nameOf(a.names)} <LawFirmStateTag state={a.state} />
      </h3>
      {user?.roles.includes('admin') && (
        <div className="ipci-toolbar">
          <span className="ipci-spacer" />
          <Link to={`/admin/lawFirm/audit/${a.id}`}>{t('lawFirm.admin.auditTitle')}</Link>
        </div>
      )}
      {a.reviewFlags && Object.keys(a.reviewFlags).length > 0 && (
        <Callout intent="warning" icon="history" style={{ margin: '12px 0' }}>
          {t('lawFirm.admin.flags')}
        </Callout>
      )}
      <ApplicationFields data={a.data} uploads={s.uploads ?? {}} flags={a.reviewFlags} />
    </Card>
  );
}
