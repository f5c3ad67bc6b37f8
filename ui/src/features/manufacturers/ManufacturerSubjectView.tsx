import { Callout, Card } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../session/SessionContext';
import type { SubjectViewProps } from '../staff/subjectViews';
import { ApplicationFields, useFirmName } from '../lawFirms/LawFirmBits';
import { MANUFACTURER_LISTING, ManufacturerStateTag } from './ManufacturerBits';
import type { ManufacturerSubject } from './types';

/**
 * The inbox task's subject (review): the application with every field and file; the decision form
 * beside it flags fields and names a refusal reason. A resubmission shows the last round's flags on
 * their fields so the reviewer checks those first.
 */
export function ManufacturerSubjectView({ subject }: SubjectViewProps) {
  const { t } = useTranslation();
  const { user } = useSession();
  const nameOf = useFirmName();
  const s = subject as ManufacturerSubject;
  const a = s.application;
  return (
    <Card data-testid="manufacturer-subject">
      <h3 className="ipci-page-title">
        {t('task.subject')} · {t('task.round', { round: a.round })} · {nameOf(a.names)} <ManufacturerStateTag state={a.state} />
      </h3>
      {user?.roles.includes('admin') && (
        <div className="ipci-toolbar">
          <span className="ipci-spacer" />
          <Link to={`/admin/manufacturer/audit/${a.id}`}>{t('manufacturer.admin.auditTitle')}</Link>
        </div>
      )}
      {a.reviewFlags && Object.keys(a.reviewFlags).length > 0 && (
        <Callout intent="warning" icon="history" style={{ margin: '12px 0' }}>
          {t('manufacturer.admin.flags')}
        </Callout>
      )}
      <ApplicationFields listing={MANUFACTURER_LISTING} data={a.data} uploads={s.uploads ?? {}} flags={a.reviewFlags} />
    </Card>
  );
}
