import { useState } from 'react';
import { Button, Callout, Card, HTMLTable, Spinner, Tag } from '@blueprintjs/core';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { ListCard } from '../../components/ListCard';
import { formatDateTime } from '../../lib/format';
import { useDetail } from '../../lib/useDetail';
import { useLang, useSitePath } from '../../lib/useLang';
import { showToast } from '../../session/toaster';
import { useKeysetPages } from '../invitations/useKeysetPages';
import { BackButton, NotLoaded, RecordData, recordIpName, RecordTable, starText, VisibleSwitch } from './recordBits';
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
          <RecordTable
            list={list}
            detailPath={(r) => site(`usercenter/traderecorddetail/${r.id}`)}
            rowTestId="record-row"
            last={{
              label: t('records.fields.visible'),
              cell: (r) => <VisibleSwitch record={{ ...r, visible: visible[r.id] ?? r.visible }} onChange={(v) => void toggle(r, v)} />,
            }}
          />
        )}
      </ListCard>
      <ReceivedEvaluations />
    </div>
  );
}

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
                  <td aria-label={t('records.evaluation.starsOf', { stars: e.stars })}>{starText(e.stars)}</td>
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

/** usercenter/traderecorddetail/:id: the record, its visibility, and its edit form unless a trade wrote it. */
export function TradeRecordDetailPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const site = useSitePath();
  const { id = '' } = useParams();
  const path = `/api/trade-records/${encodeURIComponent(id)}`;
  const { detail, setDetail, failure } = useDetail<TradeRecordDetail>(path);
  const [editing, setEditing] = useState(false);
  const back = site('usercenter/traderecord');

  if (!detail) return <NotLoaded missing={failure === 'notFound'} title={t('records.notFound')} back={back} />;
  const { record } = detail;
  return (
    <div className="ipci-stack" data-testid="trade-record-detail">
      <BackButton to={back} />
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
