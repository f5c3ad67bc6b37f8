import { Callout, Card, HTMLSelect, type IconName } from '@blueprintjs/core';
import { useState, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import type { AnySchema } from 'yup';
import { api } from '../../api/client';
import type { UploadMap } from '../../api/types';
import { DetailFallback } from '../../components/DetailFallback';
import { ListCard } from '../../components/ListCard';
import { ListTable } from '../../components/ListTable';
import { RecheckForm, type RecheckAction } from '../../components/RecheckForm';
import { SearchToolbar } from '../../components/SearchToolbar';
import { Timeline } from '../../components/Timeline';
import { WorkflowLink } from '../../components/WorkflowLink';
import { formatDateTime } from '../../lib/format';
import { useDetail } from '../../lib/useDetail';
import { useLang } from '../../lib/useLang';
import { showToast } from '../../session/toaster';
import { useKeysetPages } from '../invitations/useKeysetPages';
import { ApplicationFields, ReviewFlags, useFirmName, type ListingFields } from '../lawFirms/LawFirmBits';
import type { Applicant, LawFirmApplicationJson } from '../lawFirms/types';
import { TaskStatusTag } from '../staff/taskBits';

/** What the back office reads of any directory's application (law firms', manufacturers'). */
export interface DirectoryApplication {
  id: string;
  state: string;
  names: LawFirmApplicationJson['names'];
  data: object;
  round: number;
  agreementVersion: string;
  createdAt: string;
  suspendedReason: string | null;
  reviewFlags: Record<string, string> | null;
}

/** GET /api/admin/<directory>/:id */
export interface AdminDirectoryDetail<A> {
  application: A;
  applicant: Applicant | null;
  uploads: UploadMap;
  workflowUrl?: string;
  task?: { taskId: string; step: string; status: string } | null;
}

/** The edit form a directory brings: the applicant's form and schema, prefilled from the application. */
export interface DirectoryEditForm<A> {
  application: A;
  uploads: UploadMap;
  id: string;
  submitText: string;
  onSubmit: (values: object) => Promise<void>;
}

/**
 * One directory's back office: where it lives, its texts (keys under `<text>.admin`, `<text>.listing`,
 * `<text>.states`, `<text>.detail`) and what only it has (the law firms' recommendation and payment
 * term, the manufacturers' refusal reason).
 */
export interface AdminDirectory<A extends DirectoryApplication> {
  /** The back-office path, e.g. /admin/lawFirm. */
  base: string;
  /** The admin API, e.g. /api/admin/lawfirms. */
  api: string;
  text: 'lawFirm' | 'manufacturer';
  /** The test-id part: admin-<testPrefix>-row, -audit, … */
  testPrefix: string;
  /** The listing workflow's case kind, for its timeline and task steps. */
  kind: 'lawFirmListing' | 'manufacturerListing';
  listing?: ListingFields;
  states: readonly string[];
  emptyIcon: IconName;
  StateTag: ComponentType<{ state: A['state'] }>;
  /** Shown after the name in the list and the page titles. */
  badge?: (a: A) => ReactNode;
  /** Buttons of the pages' toolbar beyond the pages themselves. */
  actions?: (a: A, onChange: (a: A) => void) => ReactNode;
  /** The summary's rows of this directory, between the agreement and the suspension. */
  summaryRows?: (a: A) => ReactNode;
  Form: ComponentType<DirectoryEditForm<A>>;
  /** The recheck's actions, their label and confirmation as text keys. */
  recheck: { schema: AnySchema; actions: (a: A) => RecheckAction[] };
}

const recheckable = (a: DirectoryApplication) => a.state === 'listed' || a.state === 'suspended';

/** /admin/<directory> — every application, newest first: state filter, search by name, keyset pages. */
export function AdminDirectoryListPage<A extends DirectoryApplication>({ dir }: { dir: AdminDirectory<A> }) {
  const { t } = useTranslation();
  const lang = useLang();
  const nameOf = useFirmName();
  const [state, setState] = useState('');
  const [q, setQ] = useState('');
  type Row = A & { applicant: Applicant | null };
  const { first, items, next, loadMore, failed } = useKeysetPages<{ items: Row[]; next: string | null }, Row>(dir.api, { state: state || undefined, q: q || undefined }, (r) => r.items);
  const { base, text, testPrefix, StateTag } = dir;
  return (
    <div className="ipci-stack">
      <h2 className="ipci-page-title">{t(`${text}.admin.title`)}</h2>
      <SearchToolbar label={t(`${text}.admin.search`)} testId={`admin-${testPrefix}-search`} onSearch={setQ}>
        <HTMLSelect
          aria-label={t(`${text}.listing.state`)}
          value={state}
          onChange={(e) => setState(e.currentTarget.value)}
          data-testid={`admin-${testPrefix}-state`}
          options={[{ value: '', label: t(`${text}.admin.allStates`) }, ...dir.states.map((s) => ({ value: s, label: t(`${text}.states.${s}`) }))]}
        />
      </SearchToolbar>
      <ListCard items={first ? items : null} failed={failed} empty={{ icon: dir.emptyIcon, title: t(`${text}.admin.empty`) }} next={next} load={() => loadMore()}>
        {(list) => (
          <ListTable
            rows={list}
            rowTestId={`admin-${testPrefix}-row`}
            columns={[
              {
                head: t('fields.nameZh'),
                className: 'ipci-lawfirm-name-cell',
                cell: (a) => (
                  <>
                    <Link to={`${base}/detail/${a.id}`}>{nameOf(a.names)}</Link> {dir.badge?.(a)}
                  </>
                ),
              },
              { head: t(`${text}.admin.applicant`), className: 'ipci-nowrap', cell: (a) => (a.applicant ? a.applicant.displayName || a.applicant.username : '—') },
              { head: t(`${text}.listing.state`), cell: (a) => <StateTag state={a.state} /> },
              { head: t(`${text}.admin.createdAt`), className: 'ipci-nowrap', cell: (a) => formatDateTime(a.createdAt, lang) },
              {
                head: t(`${text}.admin.action`),
                className: 'ipci-lawfirm-actions',
                cell: (a) => (
                  <>
                    <Link to={`${base}/audit/${a.id}`}>{t(`${text}.admin.audit`)}</Link>
                    <Link to={`${base}/edit/${a.id}`}>{t(`${text}.admin.edit`)}</Link>
                    {recheckable(a) && <Link to={`${base}/recheck/${a.id}`}>{t(`${text}.admin.recheck`)}</Link>}
                  </>
                ),
              },
            ]}
          />
        )}
      </ListCard>
    </div>
  );
}

function useAdminDetail<A extends DirectoryApplication>(dir: AdminDirectory<A>) {
  const { id = '' } = useParams();
  const path = `${dir.api}/${encodeURIComponent(id)}`;
  const { detail, setDetail, failure } = useDetail<AdminDirectoryDetail<A>>(path);
  const setApplication = (application: A) => setDetail((d) => d && { ...d, application });
  return { id, path, detail, failure, setApplication };
}

/**
 * A back-office page of one application: the fallback until it is loaded, then the other pages, its
 * name, state and badge, and the application's dates and people above the page's own content.
 */
function DirectoryPage<A extends DirectoryApplication>({
  dir,
  title,
  testId,
  children,
}: {
  dir: AdminDirectory<A>;
  title: string;
  testId?: string;
  children: (d: { detail: AdminDirectoryDetail<A>; path: string; setApplication: (a: A) => void }) => ReactNode;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const nameOf = useFirmName();
  const { detail, path, failure, setApplication } = useAdminDetail(dir);
  const { base, text, StateTag } = dir;
  if (!detail) return <DetailFallback failure={failure} notFound={t(`${text}.detail.notFound`)} back={<Link to={base}>← {t(`${text}.admin.back`)}</Link>} />;
  const a = detail.application;
  const p = detail.applicant;
  return (
    <div className="ipci-stack" data-testid={testId}>
      <div className="ipci-toolbar">
        <Link to={base}>← {t(`${text}.admin.back`)}</Link>
        <span className="ipci-spacer" />
        <Link to={`${base}/audit/${a.id}`}>{t(`${text}.admin.audit`)}</Link>
        <Link to={`${base}/detail/${a.id}`}>{t(`${text}.admin.detail`)}</Link>
        <Link to={`${base}/edit/${a.id}`}>{t(`${text}.admin.edit`)}</Link>
        {recheckable(a) && <Link to={`${base}/recheck/${a.id}`}>{t(`${text}.admin.recheck`)}</Link>}
        {dir.actions?.(a, setApplication)}
      </div>
      <h2 className="ipci-page-title">
        {title} · {nameOf(a.names)} <StateTag state={a.state} /> {dir.badge?.(a)}
      </h2>
      <Card>
        <dl className="ipci-dl">
          <dt>{t(`${text}.admin.applicant`)}</dt>
          <dd>{p ? `${p.displayName} (${p.username})` : '—'}</dd>
          <dt>{t(`${text}.admin.createdAt`)}</dt>
          <dd>{formatDateTime(a.createdAt, lang)}</dd>
          <dt>{t(`${text}.listing.round`)}</dt>
          <dd>{a.round}</dd>
          <dt>{t(`${text}.admin.agreement`)}</dt>
          <dd>{a.agreementVersion}</dd>
          {dir.summaryRows?.(a)}
          {a.suspendedReason && (
            <>
              <dt>{t(`${text}.states.suspended`)}</dt>
              <dd>{a.suspendedReason}</dd>
            </>
          )}
        </dl>
      </Card>
      {children({ detail, path, setApplication })}
    </div>
  );
}

function TimelineCard({ kind, id }: { kind: AdminDirectory<DirectoryApplication>['kind']; id: string }) {
  const { t } = useTranslation();
  return (
    <Card>
      <h3 className="ipci-page-title">{t('timeline.title')}</h3>
      <Timeline kind={kind} id={id} />
    </Card>
  );
}

/** /admin/<directory>/audit/:id — the application with every field and file, the last review's flags, its open inbox task, workflow and timeline. */
export function AdminDirectoryAuditPage<A extends DirectoryApplication>({ dir }: { dir: AdminDirectory<A> }) {
  const { t } = useTranslation();
  const { text, testPrefix } = dir;
  return (
    <DirectoryPage dir={dir} title={t(`${text}.admin.auditTitle`)} testId={`admin-${testPrefix}-audit`}>
      {({ detail }) => {
        const a = detail.application;
        return (
          <>
            <Card className="ipci-toolbar">
              {detail.task ? (
                <>
                  <Link to={`/manage/tasks/${encodeURIComponent(detail.task.taskId)}`} data-testid={`admin-${testPrefix}-task`}>
                    {t(`${text}.admin.task`)}: {t(`steps.${dir.kind}.${detail.task.step}`, { defaultValue: detail.task.step })}
                  </Link>
                  <TaskStatusTag status={detail.task.status} />
                </>
              ) : (
                <span className="ipci-muted">{t(`${text}.admin.noTask`)}</span>
              )}
              <span className="ipci-spacer" />
              {detail.workflowUrl && <WorkflowLink url={detail.workflowUrl} />}
            </Card>
            {a.reviewFlags && Object.keys(a.reviewFlags).length > 0 && <ReviewFlags listing={dir.listing} flags={a.reviewFlags} title={t(`${text}.admin.flags`)} />}
            <Card>
              <ApplicationFields listing={dir.listing} data={a.data} uploads={detail.uploads} flags={a.reviewFlags} />
            </Card>
            <TimelineCard kind={dir.kind} id={a.id} />
          </>
        );
      }}
    </DirectoryPage>
  );
}

/** /admin/<directory>/detail/:id — the listing as listed: its content and files, read only. */
export function AdminDirectoryDetailPage<A extends DirectoryApplication>({ dir }: { dir: AdminDirectory<A> }) {
  const { t } = useTranslation();
  return (
    <DirectoryPage dir={dir} title={t(`${dir.text}.admin.detailTitle`)} testId={`admin-${dir.testPrefix}-detail`}>
      {({ detail }) => (
        <Card>
          <ApplicationFields listing={dir.listing} data={detail.application.data} uploads={detail.uploads} />
        </Card>
      )}
    </DirectoryPage>
  );
}

/** /admin/<directory>/edit/:id — staff correct the listing's content (the same form and schema as the applicant's). */
export function AdminDirectoryEditPage<A extends DirectoryApplication>({ dir }: { dir: AdminDirectory<A> }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { text, Form } = dir;
  return (
    <DirectoryPage dir={dir} title={t(`${text}.admin.editTitle`)}>
      {({ detail, path }) => (
        <Card>
          <Form
            id={`admin-${dir.testPrefix}-form`}
            application={detail.application}
            uploads={detail.uploads}
            submitText={t(`${text}.admin.save`)}
            onSubmit={async (values) => {
              await api.put<{ application: A }>(path, values);
              showToast({ intent: 'success', icon: 'tick', message: t(`${text}.admin.saved`) });
              navigate(`${dir.base}/detail/${detail.application.id}`);
            }}
          />
        </Card>
      )}
    </DirectoryPage>
  );
}

/** /admin/<directory>/recheck/:id — take a listed one out of the directory or put a suspended one back, with the reason, after a confirmation. */
export function AdminDirectoryRecheckPage<A extends DirectoryApplication>({ dir }: { dir: AdminDirectory<A> }) {
  const { t } = useTranslation();
  const { text } = dir;
  return (
    <DirectoryPage dir={dir} title={t(`${text}.admin.recheckTitle`)}>
      {({ detail, path, setApplication }) => {
        const a = detail.application;
        return (
          <>
            <Card>
              {!recheckable(a) ? (
                <Callout intent="warning">{t(`${text}.admin.notRecheckable`)}</Callout>
              ) : (
                <RecheckForm
                  testId={`admin-${dir.testPrefix}-recheck`}
                  schema={dir.recheck.schema}
                  actions={dir.recheck.actions(a).map((r) => ({ ...r, label: t(r.label), confirm: t(r.confirm) }))}
                  labels={{ action: t(`${text}.admin.action`), reason: t(`${text}.admin.reason`), cancel: t(`${text}.admin.cancel`), confirm: t(`${text}.admin.confirm`) }}
                  onRecheck={async (v) => {
                    const r = await api.post<{ application: A }>(`${path}/recheck`, v);
                    setApplication(r.application);
                    showToast({ intent: 'success', icon: 'tick', message: t(`${text}.admin.rechecked`) });
                  }}
                />
              )}
            </Card>
            <TimelineCard kind={dir.kind} id={a.id} />
          </>
        );
      }}
    </DirectoryPage>
  );
}
