import { Card, NonIdealState, Spinner, type IconName } from '@blueprintjs/core';
import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { UploadMap } from '../../api/types';
import { Timeline } from '../../components/Timeline';
import { formatDateTime } from '../../lib/format';
import { useDetail } from '../../lib/useDetail';
import { useLang } from '../../lib/useLang';
import { useFirmName } from '../lawFirms/LawFirmBits';
import type { DirectoryApplication } from './AdminDirectoryPages';

/**
 * The user centre's page of the account's own directory listing (law firm, manufacturer): loading,
 * the way to apply while there is none, then its name and state, when it was applied for and which
 * round it is in, what the directory says about its state (`children`), and the process timeline.
 */
export function ListingPageShell<A extends DirectoryApplication>({
  text,
  testId,
  kind,
  api,
  apply,
  emptyIcon,
  StateTag,
  rows,
  children,
}: {
  text: 'lawFirm' | 'manufacturer';
  testId: string;
  kind: 'lawFirmListing' | 'manufacturerListing';
  /** GET: the account's application, null when it has none. */
  api: string;
  /** The site path of the application form. */
  apply: string;
  emptyIcon: IconName;
  StateTag: ComponentType<{ state: A['state'] }>;
  /** The summary's rows after the round. */
  rows?: (app: A) => ReactNode;
  children: (app: A, setApplication: (a: A) => void) => ReactNode;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const nameOf = useFirmName();
  const { detail, failure, setDetail } = useDetail<{ application: A | null; uploads: UploadMap }>(api);

  if (failure) return <NonIdealState icon="error" title={t('failure.load')} />;
  if (!detail) return <Spinner />;
  const app = detail.application;
  if (!app)
    return (
      <div className="ipci-stack">
        <h2 className="ipci-page-title">{t(`${text}.listing.title`)}</h2>
        <NonIdealState icon={emptyIcon} title={t(`${text}.listing.none`)} action={<Link to={apply}>{t(`${text}.listing.apply`)}</Link>} />
      </div>
    );

  return (
    <div className="ipci-stack" data-testid={testId}>
      <h2 className="ipci-page-title">{t(`${text}.listing.title`)}</h2>
      <Card>
        <h3 className="ipci-page-title">
          {nameOf(app.names)} <StateTag state={app.state} />
        </h3>
        <dl className="ipci-dl">
          <dt>{t(`${text}.listing.appliedAt`)}</dt>
          <dd>{formatDateTime(app.createdAt, lang)}</dd>
          <dt>{t(`${text}.listing.round`)}</dt>
          <dd>{app.round}</dd>
          {rows?.(app)}
        </dl>
      </Card>

      {children(app, (application) => setDetail((d) => d && { ...d, application }))}

      <Card>
        <h3 className="ipci-page-title">{t(`${text}.listing.timeline`)}</h3>
        <Timeline kind={kind} id={app.id} />
      </Card>
    </div>
  );
}
