import { Button, Callout, Card, NonIdealState, Spinner } from '@blueprintjs/core';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Timeline } from '../../components/Timeline';
import { useDetail } from '../../lib/useDetail';
import { useLang } from '../../lib/useLang';
import { CheckFlags, TradeData, TradeStateTag, tradeCaseKind, tradeIpName } from './tradeBits';
import { ConflictList, TradeThread } from './TradeThread';
import type { TradeDetail } from './types';
import './trade.css';

/**
 * /admin/selfWork/:id: a trade as staff see it — the application, the thread, the timeline (which
 * links the workflow in Temporal for staff) — with the way to its open inbox task (audit or recheck happen there).
 */
export function AdminTradeDetailPage({ base = '/admin/selfWork' }: { base?: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const { detail, failure, reload } = useDetail<TradeDetail>(`/api/admin/trades/${encodeURIComponent(id)}`);

  if (failure === 'notFound') return <NonIdealState icon="search" title={t('trade.detail.notFound')} action={<Link to={base}>{t('trade.admin.back')}</Link>} />;
  if (!detail)
    return (
      <div className="ipci-page-center">
        <Spinner />
      </div>
    );
  const { trade } = detail;
  return (
    <div className="ipci-stack" data-testid="admin-trade-detail">
      <div>
        <Button variant="minimal" icon="arrow-left" text={t('trade.admin.back')} onClick={() => navigate(base)} />
      </div>
      <h2 className="ipci-page-title">
        {tradeIpName(trade, lang)} <TradeStateTag state={trade.state} />
      </h2>
      <div className="ipci-trade-links">
        {detail.taskId ? (
          <Link to={`/manage/tasks/${detail.taskId}`} className="bp6-button bp6-intent-primary" data-testid="open-task">
            {t(`trade.admin.openTask.${trade.step === 'correction' || trade.step === 'platformCheck' ? trade.step : 'other'}`)}
          </Link>
        ) : (
          <Callout icon="inbox" className="ipci-muted" data-testid="no-task">
            {t('trade.admin.noTask')}
          </Callout>
        )}
      </div>
      {trade.checkFlags && <CheckFlags flags={trade.checkFlags} icon="flag" />}
      {detail.conflicts.length > 0 && <ConflictList conflicts={detail.conflicts} />}
      <Card>
        <TradeData trade={trade} uploads={detail.uploads} />
      </Card>
      <Card>
        <h3 className="ipci-page-title">{t('trade.thread.title')}</h3>
        <TradeThread trade={trade} messages={detail.messages} canReply={false} onSent={() => void reload()} />
      </Card>
      <Card>
        <h3 className="ipci-page-title">{t('timeline.title')}</h3>
        <Timeline kind={tradeCaseKind(trade.mode)} id={trade.id} />
      </Card>
    </div>
  );
}
