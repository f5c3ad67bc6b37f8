import { Card, HTMLSelect, HTMLTable } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { OBJECTION_STATES, type ObjectionJson } from '../../../../domain/objections';
import { ListCard } from '../../components/ListCard';
import { Timeline } from '../../components/Timeline';
import { formatDateTime } from '../../lib/format';
import { useDetail } from '../../lib/useDetail';
import { useLang } from '../../lib/useLang';
import { useKeysetPages } from '../invitations/useKeysetPages';
import { TaskStatusTag } from '../staff/taskBits';
import { DetailFallback } from '../../components/DetailFallback';
import { SearchToolbar } from '../../components/SearchToolbar';
import { ObjectionIp, ObjectionStateTag } from './ObjectionBits';
import { ObjectionView } from './ObjectionView';
import type { AdminObjectionDetail, ObjectionPage } from './types';
import './objection.css';
import { StaffCaseHead } from '../../components/StaffCaseHead';

/** /admin/objection — every objection, newest first: state filter, search by IPCI code or company name, keyset pages. */
export function AdminObjectionsPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const [state, setState] = useState('');
  const [q, setQ] = useState('');
  const { first, items, next, loadMore, failed } = useKeysetPages<ObjectionPage, ObjectionJson>('/api/admin/objections', { state: state || undefined, q: q || undefined }, (r) => r.items);
  return (
    <div className="ipci-stack">
      <h2 className="ipci-page-title">{t('objection.admin.title')}</h2>
      <SearchToolbar label={t('objection.admin.search')} testId="admin-objection-search" onSearch={setQ}>
        <HTMLSelect aria-label={t('objection.list.state')} value={state} onChange={(e) => setState(e.currentTarget.value)}>
          <option value="">{t('objection.list.allStates')}</option>
          {OBJECTION_STATES.map((s) => (
            <option key={s} value={s}>
              {t(`objection.states.${s}`)}
            </option>
          ))}
        </HTMLSelect>
      </SearchToolbar>
      <ListCard items={first ? items : null} failed={failed} empty={{ icon: 'issue', title: t('objection.list.empty') }} next={next} load={() => loadMore()}>
        {(list) => (
          <HTMLTable className="ipci-table" striped style={{ width: '100%' }}>
            <thead>
              <tr>
                <th>{t('objection.admin.ip')}</th>
                <th>{t('objection.fields.companyName')}</th>
                <th>{t('objection.list.state')}</th>
                <th>{t('objection.detail.createdAt')}</th>
              </tr>
            </thead>
            <tbody>
              {list.map((o) => (
                <tr key={o.id} data-testid="admin-objection-row">
                  <td>
                    <Link to={`/admin/objection/${o.id}`}>
                      <ObjectionIp objection={o} />
                    </Link>
                  </td>
                  <td>{o.data.companyName}</td>
                  <td>
                    <ObjectionStateTag state={o.state} />
                  </td>
                  <td>{formatDateTime(o.createdAt, lang)}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        )}
      </ListCard>
    </div>
  );
}

/** /admin/objection/:id — the objection, its parties, its staff tasks (decided in the inbox) and its timeline. */
export function AdminObjectionDetailPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const { id = '' } = useParams();
  const { detail, failure } = useDetail<AdminObjectionDetail>(`/api/admin/objections/${encodeURIComponent(id)}`);

  const back = <Link to="/admin/objection">← {t('objection.admin.back')}</Link>;
  if (!detail) return <DetailFallback failure={failure} notFound={t('objection.detail.notFound')} back={back} />;
  const person = (p: AdminObjectionDetail['objector']) => (p ? `${p.displayName} (${p.username})` : '—');
  return (
    <div className="ipci-stack">
      <StaffCaseHead back={back} workflowUrl={detail.workflowUrl} title={t('objection.detail.title')} />
      <Card>
        <dl className="ipci-dl">
          <dt>{t('objection.admin.objector')}</dt>
          <dd>{person(detail.objector)}</dd>
          <dt>{t('objection.admin.holder')}</dt>
          <dd>{person(detail.holder)}</dd>
        </dl>
        <h3 className="ipci-page-title" style={{ marginTop: 16 }}>
          {t('objection.admin.tasks')}
        </h3>
        {detail.tasks.length === 0 ? (
          <p className="ipci-muted">—</p>
        ) : (
          <HTMLTable compact className="ipci-table">
            <tbody>
              {detail.tasks.map((task) => (
                <tr key={task.id}>
                  <td className="ipci-nowrap">
                    <Link to={`/manage/tasks/${encodeURIComponent(task.id)}`} data-testid="admin-objection-task">
                      {t(`objection.admin.steps.${task.step}`, { defaultValue: task.step })}
                    </Link>
                  </td>
                  <td>
                    <TaskStatusTag status={task.status} />
                  </td>
                  <td>{task.assigneeName ?? '—'}</td>
                  <td className="ipci-nowrap">{formatDateTime(task.dueAt, lang)}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        )}
      </Card>
      <ObjectionView objection={detail.objection} uploads={detail.uploads} />
      <Card>
        <h3 className="ipci-page-title">{t('timeline.title')}</h3>
        <Timeline kind="objection" id={detail.objection.id} />
      </Card>
    </div>
  );
}
