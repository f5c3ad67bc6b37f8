import { Card, HTMLSelect, HTMLTable, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PROTECTION_KINDS, PROTECTION_STATES } from '../../../../domain/protection';
import { ListCard } from '../../components/ListCard';
import { Timeline } from '../../components/Timeline';
import { formatDateTime } from '../../lib/format';
import { useDetail } from '../../lib/useDetail';
import { useLang } from '../../lib/useLang';
import { TaskStatusTag } from '../staff/taskBits';
import { DetailFallback } from '../../components/DetailFallback';
import { SearchToolbar } from '../../components/SearchToolbar';
import { ProgressForm, ProtectionIp, ProtectionStateTag, ProtectionView } from './ProtectionBits';
import type { AdminProtectionDetail, AdminProtectionPage, AdminProtectionRow } from './types';
import { useKeysetPages } from '../invitations/useKeysetPages';
import './protection.css';
import { StaffCaseHead } from '../../components/StaffCaseHead';

/** /admin/rightProtect — every rights-protection case, newest first: state and kind filters, search, keyset pages. */
export function AdminProtectionPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const [state, setState] = useState('');
  const [kind, setKind] = useState('');
  const [q, setQ] = useState('');
  const { first, items, next, loadMore, failed } = useKeysetPages<AdminProtectionPage, AdminProtectionRow>(
    '/api/admin/protection/cases',
    { state: state || undefined, kind: kind || undefined, q: q || undefined },
    (r) => r.items,
  );
  return (
    <div className="ipci-stack">
      <h2 className="ipci-page-title">{t('protection.admin.title')}</h2>
      <SearchToolbar label={t('protection.admin.search')} testId="admin-protection-search" onSearch={setQ}>
        <HTMLSelect
          aria-label={t('protection.admin.state')}
          value={state}
          onChange={(e) => setState(e.currentTarget.value)}
          data-testid="admin-protection-state"
          options={[{ value: '', label: t('protection.admin.allStates') }, ...PROTECTION_STATES.map((s) => ({ value: s, label: t(`protection.states.${s}`) }))]}
        />
        <HTMLSelect
          aria-label={t('protection.admin.kind')}
          value={kind}
          onChange={(e) => setKind(e.currentTarget.value)}
          data-testid="admin-protection-kind"
          options={[{ value: '', label: t('protection.admin.allKinds') }, ...PROTECTION_KINDS.map((k) => ({ value: k, label: t(`protection.kinds.${k}`) }))]}
        />
      </SearchToolbar>
      <ListCard items={first ? items : null} failed={failed} empty={{ icon: 'take-action', title: t('protection.admin.empty') }} next={next} load={() => loadMore()}>
        {(list) => (
          <HTMLTable className="ipci-table" striped style={{ width: '100%' }}>
            <thead>
              <tr>
                <th>{t('protection.fields.ipName')}</th>
                <th>{t('protection.admin.kind')}</th>
                <th>{t('protection.admin.applicant')}</th>
                <th>{t('protection.fields.infringer')}</th>
                <th>{t('protection.admin.state')}</th>
                <th>{t('protection.detail.createdAt')}</th>
              </tr>
            </thead>
            <tbody>
              {list.map((c) => (
                <tr key={c.id} data-testid="admin-protection-row">
                  <td className="ipci-name-cell">
                    <Link to={`/admin/rightProtect/audit/${c.id}`}>
                      <ProtectionIp value={c} />
                    </Link>
                  </td>
                  <td className="ipci-nowrap">{t(`protection.kinds.${c.kind}`)}</td>
                  <td className="ipci-name-cell">{c.applicant.displayName}</td>
                  <td className="ipci-name-cell">{c.data.infringer || '—'}</td>
                  <td>
                    <ProtectionStateTag state={c.state} />
                    {c.supplementRequested && (
                      <Tag minimal intent="warning" style={{ marginLeft: 4 }}>
                        {t('protection.list.supplementAsked')}
                      </Tag>
                    )}
                  </td>
                  <td className="ipci-nowrap">{formatDateTime(c.createdAt, lang)}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        )}
      </ListCard>
    </div>
  );
}

/**
 * /admin/rightProtect/audit/:id — the whole case with its applicant, the open inbox task that decides
 * acceptance or closes processing, progress updates while processing, and the timeline.
 */
export function AdminProtectionAuditPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { detail, setDetail, failure } = useDetail<AdminProtectionDetail>(`/api/admin/protection/cases/${encodeURIComponent(id)}`);
  const [version, setVersion] = useState(0);
  const back = <Link to="/admin/rightProtect">← {t('protection.admin.back')}</Link>;
  if (!detail) return <DetailFallback failure={failure} notFound={t('protection.notFound', { ns: 'errors' })} back={back} />;
  const c = detail.case;
  return (
    <div className="ipci-stack">
      <StaffCaseHead back={back} workflowUrl={detail.workflowUrl} title={t('protection.admin.auditTitle')} />
      <Card>
        <dl className="ipci-dl">
          <dt>{t('protection.admin.applicant')}</dt>
          <dd data-testid="admin-protection-applicant">{detail.applicant ? `${detail.applicant.displayName} (${detail.applicant.username})` : '—'}</dd>
          <dt>{t('protection.admin.task')}</dt>
          <dd>
            {detail.task ? (
              <span className="ipci-toolbar">
                <Link to={`/manage/tasks/${encodeURIComponent(detail.task.taskId)}`} data-testid="admin-protection-task">
                  {t(`steps.protectionCase.${detail.task.step}`, { defaultValue: detail.task.step })}
                </Link>
                <TaskStatusTag status={detail.task.status} />
              </span>
            ) : (
              <span className="ipci-muted">{t('protection.admin.noTask')}</span>
            )}
          </dd>
        </dl>
      </Card>
      <ProtectionView value={c} uploads={detail.uploads} staff />
      {c.state === 'processing' && (
        <ProgressForm
          value={c}
          onPosted={(next) => {
            setDetail((d) => d && { ...d, case: next });
            setVersion((v) => v + 1);
          }}
        />
      )}
      <Card>
        <h3 className="ipci-page-title">{t('timeline.title')}</h3>
        <Timeline key={version} kind="protectionCase" id={c.id} />
      </Card>
    </div>
  );
}
