import { Card, Callout } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../session/SessionContext';
import type { SubjectViewProps } from '../staff/subjectViews';
import { ApplicationFields, LawFirmStateTag, useFirmName } from './LawFirmBits';
import type { AdminLawFirmDetail } from './types';

/**
 * The inbox task's subject (documents received, review): the application with every field and file;
 * the decision form beside it flags the fields (LAW_FIRM_FIELDS). A resubmission shows the last
 * round's flags on their fields so the reviewer checks those first.
 */
export function LawFirmSubjectView({ subject }: SubjectViewProps) {
  const { t } = useTranslation();
  const { user } = useSession();
  const nameOf = useFirmName();
  const s = subject as AdminLawFirmDetail;
  const a = s.application;
  return (
    <Card data-testid="lawfirm-subject">
      <h3 className="ipci-page-title">
        {t('task.subject')} · {t('task.round', { round: a.round })} · {nameOf(a.names)} <LawFirmStateTag state={a.state} />
      </h3>
      <div className="ipci-toolbar">
        {s.applicant && (
          <span className="ipci-muted">
            {t('lawFirm.admin.applicant')}: {s.applicant.displayName} ({s.applicant.username})
          </span>
        )}
        <span className="ipci-spacer" />
        {user?.roles.includes('admin') && <Link to={`/admin/lawFirm/audit/${a.id}`}>{t('lawFirm.admin.auditTitle')}</Link>}
      </div>
      {a.reviewFlags && Object.keys(a.reviewFlags).length > 0 && (
        <Callout intent="warning" icon="history" style={{ margin: '12px 0' }}>
          {t('lawFirm.admin.flags')}
        </Callout>
      )}
      <ApplicationFields data={a.data} uploads={s.uploads ?? {}} flags={a.reviewFlags} />
    </Card>
  );
}
