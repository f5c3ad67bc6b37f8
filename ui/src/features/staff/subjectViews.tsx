import type { ComponentType } from 'react';
import { Card } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { IdentitySubject, TaskRow } from '../../api/types';
import { IdentityData } from '../identityReview/IdentityData';
import { CancellationSubject } from './taskBits';
import { TitleSubjectView } from '../titleAudit/TitleSubjectView';
import { PaperSubjectView } from '../ipciLifecycle/PaperSubjectView';
import { RemittanceSubjectView } from '../orderPayment/RemittanceSubjectView';
import { ObjectionSubjectView } from '../objection/ObjectionSubjectView';
import { EntrustedSubjectView } from '../records/EntrustedSubjectView';
import { TradeSubjectView } from '../trade/TradeSubjectView';
import { LawFirmSubjectView } from '../lawFirms/LawFirmSubjectView';
import { ManufacturerSubjectView } from '../manufacturers/ManufacturerSubjectView';
import { ProtectionSubjectView } from '../protection/ProtectionSubjectView';
import { TortSubjectView } from '../monitoringAdmin/TortEvidence';

export interface SubjectViewProps {
  task: TaskRow;
  /** The process kind's subject from api/lib/taskSubjects.ts. */
  subject: unknown;
}

function IdentitySubjectView({ subject }: SubjectViewProps) {
  const { t } = useTranslation();
  const s = subject as IdentitySubject;
  const cert = s.certification;
  return (
    <Card>
      <h3 className="ipci-page-title">
        {t('task.subject')} · {t('task.round', { round: cert.round })}
      </h3>
      <IdentityData kind={cert.kind} data={cert.data} uploads={s.uploads} flags={cert.flags} />
    </Card>
  );
}

/** What the task page shows of a subject, per process kind; each process adds its own view here. */
export const SUBJECT_VIEWS: Record<string, ComponentType<SubjectViewProps>> = {
  identityReview: IdentitySubjectView,
  accountCancellation: CancellationSubject,
  titleAudit: TitleSubjectView,
  paperCertificate: PaperSubjectView,
  orderPayment: RemittanceSubjectView,
  objection: ObjectionSubjectView,
  entrustedTrade: EntrustedSubjectView,
  tradeOrder: TradeSubjectView,
  lawFirmListing: LawFirmSubjectView,
  manufacturerListing: ManufacturerSubjectView,
  protectionCase: ProtectionSubjectView,
  tortReport: TortSubjectView,
};
