import { Card, Tag, type Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { TaskRow } from '../../api/types';
import { formatDateTime } from '../../lib/format';
import { useLang } from '../../lib/useLang';

const STATUS_INTENT: Record<string, Intent> = { open: 'primary', claimed: 'warning', done: 'success', cancelled: 'none' };

/** The inbox title in the reader's language (an IP named as the user entered it in that language). */
export function taskTitleIn(task: Pick<TaskRow, 'title' | 'titles'>, lang: string): string {
  return task.titles?.[lang] ?? task.title;
}

export function TaskStatusTag({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Tag minimal intent={STATUS_INTENT[status] ?? 'none'}>
      {t(`taskStatus.${status}`)}
    </Tag>
  );
}

export function OverdueTag({ task }: { task: Pick<TaskRow, 'overdue' | 'escalatedAt' | 'status'> }) {
  const { t } = useTranslation();
  if (!task.overdue || task.status === 'done' || task.status === 'cancelled') return null;
  return (
    <Tag intent="danger" icon={task.escalatedAt ? 'warning-sign' : 'time'} style={{ marginLeft: 6 }}>
      {task.escalatedAt ? t('inbox.escalated') : t('inbox.overdue')}
    </Tag>
  );
}

export function ProvisionalTag({ show }: { show: boolean }) {
  const { t } = useTranslation();
  if (!show) return null;
  return (
    <Tag minimal intent="warning" style={{ marginLeft: 6 }} title={t('timeline.provisionalHint')}>
      {t('timeline.provisional')}
    </Tag>
  );
}

/** The subject of an account-cancellation audit: when the user asked, and why (api/lib/taskSubjects.ts). */
export function CancellationSubject({ subject }: { subject: unknown }) {
  const { t } = useTranslation();
  const lang = useLang();
  const request = (subject as { cancellation?: { reason: string; requestedAt: string } } | null)?.cancellation;
  if (!request) return null;
  return (
    <Card data-testid="cancellation-subject">
      <h3 className="ipci-page-title">{t('security.audit.title')}</h3>
      <dl className="ipci-dl">
        <dt>{t('security.audit.requestedAt')}</dt>
        <dd>{formatDateTime(request.requestedAt, lang)}</dd>
        <dt className="ipci-dl-wide-label">{t('security.audit.reason')}</dt>
        <dd className="ipci-dl-wide">{request.reason}</dd>
      </dl>
    </Card>
  );
}
