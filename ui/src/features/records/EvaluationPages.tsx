import type { ReactNode } from 'react';
import { Card, HTMLSelect, HTMLTable, Tag } from '@blueprintjs/core';
import { Link, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatIpciCode } from '../../../../domain/ipci';
import { TRADE_SIDES } from '../../../../domain/trade';
import { ListCard } from '../../components/ListCard';
import { formatDateTime } from '../../lib/format';
import { useDetail } from '../../lib/useDetail';
import { useLang } from '../../lib/useLang';
import { useKeysetPages } from '../invitations/useKeysetPages';
import { BackButton, FilterBar, LabelledRows, NotLoaded, recordIpName, starText } from './recordBits';
import type { CreditScore, EvaluationJson, EvaluationPage } from './types';
import './records.css';

const BASE = '/admin/evaluationRecords';
const STARS = ['', '5', '4', '3', '2', '1'];

/** /admin/evaluationRecords: every evaluation, by stars, by the evaluator's side and by IPCI code or user name. */
export function EvaluationRecordsPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const stars = STARS.includes(params.get('stars') ?? '') ? params.get('stars') ?? '' : '';
  const side = (TRADE_SIDES as readonly string[]).includes(params.get('side') ?? '') ? params.get('side') ?? '' : '';
  const { items, next, loadMore, failed, first } = useKeysetPages<EvaluationPage, EvaluationJson>(
    '/api/admin/evaluations',
    { q: q || undefined, stars: stars || undefined, side: side || undefined },
    (r) => r.items,
  );
  const go = (p: Record<string, string>) => setParams(Object.fromEntries(Object.entries({ q, stars, side, ...p }).filter(([, v]) => v)), { replace: true });
  return (
    <div className="ipci-stack" data-testid="admin-evaluations">
      <h2 className="ipci-page-title">{t('records.evaluation.adminTitle')}</h2>
      <FilterBar q={q} label={t('records.evaluation.search')} onSearch={(typed) => go({ q: typed })}>
        <HTMLSelect aria-label={t('records.evaluation.stars')} value={stars} onChange={(e) => go({ stars: e.currentTarget.value })}>
          {STARS.map((s) => (
            <option key={s} value={s}>
              {s ? starText(Number(s)) : t('records.evaluation.allStars')}
            </option>
          ))}
        </HTMLSelect>
        <HTMLSelect aria-label={t('records.evaluation.side')} value={side} onChange={(e) => go({ side: e.currentTarget.value })}>
          <option value="">{t('records.evaluation.allSides')}</option>
          {TRADE_SIDES.map((s) => (
            <option key={s} value={s}>
              {t(`records.evaluation.sides.${s}`)}
            </option>
          ))}
        </HTMLSelect>
      </FilterBar>
      <ListCard items={first ? items : null} failed={failed} empty={{ icon: 'star-empty', title: t('records.evaluation.empty') }} next={next} load={() => loadMore()}>
        {(list) => (
          <HTMLTable className="ipci-table ipci-rec-table" striped style={{ width: '100%' }}>
            <thead>
              <tr>
                <th>{t('records.fields.ip')}</th>
                <th>{t('records.evaluation.side')}</th>
                <th>{t('records.evaluation.stars')}</th>
                <th>{t('records.evaluation.from')}</th>
                <th>{t('records.evaluation.to')}</th>
                <th>{t('records.evaluation.at')}</th>
              </tr>
            </thead>
            <tbody>
              {list.map((e) => (
                <tr key={e.id} data-testid="admin-evaluation-row">
                  <td className="ipci-break">
                    <Link to={`${BASE}/${e.id}`}>{recordIpName(e, lang)}</Link>
                  </td>
                  <td>{t(`records.evaluation.sides.${e.side}`)}</td>
                  <td>{starText(e.stars)}</td>
                  <td>
                    {e.from?.name} {e.anonymous && <Tag minimal>{t('records.evaluation.anonymous')}</Tag>}
                  </td>
                  <td>{e.to.name}</td>
                  <td>{formatDateTime(e.createdAt, lang)}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        )}
      </ListCard>
    </div>
  );
}

/** /admin/evaluationRecords/:id: one evaluation, the evaluated user's credit, and the way to its trade. */
export function EvaluationRecordDetailPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const { id = '' } = useParams();
  const { detail, failure } = useDetail<{ evaluation: EvaluationJson; credit: CreditScore }>(`/api/admin/evaluations/${encodeURIComponent(id)}`);
  if (!detail) return <NotLoaded missing={failure === 'notFound'} title={t('records.evaluation.notFound')} back={BASE} />;
  const { evaluation: e, credit } = detail;
  const rows: Array<[string, ReactNode]> = [
    ['records.fields.ip', `${recordIpName(e, lang)} · ${formatIpciCode(e.ipci.code)}`],
    ['records.evaluation.side', t(`records.evaluation.sides.${e.side}`)],
    ['records.evaluation.stars', starText(e.stars)],
    ['records.evaluation.comment', e.comment || '—'],
    ['records.evaluation.from', `${e.from?.name ?? ''}${e.anonymous ? ` (${t('records.evaluation.anonymous')})` : ''}`],
    ['records.evaluation.to', `${e.to.name} · ${t('records.credit.short', { score: credit.score, count: credit.count })}`],
    ['records.evaluation.at', formatDateTime(e.createdAt, lang)],
  ];
  return (
    <div className="ipci-stack" data-testid="admin-evaluation-detail">
      <BackButton to={BASE} />
      <Card>
        <LabelledRows rows={rows} />
        <p>
          <Link to={`/admin/selfWork/${e.tradeId}`}>{t('records.admin.toTrade')}</Link>
        </p>
      </Card>
    </div>
  );
}
