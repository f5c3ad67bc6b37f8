import { Card, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { TortReportState } from '../../../../domain/monitoringAdmin';
import { Attachments } from '../../components/Attachments';
import { formatDateTime } from '../../lib/format';
import { useLang } from '../../lib/useLang';
import type { SubjectViewProps } from '../staff/subjectViews';
import { EvidenceText } from '../monitoring/MonitoringBits';
import type { ReportedSuspect, TortReport, TortSubject } from './types';
import type { UploadMap } from '../../api/types';
import '../monitoring/monitoring.css';
import './monitoringAdmin.css';

const STATE_INTENT = { review: 'warning', caseStarted: 'success', dismissed: 'none' } as const;

export function TortStateTag({ state }: { state: TortReportState }) {
  const { t } = useTranslation();
  return (
    <Tag minimal intent={STATE_INTENT[state]} data-testid="tort-state">
      {t(`monitoringAdmin.reportStates.${state}`)}
    </Tag>
  );
}

/** The application fields a report carries, in the protection form's order (files apart); the long ones take a whole row. */
const TEXT_FIELDS = ['ipName', 'ipIntroduction', 'infringer', 'infringingWork', 'scope', 'description'] as const;
const WIDE = new Set<string>(['ipIntroduction', 'scope', 'description']);

/**
 * What staff decide a report on: the original beside the copy as found, how they matched, the page
 * as it was fetched (title, text extract, hash, time), and the application the user sent with its files.
 */
export function TortEvidence({ report, suspect, uploads }: { report: TortReport; suspect: ReportedSuspect | null; uploads: UploadMap }) {
  const { t } = useTranslation();
  const lang = useLang();
  const a = report.application;
  return (
    <>
      {suspect && (
        <Card data-testid="tort-evidence">
          <h3 className="ipci-section-title">{t('monitoringAdmin.evidence.title')}</h3>
          <dl className="ipci-dl ipci-monitoring-dl">
            <dt>{t('monitoringAdmin.tort.number')}</dt>
            <dd data-testid="tort-number">{suspect.number}</dd>
            <dt>{t('monitoringAdmin.evidence.detectedAt')}</dt>
            <dd>{formatDateTime(suspect.detectedAt, lang, { zone: true })}</dd>
            <dt>{t('monitoringAdmin.tort.website')}</dt>
            <dd>{suspect.website}</dd>
            <dt>{t('monitoringAdmin.evidence.matchKind')}</dt>
            <dd>{t(`monitoring.matchKinds.${suspect.matchKind}`)}</dd>
            <dt className="ipci-dl-wide-label">{t('monitoringAdmin.evidence.pageUrl')}</dt>
            <dd className="ipci-dl-wide ipci-break-all">{suspect.pageUrl}</dd>
            <dt className="ipci-dl-wide-label">{t('monitoringAdmin.evidence.imageUrl')}</dt>
            <dd className="ipci-dl-wide ipci-break-all">{suspect.imageUrl || '—'}</dd>
          </dl>
          <div className="ipci-monitoring-compare" data-testid="tort-compare">
            <figure>
              {suspect.originalUploadId ? (
                <img src={`/api/uploads/${suspect.originalUploadId}`} alt={t('monitoringAdmin.evidence.original')} data-testid="tort-original" />
              ) : (
                <div className="ipci-monitoring-noimage">{t('monitoringAdmin.evidence.noImage')}</div>
              )}
              <figcaption>{t('monitoringAdmin.evidence.original')}</figcaption>
            </figure>
            <figure>
              {suspect.hasCopy ? (
                <img src={`/api/tort-reports/${report.id}/copy`} alt={t('monitoringAdmin.evidence.copy')} data-testid="tort-copy" />
              ) : (
                <div className="ipci-monitoring-noimage">{t('monitoringAdmin.evidence.noImage')}</div>
              )}
              <figcaption>{t('monitoringAdmin.evidence.copy')}</figcaption>
            </figure>
          </div>
          <EvidenceText evidence={suspect.evidence} />
          <h4>{t('monitoringAdmin.evidence.snapshot')}</h4>
          <dl className="ipci-dl ipci-monitoring-dl">
            <dt>{t('monitoringAdmin.evidence.pageTitle')}</dt>
            <dd>{suspect.snapshot.title || '—'}</dd>
            <dt>{t('monitoringAdmin.evidence.fetchedAt')}</dt>
            <dd>{suspect.snapshot.fetchedAt ? formatDateTime(suspect.snapshot.fetchedAt, lang, { zone: true }) : '—'}</dd>
            <dt className="ipci-dl-wide-label">{t('monitoringAdmin.evidence.sha256')}</dt>
            <dd className="ipci-dl-wide ipci-break-all" data-testid="tort-sha256">
              {suspect.snapshot.sha256 ?? '—'}
            </dd>
          </dl>
          {suspect.snapshot.text && (
            <p className="ipci-pre-text ipci-monitoring-snapshot-text" data-testid="tort-snapshot-text">
              {suspect.snapshot.text}
            </p>
          )}
        </Card>
      )}
      <Card data-testid="tort-application">
        <h3 className="ipci-section-title">{t('monitoringAdmin.evidence.application')}</h3>
        <dl className="ipci-dl">
          {TEXT_FIELDS.filter((f) => a[f]).map((f) => (
            <div key={f} style={{ display: 'contents' }}>
              <dt className={WIDE.has(f) ? 'ipci-dl-wide-label' : undefined}>{t(`protection.fields.${f}`)}</dt>
              <dd className={WIDE.has(f) ? 'ipci-pre-text ipci-dl-wide ipci-break-all' : 'ipci-pre-text'} data-testid={`tort-fact-${f}`}>
                {a[f]}
              </dd>
            </div>
          ))}
        </dl>
        {(['proof', 'supplementary'] as const).map((f) =>
          a[f]?.length ? (
            <div key={f}>
              <h4>{t(`protection.fields.${f}`)}</h4>
              <Attachments ids={a[f]} uploads={uploads} />
            </div>
          ) : null,
        )}
      </Card>
    </>
  );
}

/** The tort queue's task subject in the inbox: the reporter, then the evidence and the application. */
export function TortSubjectView({ subject }: SubjectViewProps) {
  const { t } = useTranslation();
  const s = subject as TortSubject;
  return (
    <>
      <Card>
        <div className="ipci-toolbar">
          <strong data-testid="tort-subject-number">{s.report.suspectNumber}</strong>
          <TortStateTag state={s.report.state} />
          {s.user && (
            <span className="ipci-muted">
              {t('monitoringAdmin.tort.reporter')}: {s.user.displayName} ({s.user.username})
            </span>
          )}
        </div>
      </Card>
      <TortEvidence report={s.report} suspect={s.suspect} uploads={s.uploads} />
    </>
  );
}
