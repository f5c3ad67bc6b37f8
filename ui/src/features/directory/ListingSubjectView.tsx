import { Callout, Card } from '@blueprintjs/core';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { UploadMap } from '../../api/types';
import { useSession } from '../../session/SessionContext';
import { ApplicationFields, useFirmName, type ListingFields } from '../lawFirms/LawFirmBits';
import type { DirectoryApplication } from './AdminDirectoryPages';

/**
 * A directory listing's inbox task subject: the application with every field and file, the decision
 * form beside it flagging fields. A resubmission shows the last round's flags on their fields so the
 * reviewer checks those first; an admin has the way to the back-office audit page.
 */
export function ListingSubjectView<A extends DirectoryApplication>({
  subject,
  text,
  base,
  listing,
  StateTag,
}: {
  subject: { application: A; uploads?: UploadMap };
  text: 'lawFirm' | 'manufacturer';
  /** The back office's path, e.g. /admin/lawFirm. */
  base: string;
  listing?: ListingFields;
  StateTag: ComponentType<{ state: A['state'] }>;
}) {
  const { t } = useTranslation();
  const { user } = useSession();
  const nameOf = useFirmName();
  const a = subject.application;
  return (
    <Card data-testid={`${listing?.testPrefix ?? 'lawfirm'}-subject`}>
      <h3 className="ipci-page-title">
        {t('task.subject')} · {t('task.round', { round: a.round })} · {nameOf(a.names)} <StateTag state={a.state} />
      </h3>
      {user?.roles.includes('admin') && (
        <div className="ipci-toolbar">
          <span className="ipci-spacer" />
          <Link to={`${base}/audit/${a.id}`}>{t(`${text}.admin.auditTitle`)}</Link>
        </div>
      )}
      {a.reviewFlags && Object.keys(a.reviewFlags).length > 0 && (
        <Callout intent="warning" icon="history" style={{ margin: '12px 0' }}>
          {t(`${text}.admin.flags`)}
        </Callout>
      )}
      <ApplicationFields listing={listing} data={a.data} uploads={subject.uploads ?? {}} flags={a.reviewFlags} />
    </Card>
  );
}
