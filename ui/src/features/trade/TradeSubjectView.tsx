import { Card } from '@blueprintjs/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Upload } from '../../api/types';
import { useSession } from '../../session/SessionContext';
import type { SubjectViewProps } from '../staff/subjectViews';
import { CheckFlags, TradeData } from './tradeBits';
import type { TradeJson } from './types';

/** The tradeOrder task's subject (api/lib/subjects/tradeOrder.ts). */
export interface TradeSubject {
  trade: TradeJson;
  uploads?: Record<string, Upload>;
}

/** What staff check in the platform check (audit / recheck): the application, the IP and both parties; the flags of the last round. */
export function TradeSubjectView({ subject }: SubjectViewProps) {
  const { t } = useTranslation();
  const { user } = useSession();
  const { trade, uploads } = subject as TradeSubject;
  return (
    <Card data-testid="trade-subject">
      <h3 className="ipci-page-title">
        {t('task.subject')} · {t(`trade.mode.${trade.mode}`)}
      </h3>
      {trade.checkFlags && <CheckFlags flags={trade.checkFlags} icon="history" style={{ marginBottom: 12 }} />}
      <TradeData trade={trade} uploads={uploads} />
      {/* The back-office trade page is for admins; reviewers work from the task alone. */}
      {user?.roles.includes('admin') && (
        <p style={{ marginTop: 12 }}>
          <Link to={`/admin/selfWork/${trade.id}`}>{t('trade.admin.toTrade')}</Link>
        </p>
      )}
    </Card>
  );
}
