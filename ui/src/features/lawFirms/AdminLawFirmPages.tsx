import { Button, Card, Callout, HTMLSelect, HTMLTable } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { LAW_FIRM_STATES, lawFirmRecheckSchema, lawFirmSchema } from '../../../../domain/lawFirms';
import { api } from '../../api/client';
import { ListCard } from '../../components/ListCard';
import { Timeline } from '../../components/Timeline';
import { formatDate, formatDateTime, formatDeadline } from '../../lib/format';
import { useDetail } from '../../lib/useDetail';
import { useLang } from '../../lib/useLang';
import { showToast } from '../../session/toaster';
import { useKeysetPages } from '../invitations/useKeysetPages';
import { DetailFallback } from '../../components/DetailFallback';
import { RecheckForm } from '../../components/RecheckForm';
import { SearchToolbar } from '../../components/SearchToolbar';
import { TaskStatusTag } from '../staff/taskBits';
import { ApplicationFields, LawFirmStateTag, RecommendedTag, ReviewFlags, useFirmName } from './LawFirmBits';
import { formValuesOf, LawFirmForm } from './LawFirmForm';
import type { AdminLawFirmDetail, AdminLawFirmPage, AdminLawFirmRow, LawFirmApplicationJson } from './types';
import { WorkflowLink } from '../../components/WorkflowLink';
import { ConfirmAlert } from '../../components/ConfirmAlert';

const BASE = '/admin/lawFirm';
const detailPath = (id: string) => `/api/admin/lawfirms/${encodeURIComponent(id)}`;

/** /admin/lawFirm — every application, newest first: state filter, search by name, keyset pages. */
export function AdminLawFirmsPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const nameOf = useFirmName();
  const [state, setState] = useState('');
  const [q, setQ] = useState('');
  const { first, items, next, loadMore, failed } = useKeysetPages<AdminLawFirmPage, AdminLawFirmRow>('/api/admin/lawfirms', { state: state || undefined, q: q || undefined }, (r) => r.items);
  return (
    <div className="ipci-stack">
      <h2 className="ipci-page-title">{t('lawFirm.admin.title')}</h2>
      <SearchToolbar label={t('lawFirm.admin.search')} testId="admin-lawfirm-search" onSearch={setQ}>
        <HTMLSelect
          aria-label={t('lawFirm.listing.state')}
          value={state}
          onChange={(e) => setState(e.currentTarget.value)}
          data-testid="admin-lawfirm-state"
          options={[{ value: '', label: t('lawFirm.admin.allStates') }, ...LAW_FIRM_STATES.map((s) => ({ value: s, label: t(`lawFirm.states.${s}`) }))]}
        />
      </SearchToolbar>
      <ListCard items={first ? items : null} failed={failed} empty={{ icon: 'office', title: t('lawFirm.admin.empty') }} next={next} load={() => loadMore()}>
        {(list) => (
          <HTMLTable className="ipci-table" striped style={{ width: '100%' }}>
            <thead>
              <tr>
                <th>{t('fields.nameZh')}</th>
                <th>{t('lawFirm.admin.applicant')}</th>
                <th>{t('lawFirm.listing.state')}</th>
                <th>{t('lawFirm.admin.createdAt')}</th>
                <th>{t('lawFirm.admin.action')}</th>
              </tr>
            </thead>
            <tbody>
              {list.map((f) => (
                <tr key={f.id} data-testid="admin-lawfirm-row">
                  <td className="ipci-lawfirm-name-cell">
                    <Link to={`${BASE}/detail/${f.id}`}>{nameOf(f.names)}</Link> {f.recommended && <RecommendedTag />}
                  </td>
                  <td>{f.applicant ? f.applicant.displayName || f.applicant.username : '—'}</td>
                  <td>
                    <LawFirmStateTag state={f.state} />
                  </td>
                  <td className="ipci-nowrap">{formatDateTime(f.createdAt, lang)}</td>
                  <td className="ipci-lawfirm-actions">
                    <Link to={`${BASE}/audit/${f.id}`}>{t('lawFirm.admin.audit')}</Link>
                    <Link to={`${BASE}/edit/${f.id}`}>{t('lawFirm.admin.edit')}</Link>
                    {(f.state === 'listed' || f.state === 'suspended') && <Link to={`${BASE}/recheck/${f.id}`}>{t('lawFirm.admin.recheck')}</Link>}
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        )}
      </ListCard>
    </div>
  );
}

/** The recommended flag: a direct admin write after a confirmation. */
function RecommendButton({ app, onChange }: { app: LawFirmApplicationJson; onChange: (a: LawFirmApplicationJson) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const next = !app.recommended;
  return (
    <>
      <Button icon={next ? 'star' : 'star-empty'} text={t(next ? 'lawFirm.admin.recommend' : 'lawFirm.admin.unrecommend')} onClick={() => setOpen(true)} data-testid="admin-lawfirm-recommend" />
      <ConfirmAlert
        open={open}
        intent="primary"
        icon="star"
        cancelText={t('lawFirm.admin.cancel')}
        confirmText={t('lawFirm.admin.confirm')}
        busy={busy}
        onCancel={() => setOpen(false)}
        onConfirm={async () => {
          setBusy(true);
          try {
            const r = await api.put<{ application: LawFirmApplicationJson }>(`${detailPath(app.id)}/recommended`, { recommended: next });
            onChange(r.application);
            showToast({ intent: 'success', icon: 'tick', message: t('lawFirm.admin.saved') });
            setOpen(false);
          } finally {
            setBusy(false);
          }
        }}
      >
        <p>{t(next ? 'lawFirm.admin.confirmRecommend' : 'lawFirm.admin.confirmUnrecommend')}</p>
      </ConfirmAlert>
    </>
  );
}

/** The head of every back-office page of one firm: back link, name, state, recommendation and the other pages. */
function FirmHeader({ detail, setApplication, title }: { detail: AdminLawFirmDetail; setApplication: (a: LawFirmApplicationJson) => void; title: string }) {
  const { t } = useTranslation();
  const nameOf = useFirmName();
  const a = detail.application;
  return (
    <>
      <div className="ipci-toolbar">
        <Link to={BASE}>← {t('lawFirm.admin.back')}</Link>
        <span className="ipci-spacer" />
        <Link to={`${BASE}/audit/${a.id}`}>{t('lawFirm.admin.audit')}</Link>
        <Link to={`${BASE}/detail/${a.id}`}>{t('lawFirm.admin.detail')}</Link>
        <Link to={`${BASE}/edit/${a.id}`}>{t('lawFirm.admin.edit')}</Link>
        {(a.state === 'listed' || a.state === 'suspended') && <Link to={`${BASE}/recheck/${a.id}`}>{t('lawFirm.admin.recheck')}</Link>}
        <RecommendButton app={a} onChange={setApplication} />
      </div>
      <h2 className="ipci-page-title">
        {title} · {nameOf(a.names)} <LawFirmStateTag state={a.state} /> {a.recommended && <RecommendedTag />}
      </h2>
    </>
  );
}

/** The application's dates and people, as the back office reads them. */
function ApplicationSummary({ detail }: { detail: AdminLawFirmDetail }) {
  const { t } = useTranslation();
  const lang = useLang();
  const a = detail.application;
  const p = detail.applicant;
  return (
    <Card>
      <dl className="ipci-dl">
        <dt>{t('lawFirm.admin.applicant')}</dt>
        <dd>{p ? `${p.displayName} (${p.username})` : '—'}</dd>
        <dt>{t('lawFirm.admin.createdAt')}</dt>
        <dd>{formatDateTime(a.createdAt, lang)}</dd>
        <dt>{t('lawFirm.listing.round')}</dt>
        <dd>{a.round}</dd>
        <dt>{t('lawFirm.admin.agreement')}</dt>
        <dd>{a.agreementVersion}</dd>
        {a.paymentDueAt && (
          <>
            <dt>{t('lawFirm.listing.paymentDueLabel')}</dt>
            <dd>{formatDeadline(a.paymentDueAt, lang)}</dd>
          </>
        )}
        {a.listedAt && a.listedUntil && (
          <>
            <dt>{t('lawFirm.listing.termLabel')}</dt>
            <dd>{t('lawFirm.listing.term', { from: formatDate(a.listedAt, lang), until: formatDate(a.listedUntil, lang) })}</dd>
          </>
        )}
        {a.suspendedReason && (
          <>
            <dt>{t('lawFirm.states.suspended')}</dt>
            <dd>{a.suspendedReason}</dd>
          </>
        )}
      </dl>
    </Card>
  );
}

function useAdminDetail() {
  const { id = '' } = useParams();
  const { detail, setDetail, failure } = useDetail<AdminLawFirmDetail>(detailPath(id));
  const setApplication = (application: LawFirmApplicationJson) => setDetail((d) => d && { ...d, application });
  return { id, detail, failure, setApplication };
}

function Fallback({ failure }: { failure: 'notFound' | 'failed' | null }) {
  const { t } = useTranslation();
  return <DetailFallback failure={failure} notFound={t('lawFirm.detail.notFound')} back={<Link to={BASE}>← {t('lawFirm.admin.back')}</Link>} />;
}

/** /admin/lawFirm/audit/:id — the application with every field and file, the last review's flags, its open inbox task, workflow and timeline. */
export function AdminLawFirmAuditPage() {
  const { t } = useTranslation();
  const { detail, failure, setApplication } = useAdminDetail();
  if (!detail) return <Fallback failure={failure} />;
  const a = detail.application;
  return (
    <div className="ipci-stack" data-testid="admin-lawfirm-audit">
      <FirmHeader detail={detail} setApplication={setApplication} title={t('lawFirm.admin.auditTitle')} />
      <Card className="ipci-toolbar">
        {detail.task ? (
          <>
            <Link to={`/manage/tasks/${encodeURIComponent(detail.task.taskId)}`} data-testid="admin-lawfirm-task">
              {t('lawFirm.admin.task')}: {t(`steps.lawFirmListing.${detail.task.step}`, { defaultValue: detail.task.step })}
            </Link>
            <TaskStatusTag status={detail.task.status} />
          </>
        ) : (
          <span className="ipci-muted">{t('lawFirm.admin.noTask')}</span>
        )}
        <span className="ipci-spacer" />
        {detail.workflowUrl && <WorkflowLink url={detail.workflowUrl} />}
      </Card>
      <ApplicationSummary detail={detail} />
      {a.reviewFlags && Object.keys(a.reviewFlags).length > 0 && <ReviewFlags flags={a.reviewFlags} title={t('lawFirm.admin.flags')} />}
      <Card>
        <ApplicationFields data={a.data} uploads={detail.uploads} flags={a.reviewFlags} />
      </Card>
      <Card>
        <h3 className="ipci-page-title">{t('timeline.title')}</h3>
        <Timeline kind="lawFirmListing" id={a.id} />
      </Card>
    </div>
  );
}

/** /admin/lawFirm/detail/:id — the firm as listed: its content and files, read only. */
export function AdminLawFirmDetailPage() {
  const { t } = useTranslation();
  const { detail, failure, setApplication } = useAdminDetail();
  if (!detail) return <Fallback failure={failure} />;
  return (
    <div className="ipci-stack" data-testid="admin-lawfirm-detail">
      <FirmHeader detail={detail} setApplication={setApplication} title={t('lawFirm.admin.detailTitle')} />
      <ApplicationSummary detail={detail} />
      <Card>
        <ApplicationFields data={detail.application.data} uploads={detail.uploads} />
      </Card>
    </div>
  );
}

/** /admin/lawFirm/edit/:id — staff correct the listing's content (the same form and schema as the firm's). */
export function AdminLawFirmEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id, detail, failure, setApplication } = useAdminDetail();
  if (!detail) return <Fallback failure={failure} />;
  return (
    <div className="ipci-stack">
      <FirmHeader detail={detail} setApplication={setApplication} title={t('lawFirm.admin.editTitle')} />
      <Card>
        <LawFirmForm
          id="admin-lawfirm-form"
          schema={lawFirmSchema}
          initial={formValuesOf(detail.application.data)}
          uploads={detail.uploads}
          submitText={t('lawFirm.admin.save')}
          onSubmit={async (values) => {
            await api.put<{ application: LawFirmApplicationJson }>(detailPath(id), values);
            showToast({ intent: 'success', icon: 'tick', message: t('lawFirm.admin.saved') });
            navigate(`${BASE}/detail/${id}`);
          }}
        />
      </Card>
    </div>
  );
}

/** /admin/lawFirm/recheck/:id — suspend a listed firm or restore a suspended one, with the reason, after a confirmation. */
export function AdminLawFirmRecheckPage() {
  const { t } = useTranslation();
  const { detail, failure, setApplication } = useAdminDetail();
  if (!detail) return <Fallback failure={failure} />;
  const a = detail.application;
  const recheckable = a.state === 'listed' || a.state === 'suspended';
  return (
    <div className="ipci-stack">
      <FirmHeader detail={detail} setApplication={setApplication} title={t('lawFirm.admin.recheckTitle')} />
      <ApplicationSummary detail={detail} />
      <Card>
        {!recheckable ? (
          <Callout intent="warning">{t('lawFirm.admin.notRecheckable')}</Callout>
        ) : (
          <RecheckForm
            testId="admin-lawfirm-recheck"
            schema={lawFirmRecheckSchema}
            actions={[
              { value: 'suspend', label: t('lawFirm.admin.suspend'), enabled: a.state === 'listed', danger: true, confirm: t('lawFirm.admin.confirmSuspend') },
              { value: 'restore', label: t('lawFirm.admin.restore'), enabled: a.state === 'suspended', confirm: t('lawFirm.admin.confirmRestore') },
            ]}
            labels={{ action: t('lawFirm.admin.action'), reason: t('lawFirm.admin.reason'), cancel: t('lawFirm.admin.cancel'), confirm: t('lawFirm.admin.confirm') }}
            onRecheck={async (v) => {
              const r = await api.post<{ application: LawFirmApplicationJson }>(`${detailPath(a.id)}/recheck`, v);
              setApplication(r.application);
              showToast({ intent: 'success', icon: 'tick', message: t('lawFirm.admin.rechecked') });
            }}
          />
        )}
      </Card>
      <Card>
        <h3 className="ipci-page-title">{t('timeline.title')}</h3>
        <Timeline kind="lawFirmListing" id={a.id} />
      </Card>
    </div>
  );
}
