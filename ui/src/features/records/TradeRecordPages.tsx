import { useCallback, useEffect, useState } from 'react';
import { Button, Callout, Card, HTMLTable, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { api, ApiError } from '../../api/client';
import { ListCard } from '../../components/ListCard';
import { formatDateTime } from '../../lib/format';
import { useLang, useSitePath } from '../../lib/useLang';
import { showToast } from '../../session/toaster';
import { useKeysetPages } from '../invitations/useKeysetPages';
import { ChannelList, termText } from '../trade/tradeBits';
import { RecordData, RecordSourceTag, recordIpName, VisibleSwitch } from './recordBits';
import { emptyRecord, recordValues, TradeRecordForm } from './TradeRecordForm';
import type { EvaluationJson, EvaluationPage, TradeRecordDetail, TradeRecordJson, TradeRecordPage } from './types';
import './records.css';

/** Shows or hides a record on the IP detail page; answers the record as saved. */
export async function saveVisibility(path: string, visible: boolean): Promise<TradeRecordJson> {
  return (await api.put<TradeRecordDetail>(`${path}/visibility`, { visible })).record;
}

/** usercenter/traderecord: the seller's trade records (keyset pages) and what others said of them (credit score). */
export function TradeRecordListPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const site = useSitePath();
  const { items, next, loadMore, failed, first } = useKeysetPages<TradeRecordPage, TradeRecordJson>('/api/trade-records', {}, (r) => r.items);
  const [visible, setVisible] = useState<Record<string, boolean>>({});
  const toggle = async (r: TradeRecordJson, v: boolean) => {
    const saved = await saveVisibility(`/api/trade-records/${encodeURIComponent(r.id)}`, v);
    setVisible((m) => ({ ...m, [r.id]: saved.visible }));
  };
  return (
    <div className="ipci-stack" data-testid="trade-records">
      <div className="ipci-rec-toolbar">
        <h2 className="ipci-page-title">{t('records.title')}</h2>
        <Link to={site('usercenter/addtraderecord')} className="bp6-button bp6-intent-primary" data-testid="add-record">
          {t('records.add')}
        </Link>
      </div>
      <p className="ipci-muted">{t('records.lead')}</p>
      <ListCard items={first ? items : null} failed={failed} empty={{ icon: 'history', title: t('records.empty') }} next={next} load={() => loadMore()}>
        {(list) => (
          <HTMLTable className="ipci-table ipci-rec-table" striped style={{ width: '100%' }}>
            <thead>
              <tr>
                <th>{t('records.fields.ip')}</th>
                <th>{t('records.fields.licensee')}</th>
                <th>{t('records.fields.scope')}</th>
                <th>{t('records.fields.term')}</th>
                <th>{t('records.fields.source')}</th>
                <th>{t('records.fields.visible')}</th>
              </tr>
            </thead>
            <tbody>
              {list.map((r) => {
                const shown = { ...r, visible: visible[r.id] ?? r.visible };
                return (
                  <tr key={r.id} data-testid="record-row">
                    <td className="ipci-break">
                      <Link to={site(`usercenter/traderecorddetail/${r.id}`)}>{recordIpName(r, lang)}</Link>
                    </td>
                    <td className="ipci-break">{r.licensee}</td>
                    <td>
                      <ChannelList codes={r.scope} />
                    </td>
                    <td>{termText(t, r.termFrom, r.termTo)}</td>
                    <td>
                      <RecordSourceTag record={r} />
                    </td>
                    <td>
                      <VisibleSwitch record={shown} onChange={(v) => void toggle(r, v)} />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </HTMLTable>
        )}
      </ListCard>
      <ReceivedEvaluations />
    </div>
  );
}

const stars = (n: number) => '★'.repeat(n) + '☆'.repeat(5 - n);

/** The credit score (domain/credit.ts) and the evaluations the user received, newest first. */
export function ReceivedEvaluations() {
  const { t } = useTranslation();
  const lang = useLang();
  const { items, next, loadMore, failed, first } = useKeysetPages<EvaluationPage, EvaluationJson>('/api/evaluations/received', {}, (r) => r.items);
  const credit = first?.credit;
  return (
    <>
      <Card data-testid="credit">
        <h3 className="ipci-page-title">{t('records.credit.title')}</h3>
        {credit ? (
          <div className="ipci-rec-credit">
            <span>
              <strong data-testid="credit-score">{credit.score}</strong> / 100
            </span>
            <span>{t('records.credit.count', { count: credit.count })}</span>
            {credit.averageStars !== null && <span>{t('records.credit.average', { stars: credit.averageStars })}</span>}
          </div>
        ) : (
          <Spinner size={20} />
        )}
        <p className="ipci-muted">{t('records.credit.formula')}</p>
      </Card>
      <ListCard items={first ? items : null} failed={failed} empty={{ icon: 'star-empty', title: t('records.credit.empty') }} next={next} load={() => loadMore()}>
        {(list) => (
          <HTMLTable className="ipci-table ipci-rec-table" striped style={{ width: '100%' }}>
            <thead>
              <tr>
                <th>{t('records.evaluation.stars')}</th>
                <th>{t('records.evaluation.comment')}</th>
                <th>{t('records.evaluation.from')}</th>
                <th>{t('records.fields.ip')}</th>
                <th>{t('records.evaluation.at')}</th>
              </tr>
            </thead>
            <tbody>
              {list.map((e) => (
                <tr key={e.id} data-testid="evaluation-row">
                  <td aria-label={t('records.evaluation.starsOf', { stars: e.stars })}>{stars(e.stars)}</td>
                  <td className="ipci-break">{e.comment || '—'}</td>
                  <td>{e.from ? e.from.name : <Tag minimal>{t('records.evaluation.anonymous')}</Tag>}</td>
                  <td className="ipci-break">{recordIpName(e, lang)}</td>
                  <td>{formatDateTime(e.createdAt, lang)}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        )}
      </ListCard>
    </>
  );
}

/** usercenter/addtraderecord: a record for one of the user's own IPs. */
export function AddTradeRecordPage() {
  const { t } = useTranslation();
  const site = useSitePath();
  const navigate = useNavigate();
  return (
    <div className="ipci-stack" data-testid="add-trade-record">
      <h2 className="ipci-page-title">{t('records.addTitle')}</h2>
      <Card>
        <TradeRecordForm
          initial={emptyRecord()}
          ip={{ kind: 'own' }}
          adding
          submitText={t('records.save')}
          onSubmit={(body) => api.post<TradeRecordDetail>('/api/trade-records', body)}
          onDone={(d) => {
            showToast({ intent: 'success', icon: 'tick', message: t('records.saved') });
            navigate(site(`usercenter/traderecorddetail/${d.record.id}`));
          }}
          onCancel={() => navigate(site('usercenter/traderecord'))}
        />
      </Card>
    </div>
  );
}

/** A record read from `path` (404: null); reloadable after a change. */
export function useRecord(path: string) {
  const [detail, setDetail] = useState<TradeRecordDetail | null | undefined>(undefined);
  const load = useCallback(async () => {
    try {
      setDetail(await api.get<TradeRecordDetail>(path, undefined, { quiet: true }));
    } catch (e) {
      setDetail(e instanceof ApiError && e.status === 404 ? null : undefined);
    }
  }, [path]);
  useEffect(() => {
    void load();
  }, [load]);
  return { detail, setDetail };
}

/** usercenter/traderecorddetail/:id: the record, its visibility, and its edit form unless a trade wrote it. */
export function TradeRecordDetailPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const site = useSitePath();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const path = `/api/trade-records/${encodeURIComponent(id)}`;
  const { detail, setDetail } = useRecord(path);
  const [editing, setEditing] = useState(false);
  const back = site('usercenter/traderecord');

  if (detail === null) return <NonIdealState icon="search" title={t('records.notFound')} action={<Link to={back}>{t('records.back')}</Link>} />;
  if (!detail)
    return (
      <div className="ipci-page-center">
        <Spinner />
      </div>
    );
  const { record } = detail;
  return (
    <div className="ipci-stack" data-testid="trade-record-detail">
      <div>
        <Button variant="minimal" icon="arrow-left" text={t('records.back')} onClick={() => navigate(back)} />
      </div>
      <h2 className="ipci-page-title">
        {recordIpName(record, lang)} · {record.licensee}
      </h2>
      {editing ? (
        <Card>
          <TradeRecordForm
            initial={recordValues(record)}
            ip={{ kind: 'fixed', label: recordIpName(record, lang) }}
            adding={false}
            submitText={t('records.save')}
            onSubmit={(body) => api.put<TradeRecordDetail>(path, body)}
            onDone={(d) => {
              setDetail(d);
              setEditing(false);
              showToast({ intent: 'success', icon: 'tick', message: t('records.saved') });
            }}
            onCancel={() => setEditing(false)}
          />
        </Card>
      ) : (
        <Card>
          <div className="ipci-rec-toolbar" style={{ marginBottom: 12 }}>
            <VisibleSwitch record={record} onChange={async (v) => setDetail({ ...detail, record: await saveVisibility(path, v) })} />
            {record.readOnly ? (
              <Callout icon="lock" className="ipci-muted" style={{ width: 'auto' }}>
                {t('records.readOnly')}
              </Callout>
            ) : (
              <Button icon="edit" text={t('records.edit')} onClick={() => setEditing(true)} data-testid="edit-record" />
            )}
          </div>
          <RecordData record={record} uploads={detail.uploads} />
        </Card>
      )}
    </div>
  );
}
