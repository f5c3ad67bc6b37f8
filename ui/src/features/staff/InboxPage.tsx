import { useCallback, useEffect, useRef, useState } from 'react';
import { Card, FormGroup, HTMLSelect, HTMLTable, Switch } from '@blueprintjs/core';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { INBOX_PAGE_SIZE, queuesFor, TASK_STATUSES } from '../../../../domain/tasks';
import { api } from '../../api/client';
import type { TaskRow } from '../../api/types';
import { formatDateTime, formatDeadline } from '../../lib/format';
import { useLang } from '../../lib/useLang';
import { useSession } from '../../session/SessionContext';
import { OverdueTag, ProvisionalTag, TaskStatusTag, taskTitleIn } from './taskBits';
import { ListCard } from '../../components/ListCard';

const STATUSES = ['active', ...TASK_STATUSES] as const;

/** Filters live in the URL query string; rows come sorted by due date with a keyset cursor. */
export function InboxPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const queue = params.get('queue') ?? '';
  const status = params.get('status') ?? 'active';
  const mine = params.get('mine') === 'true';
  const overdue = params.get('overdue') === 'true';
  const [items, setItems] = useState<TaskRow[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const seq = useRef(0);

  const query = useCallback(
    (after?: string) => ({ queue: queue || undefined, status, mine: mine || undefined, overdue: overdue || undefined, limit: INBOX_PAGE_SIZE, after }),
    [queue, status, mine, overdue],
  );

  useEffect(() => {
    const my = ++seq.current;
    setItems(null);
    setFailed(null);
    api
      .get<{ items: TaskRow[]; next: string | null }>('/api/tasks', query())
      .then((r) => {
        if (my !== seq.current) return;
        setItems(r.items);
        setNext(r.next);
      })
      .catch((e: Error) => my === seq.current && setFailed(e.message || t('failure.load')));
  }, [query, t]);

  async function loadMore(cursor: string) {
    const my = seq.current;
    const r = await api.get<{ items: TaskRow[]; next: string | null }>('/api/tasks', query(cursor));
    if (my !== seq.current) return;
    setItems((list) => [...(list ?? []), ...r.items.filter((x) => !(list ?? []).some((y) => y.id === x.id))]);
    setNext(r.next);
  }

  function setFilter(key: string, value: string | boolean) {
    const p = new URLSearchParams(params);
    if (value === '' || value === false || (key === 'status' && value === 'active')) p.delete(key);
    else p.set(key, String(value));
    setParams(p);
  }

  return (
    <div className="ipci-stack">
      <h2 className="ipci-page-title">{t('inbox.title')}</h2>
      <Card className="ipci-filters" role="search">
        <FormGroup inline label={t('inbox.queue')} labelFor="f-queue" style={{ margin: 0 }}>
          <HTMLSelect id="f-queue" value={queue} onChange={(e) => setFilter('queue', e.currentTarget.value)}>
            <option value="">{t('inbox.allQueues')}</option>
            {queuesFor(user?.roles ?? []).map((q) => (
              <option key={q} value={q}>
                {t(`queues.${q}`)}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        <FormGroup inline label={t('inbox.status')} labelFor="f-status" style={{ margin: 0 }}>
          <HTMLSelect id="f-status" value={status} onChange={(e) => setFilter('status', e.currentTarget.value)}>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`taskStatus.${s}`)}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        <Switch checked={mine} label={t('inbox.mine')} onChange={(e) => setFilter('mine', e.currentTarget.checked)} />
        <Switch checked={overdue} label={t('inbox.onlyOverdue')} onChange={(e) => setFilter('overdue', e.currentTarget.checked)} />
      </Card>
      <ListCard items={items} failed={failed} empty={{ icon: 'inbox', title: t('inbox.empty') }} next={next} load={loadMore}>
        {(rows) => (
          <HTMLTable className="ipci-table" striped data-testid="inbox-table">
            <thead>
              <tr>
                <th>{t('inbox.col.title')}</th>
                <th>{t('inbox.col.queue')}</th>
                <th>{t('inbox.col.status')}</th>
                <th>{t('inbox.col.assignee')}</th>
                <th>{t('inbox.col.due')}</th>
                <th>{t('inbox.col.created')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((task) => {
                const late = task.overdue && task.status !== 'done' && task.status !== 'cancelled';
                return (
                  <tr key={task.id} className={late ? 'is-overdue' : ''} data-testid={`task-row-${task.id}`} data-overdue={late ? 'true' : 'false'}>
                    <td>
                      <Link to={`/manage/tasks/${encodeURIComponent(task.id)}`}>{taskTitleIn(task, lang)}</Link>
                      <OverdueTag task={task} />
                    </td>
                    <td>{t(`queues.${task.queue}`)}</td>
                    <td>
                      <TaskStatusTag status={task.status} />
                    </td>
                    <td>{task.assigneeName ?? <span className="ipci-muted">—</span>}</td>
                    <td style={{ whiteSpace: 'nowrap' }}>
                      {formatDeadline(task.dueAt, lang)}
                      <ProvisionalTag show={task.dueProvisional} />
                    </td>
                    <td className="ipci-muted" style={{ whiteSpace: 'nowrap' }}>
                      {formatDateTime(task.createdAt, lang)}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </HTMLTable>
        )}
      </ListCard>
    </div>
  );
}
