import { Callout, Card, HTMLSelect, HTMLTable } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { MANUFACTURER_STATES, manufacturerRecheckSchema, manufacturerSchema } from '../../../../domain/manufacturers';
import { api } from '../../api/client';
import { DetailFallback } from '../../components/DetailFallback';
import { ListCard } from '../../components/ListCard';
import { RecheckForm } from '../../components/RecheckForm';
import { SearchToolbar } from '../../components/SearchToolbar';
import { Timeline } from '../../components/Timeline';
import { WorkflowLink } from '../../components/WorkflowLink';
import { formatDateTime } from '../../lib/format';
import { useDetail } from '../../lib/useDetail';
import { useLang } from '../../lib/useLang';
import { showToast } from '../../session/toaster';
import { useKeysetPages } from '../invitations/useKeysetPages';
import { ApplicationFields, ReviewFlags, useFirmName } from '../lawFirms/LawFirmBits';
import { TaskStatusTag } from '../staff/taskBits';
import { MANUFACTURER_LISTING, ManufacturerStateTag } from './ManufacturerBits';
import { ManufacturerForm, manufacturerFormValues } from './ManufacturerForm';
import type { AdminManufacturerDetail, AdminManufacturerPage, AdminManufacturerRow, ManufacturerApplicationJson } from './types';

const BASE = '/admin/manufacturer';
const detailPath = (id: string) => `/api/admin/manufacturers/${encodeURIComponent(id)}`;
const recheckable = (a: ManufacturerApplicationJson) => a.state === 'listed' || a.state === 'suspended';

/** /admin/manufacturer — every application, newest first: state filter, search by name, keyset pages. */
export function AdminManufacturersPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const nameOf = useFirmName();
  const [state, setState] = useState('');
  const [q, setQ] = useState('');
  const { first, items, next, loadMore, failed } = useKeysetPages<AdminManufacturerPage, AdminManufacturerRow>('/api/admin/manufacturers', { state: state || undefined, q: q || undefined }, (r) => r.items);
  return (
    <div className="ipci-stack">
      <h2 className="ipci-page-title">{t('manufacturer.admin.title')}</h2>
      <SearchToolbar label={t('manufacturer.admin.search')} testId="admin-manufacturer-search" onSearch={setQ}>
        <HTMLSelect
          aria-label={t('manufacturer.listing.state')}
          value={state}
          onChange={(e) => setState(e.currentTarget.value)}
          data-testid="admin-manufacturer-state"
          options={[{ value: '', label: t('manufacturer.admin.allStates') }, ...MANUFACTURER_STATES.map((s) => ({ value: s, label: t(`manufacturer.states.${s}`) }))]}
        />
      </SearchToolbar>
      <ListCard items={first ? items : null} failed={failed} empty={{ icon: 'shield', title: t('manufacturer.admin.empty') }} next={next} load={() => loadMore()}>
        {(list) => (
          <HTMLTable className="ipci-table" striped style={{ width: '100%' }}>
            <thead>
              <tr>
                <th>{t('fields.nameZh')}</th>
                <th>{t('manufacturer.admin.applicant')}</th>
                <th>{t('manufacturer.listing.state')}</th>
                <th>{t('manufacturer.admin.createdAt')}</th>
                <th>{t('manufacturer.admin.action')}</th>
              </tr>
            </thead>
            <tbody>
              {list.map((m) => (
                <tr key={m.id} data-testid="admin-manufacturer-row">
                  <td className="ipci-lawfirm-name-cell">
                    <Link to={`${BASE}/detail/${m.id}`}>{nameOf(m.names)}</Link>
                  </td>
                  <td className="ipci-nowrap">{m.applicant ? m.applicant.displayName || m.applicant.username : '—'}</td>
                  <td>
                    <ManufacturerStateTag state={m.state} />
                  </td>
                  <td className="ipci-nowrap">{formatDateTime(m.createdAt, lang)}</td>
                  <td className="ipci-lawfirm-actions">
                    <Link to={`${BASE}/audit/${m.id}`}>{t('manufacturer.admin.audit')}</Link>
                    <Link to={`${BASE}/edit/${m.id}`}>{t('manufacturer.admin.edit')}</Link>
                    {recheckable(m) && <Link to={`${BASE}/recheck/${m.id}`}>{t('manufacturer.admin.recheck')}</Link>}
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

function useAdminDetail() {
  const { id = '' } = useParams();
  const { detail, setDetail, failure } = useDetail<AdminManufacturerDetail>(detailPath(id));
  const setApplication = (application: ManufacturerApplicationJson) => setDetail((d) => d && { ...d, application });
  return { id, detail, failure, setApplication };
}

function Fallback({ failure }: { failure: 'notFound' | 'failed' | null }) {
  const { t } = useTranslation();
  return <DetailFallback failure={failure} notFound={t('manufacturer.detail.notFound')} back={<Link to={BASE}>← {t('manufacturer.admin.back')}</Link>} />;
}

/** The head of every back-office page of one manufacturer: the other pages, its name and state, the application's dates and people. */
function ManufacturerHeader({ detail, title }: { detail: AdminManufacturerDetail; title: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const nameOf = useFirmName();
  const a = detail.application;
  const p = detail.applicant;
  return (
    <>
      <div className="ipci-toolbar">
        <Link to={BASE}>← {t('manufacturer.admin.back')}</Link>
        <span className="ipci-spacer" />
        <Link to={`${BASE}/audit/${a.id}`}>{t('manufacturer.admin.audit')}</Link>
        <Link to={`${BASE}/detail/${a.id}`}>{t('manufacturer.admin.detail')}</Link>
        <Link to={`${BASE}/edit/${a.id}`}>{t('manufacturer.admin.edit')}</Link>
        {recheckable(a) && <Link to={`${BASE}/recheck/${a.id}`}>{t('manufacturer.admin.recheck')}</Link>}
      </div>
      <h2 className="ipci-page-title">
        {title} · {nameOf(a.names)} <ManufacturerStateTag state={a.state} />
      </h2>
      <Card>
        <dl className="ipci-dl">
          <dt>{t('manufacturer.admin.applicant')}</dt>
          <dd>{p ? `${p.displayName} (${p.username})` : '—'}</dd>
          <dt>{t('manufacturer.admin.createdAt')}</dt>
          <dd>{formatDateTime(a.createdAt, lang)}</dd>
          <dt>{t('manufacturer.listing.round')}</dt>
          <dd>{a.round}</dd>
          <dt>{t('manufacturer.admin.agreement')}</dt>
          <dd>{a.agreementVersion}</dd>
          {a.listedAt && (
            <>
              <dt>{t('manufacturer.listing.listedAt')}</dt>
              <dd>{formatDateTime(a.listedAt, lang)}</dd>
            </>
          )}
          {a.refusalReason && (
            <>
              <dt>{t('manufacturer.listing.refusalReason')}</dt>
              <dd>{t(`messages:manufacturer.refusalReason.${a.refusalReason}`)}</dd>
            </>
          )}
          {a.suspendedReason && (
            <>
              <dt>{t('manufacturer.states.suspended')}</dt>
              <dd>{a.suspendedReason}</dd>
            </>
          )}
        </dl>
      </Card>
    </>
  );
}

/** /admin/manufacturer/audit/:id — the application with every field and file, the last review's flags, its open inbox task, workflow and timeline. */
export function AdminManufacturerAuditPage() {
  const { t } = useTranslation();
  const { detail, failure } = useAdminDetail();
  if (!detail) return <Fallback failure={failure} />;
  const a = detail.application;
  return (
    <div className="ipci-stack" data-testid="admin-manufacturer-audit">
      <ManufacturerHeader detail={detail} title={t('manufacturer.admin.auditTitle')} />
      <Card className="ipci-toolbar">
        {detail.task ? (
          <>
            <Link to={`/manage/tasks/${encodeURIComponent(detail.task.taskId)}`} data-testid="admin-manufacturer-task">
              {t('manufacturer.admin.task')}: {t(`steps.manufacturerListing.${detail.task.step}`, { defaultValue: detail.task.step })}
            </Link>
            <TaskStatusTag status={detail.task.status} />
          </>
        ) : (
          <span className="ipci-muted">{t('manufacturer.admin.noTask')}</span>
        )}
        <span className="ipci-spacer" />
        {detail.workflowUrl && <WorkflowLink url={detail.workflowUrl} />}
      </Card>
      {a.reviewFlags && Object.keys(a.reviewFlags).length > 0 && <ReviewFlags listing={MANUFACTURER_LISTING} flags={a.reviewFlags} title={t('manufacturer.admin.flags')} />}
      <Card>
        <ApplicationFields listing={MANUFACTURER_LISTING} data={a.data} uploads={detail.uploads} flags={a.reviewFlags} />
      </Card>
      <Card>
        <h3 className="ipci-page-title">{t('timeline.title')}</h3>
        <Timeline kind="manufacturerListing" id={a.id} />
      </Card>
    </div>
  );
}

/** /admin/manufacturer/detail/:id — the manufacturer as listed: its content and files, read only. */
export function AdminManufacturerDetailPage() {
  const { t } = useTranslation();
  const { detail, failure } = useAdminDetail();
  if (!detail) return <Fallback failure={failure} />;
  return (
    <div className="ipci-stack" data-testid="admin-manufacturer-detail">
      <ManufacturerHeader detail={detail} title={t('manufacturer.admin.detailTitle')} />
      <Card>
        <ApplicationFields listing={MANUFACTURER_LISTING} data={detail.application.data} uploads={detail.uploads} />
      </Card>
    </div>
  );
}

/** /admin/manufacturer/edit/:id — staff correct the listing's content (the same form and schema as the applicant's). */
export function AdminManufacturerEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id, detail, failure } = useAdminDetail();
  if (!detail) return <Fallback failure={failure} />;
  return (
    <div className="ipci-stack">
      <ManufacturerHeader detail={detail} title={t('manufacturer.admin.editTitle')} />
      <Card>
        <ManufacturerForm
          id="admin-manufacturer-form"
          schema={manufacturerSchema}
          initial={manufacturerFormValues(detail.application.data)}
          uploads={detail.uploads}
          submitText={t('manufacturer.admin.save')}
          onSubmit={async (values) => {
            await api.put<{ application: ManufacturerApplicationJson }>(detailPath(id), values);
            showToast({ intent: 'success', icon: 'tick', message: t('manufacturer.admin.saved') });
            navigate(`${BASE}/detail/${id}`);
          }}
        />
      </Card>
    </div>
  );
}

/** /admin/manufacturer/recheck/:id — suspend a listed manufacturer or list a suspended one again, with the reason, after a confirmation. */
export function AdminManufacturerRecheckPage() {
  const { t } = useTranslation();
  const { detail, failure, setApplication } = useAdminDetail();
  if (!detail) return <Fallback failure={failure} />;
  const a = detail.application;
  return (
    <div className="ipci-stack">
      <ManufacturerHeader detail={detail} title={t('manufacturer.admin.recheckTitle')} />
      <Card>
        {!recheckable(a) ? (
          <Callout intent="warning">{t('manufacturer.admin.notRecheckable')}</Callout>
        ) : (
          <RecheckForm
            testId="admin-manufacturer-recheck"
            schema={manufacturerRecheckSchema}
            actions={[
              { value: 'suspend', label: t('manufacturer.admin.suspend'), enabled: a.state === 'listed', danger: true, confirm: t('manufacturer.admin.confirmSuspend') },
              { value: 'relist', label: t('manufacturer.admin.relist'), enabled: a.state === 'suspended', confirm: t('manufacturer.admin.confirmRelist') },
            ]}
            labels={{ action: t('manufacturer.admin.action'), reason: t('manufacturer.admin.reason'), cancel: t('manufacturer.admin.cancel'), confirm: t('manufacturer.admin.confirm') }}
            onRecheck={async (v) => {
              const r = await api.post<{ application: ManufacturerApplicationJson }>(`${detailPath(a.id)}/recheck`, v);
              setApplication(r.application);
              showToast({ intent: 'success', icon: 'tick', message: t('manufacturer.admin.rechecked') });
            }}
          />
        )}
      </Card>
      <Card>
        <h3 className="ipci-page-title">{t('timeline.title')}</h3>
        <Timeline kind="manufacturerListing" id={a.id} />
      </Card>
    </div>
  );
}
