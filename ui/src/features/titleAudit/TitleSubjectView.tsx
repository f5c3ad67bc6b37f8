import { Callout, Card } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { TitleSubject } from '../../api/types';
import { IdentityData } from '../identityReview/IdentityData';
import type { SubjectViewProps } from '../staff/subjectViews';
import { TitleStateTag } from './RegistrationActions';
import { TitleData } from './TitleData';

/** The title audit task's subject for the reviewer: every field, picture and file, then the applicant's identity. */
export function TitleSubjectView({ subject }: SubjectViewProps) {
  const { t } = useTranslation();
  const s = subject as TitleSubject;
  const r = s.registration;
  return (
    <>
      <Card data-testid="title-subject">
        <h3 className="ipci-page-title">
          {t('task.subject')} · {t('task.round', { round: r.round })} · {t(`titleRegistration.mode.${r.mode}`)} <TitleStateTag state={r.state} />
        </h3>
        {r.round > 1 && r.failureReason && (
          <Callout intent="warning" icon="history" style={{ marginBottom: 12 }}>
            {t('titleRegistration.previousFailure')}: {t(`titleRegistration.failureReason.${r.failureReason}`)}
          </Callout>
        )}
        <TitleData data={r.data} uploads={s.uploads} flags={r.flags} />
      </Card>
      <Card data-testid="title-subject-identity">
        <h3 className="ipci-page-title">
          {t('titleRegistration.applicantIdentity')}
          {s.user && ` · ${s.user.displayName || s.user.username}`}
        </h3>
        {s.identity ? (
          <IdentityData kind={s.identity.certification.kind} data={s.identity.certification.data} uploads={s.identity.uploads} />
        ) : (
          <Callout intent="warning">{t('titleRegistration.noIdentity')}</Callout>
        )}
      </Card>
    </>
  );
}
