import { Callout, Card, HTMLSelect } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { TORT_REPORT_STATES } from '../../../../domain/monitoringAdmin';
import { DetailFallback } from '../../components/DetailFallback';
import { ListCard } from '../../components/ListCard';
import { ListTable } from '../../components/ListTable';
import { SearchToolbar } from '../../components/SearchToolbar';
import { StaffCaseHead } from '../../components/StaffCaseHead';
import { Timeline } from '../../components/Timeline';
import { formatDateTime } from '../../lib/format';
import { useDetail } from '../../lib/useDetail';
import { useLang } from '../../lib/useLang';
import { useKeysetPages } from '../invitations/useKeysetPages';
import { TaskStatusTag } from '../staff/taskBits';
import { TortEvidence, TortStateTag } from './TortEvidence';
import type { Page, TortReportDetail, TortReportRow } from './types';

const BASE = '/admin/tort';

/** /admin/tort — reports of suspected infringements, newest first: state filter, search by suspect number or reporter, keyset pages. */
export function TortListPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const [state, setState] = useState('');
  const [q, setQ] = useState('');
  const { first, items, next, loadMore, failed } = useKeysetPages<Page<TortReportRow>, TortReportRow>('/api/admin/tort-reports', { state: state || undefined, q: q || undefined }, (r) => r.items);
  return (
    <div className="ipci-stack" data-testid="admin-tort">
      <h2 className="ipci-page-title">{t('monitoringAdmin.tort.title')}</h2>
      <p className="ipci-muted">{t('monitoringAdmin.tort.lead')}</p>
      <SearchToolbar label={t('monitoringAdmin.tort.search')} testId="admin-tort-search" onSearch={setQ}>
        <HTMLSelect
          aria-label={t('monitoringAdmin.state')}
          value={state}
          onChange={(e) => setState(e.currentTarget.value)}
          data-testid="admin-tort-state"
          options={[{ value: '', label: t('monitoringAdmin.allStates') }, ...TORT_REPORT_STATES.map((s) => ({ value: s, label: t(`monitoringAdmin.reportStates.${s}`) }))]}
        />
      </SearchToolbar>
      <ListCard items={first ? items : null} failed={failed} empty={{ icon: 'take-action', title: t('monitoringAdmin.tort.empty') }} next={next} load={() => loadMore()}>
        {(list) => (
          <ListTable
            rows={list}
            rowTestId="admin-tort-row"
            columns={[
              { head: t('monitoringAdmin.tort.number'), className: 'ipci-nowrap', cell: (r) => <Link to={`${BASE}/audit/${r.id}`}>{r.suspectNumber}</Link> },
              { head: t('monitoringAdmin.tort.work'), className: 'ipci-name-cell', cell: (r) => r.application.ipName || r.workTitle },
              { head: t('monitoringAdmin.tort.website'), className: 'ipci-name-cell ipci-break-all', cell: (r) => r.website },
              { head: t('monitoringAdmin.tort.reporter'), className: 'ipci-name-cell', cell: (r) => `${r.reporter.displayName} (${r.reporter.username})` },
              { head: t('monitoringAdmin.state'), cell: (r) => <TortStateTag state={r.state} /> },
              { head: t('monitoringAdmin.tort.reportedAt'), className: 'ipci-nowrap', cell: (r) => formatDateTime(r.createdAt, lang) },
            ]}
          />
        )}
      </ListCard>
    </div>
  );
}

/**
 * /admin/tort/audit/:id — one report: who sent it, the inbox task that decides it (where staff confirm
 * or dismiss it), the decision once made and the case it started, the evidence and the application,
 * and the timeline.
 */
export function TortAuditPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const { id = '' } = useParams();
  const { detail, failure } = useDetail<TortReportDetail>(`/api/admin/tort-reports/${encodeURIComponent(id)}`);
  const back = <Link to={BASE}>← {t('monitoringAdmin.tort.back')}</Link>;
  if (!detail) return <DetailFallback failure={failure} notFound={t('monitoringAdmin.tort.notFound')} back={back} />;
  const r = detail.report;
  return (
    <div className="ipci-stack" data-testid="admin-tort-audit">
      <StaffCaseHead back={back} workflowUrl={detail.workflowUrl} title={t('monitoringAdmin.tort.auditTitle')} />
      <Card>
        <dl className="ipci-dl">
          <dt>{t('monitoringAdmin.tort.number')}</dt>
          <dd>{r.suspectNumber}</dd>
          <dt>{t('monitoringAdmin.state')}</dt>
          <dd>
            <TortStateTag state={r.state} />
          </dd>
          <dt>{t('monitoringAdmin.tort.reporter')}</dt>
          <dd data-testid="admin-tort-reporter">{detail.reporter ? `${detail.reporter.displayName} (${detail.reporter.username})` : '—'}</dd>
          <dt>{t('monitoringAdmin.tort.reportedAt')}</dt>
          <dd>{formatDateTime(r.createdAt, lang)}</dd>
          <dt>{t('monitoringAdmin.tort.task')}</dt>
          <dd>
            {detail.task ? (
              <span className="ipci-toolbar">
                <Link to={`/manage/tasks/${encodeURIComponent(detail.task.taskId)}`} data-testid="admin-tort-task">
                  {t(`steps.tortReport.${detail.task.step}`, { defaultValue: detail.task.step })}
                </Link>
                <TaskStatusTag status={detail.task.status} />
              </span>
            ) : (
              <span className="ipci-muted">{t('monitoringAdmin.tort.noTask')}</span>
            )}
          </dd>
          {r.decidedAt && (
            <>
              <dt>{t('monitoringAdmin.tort.decidedAt')}</dt>
              <dd>{formatDateTime(r.decidedAt, lang)}</dd>
            </>
          )}
          {r.protectionCaseId && (
            <>
              <dt>{t('monitoringAdmin.tort.protectionCase')}</dt>
              <dd>
                <Link to={`/admin/rightProtect/audit/${r.protectionCaseId}`} data-testid="admin-tort-case">
                  {t('monitoringAdmin.tort.openCase')}
                </Link>
              </dd>
            </>
          )}
        </dl>
        {r.state === 'dismissed' && r.reason && (
          <Callout intent="none" icon="disable" style={{ marginTop: 12 }} data-testid="admin-tort-dismissed">
            {t('monitoringAdmin.tort.reason')}: {t(`monitoringAdmin.dismissReasons.${r.reason}`, { defaultValue: r.reason })}
            {r.comment ? ` · ${r.comment}` : ''}
          </Callout>
        )}
      </Card>
      <TortEvidence report={r} suspect={detail.suspect} uploads={detail.uploads} />
      <Card>
        <h3 className="ipci-page-title">{t('timeline.title')}</h3>
        <Timeline kind="tortReport" id={r.id} />
      </Card>
    </div>
  );
}
