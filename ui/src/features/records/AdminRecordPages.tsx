import { Card, HTMLSelect, NonIdealState } from '@blueprintjs/core';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatIpciCode } from '../../../../domain/ipci';
import { api } from '../../api/client';
import { ListCard } from '../../components/ListCard';
import { useDetail } from '../../lib/useDetail';
import { useLang } from '../../lib/useLang';
import { showToast } from '../../session/toaster';
import { useKeysetPages } from '../invitations/useKeysetPages';
import { BackButton, FilterBar, NotLoaded, RecordData, recordIpName, RecordTable, VisibleSwitch } from './recordBits';
import { emptyRecord, recordValues, TradeRecordForm } from './TradeRecordForm';
import { saveVisibility } from './TradeRecordPages';
import type { TradeRecordDetail, TradeRecordJson, TradeRecordPage } from './types';
import './records.css';

const BASE = '/admin/transactionRecord';
const SOURCES = ['', 'trade', 'manual'] as const;
const apiPath = (id: string) => `/api/admin/trade-records/${encodeURIComponent(id)}`;

/** /admin/transactionRecord: every trade record, by IPCI code or licensee and by source, in keyset pages. */
export function TransactionRecordsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const rawSource = params.get('source') ?? '';
  const source = (SOURCES as readonly string[]).includes(rawSource) ? rawSource : '';
  const { items, next, loadMore, failed, first } = useKeysetPages<TradeRecordPage, TradeRecordJson>('/api/admin/trade-records', { q: q || undefined, source: source || undefined }, (r) => r.items);
  const go = (p: Record<string, string>) => setParams(Object.fromEntries(Object.entries({ q, source, ...p }).filter(([, v]) => v)), { replace: true });
  return (
    <div className="ipci-stack" data-testid="admin-records">
      <div className="ipci-rec-toolbar">
        <h2 className="ipci-page-title">{t('records.admin.title')}</h2>
        <Link to={`${BASE}/add`} className="bp6-button bp6-intent-primary" data-testid="admin-add-record">
          {t('records.add')}
        </Link>
      </div>
      <FilterBar q={q} label={t('records.admin.search')} onSearch={(typed) => go({ q: typed })}>
        <HTMLSelect aria-label={t('records.fields.source')} value={source} onChange={(e) => go({ source: e.currentTarget.value })}>
          {SOURCES.map((s) => (
            <option key={s} value={s}>
              {t(s ? `records.source.${s}` : 'records.admin.allSources')}
            </option>
          ))}
        </HTMLSelect>
      </FilterBar>
      <ListCard items={first ? items : null} failed={failed} empty={{ icon: 'history', title: t('records.empty') }} next={next} load={() => loadMore()}>
        {(list) => <RecordTable list={list} detailPath={(r) => `${BASE}/${r.id}`} rowTestId="admin-record-row" withCode />}
      </ListCard>
    </div>
  );
}

/** /admin/transactionRecord/add: a record for any IP (named by its IPCI code), kept in its holder's name. */
export function TransactionRecordAddPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="ipci-stack" data-testid="admin-add-record-page">
      <h2 className="ipci-page-title">{t('records.addTitle')}</h2>
      <Card>
        <TradeRecordForm
          initial={emptyRecord()}
          ip={{ kind: 'code' }}
          adding
          submitText={t('records.save')}
          onSubmit={(body) => api.post<TradeRecordDetail>('/api/admin/trade-records', body)}
          onDone={(d) => {
            showToast({ intent: 'success', icon: 'tick', message: t('records.saved') });
            navigate(`${BASE}/${d.record.id}`);
          }}
          onCancel={() => navigate(BASE)}
        />
      </Card>
    </div>
  );
}

/** /admin/transactionRecord/:id: the record with its holder, visibility and the way to edit it. */
export function TransactionRecordDetailPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const { id = '' } = useParams();
  const { detail, setDetail, failure } = useDetail<TradeRecordDetail>(apiPath(id));
  if (!detail) return <NotLoaded missing={failure === 'notFound'} title={t('records.notFound')} back={BASE} />;
  const { record } = detail;
  return (
    <div className="ipci-stack" data-testid="admin-record-detail">
      <BackButton to={BASE} />
      <h2 className="ipci-page-title">
        {recordIpName(record, lang)} · {record.licensee}
      </h2>
      <Card>
        <div className="ipci-rec-toolbar" style={{ marginBottom: 12 }}>
          <VisibleSwitch record={record} onChange={async (v) => setDetail({ ...detail, record: await saveVisibility(apiPath(id), v) })} />
          {record.readOnly ? (
            record.tradeId && <Link to={`/admin/manualWork/${record.tradeId}`}>{t('records.admin.toTrade')}</Link>
          ) : (
            <Link to={`${BASE}/${record.id}/edit`} className="bp6-button" data-testid="admin-edit-record">
              {t('records.edit')}
            </Link>
          )}
        </div>
        <RecordData record={record} uploads={detail.uploads} />
      </Card>
    </div>
  );
}

/** /admin/transactionRecord/:id/edit: edits a hand-written record (a trade's record is read-only). */
export function TransactionRecordEditPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const { detail, failure } = useDetail<TradeRecordDetail>(apiPath(id));
  if (!detail) return <NotLoaded missing={failure === 'notFound'} title={t('records.notFound')} back={BASE} />;
  const { record } = detail;
  if (record.readOnly) return <NonIdealState icon="lock" title={t('records.readOnly')} action={<Link to={`${BASE}/${id}`}>{t('records.back')}</Link>} />;
  return (
    <div className="ipci-stack" data-testid="admin-edit-record-page">
      <h2 className="ipci-page-title">{t('records.editTitle')}</h2>
      <Card>
        <TradeRecordForm
          initial={recordValues(record)}
          ip={{ kind: 'fixed', label: `${recordIpName(record, lang)} · ${formatIpciCode(record.ipci.code)}` }}
          adding={false}
          submitText={t('records.save')}
          onSubmit={(body) => api.put<TradeRecordDetail>(apiPath(id), body)}
          onDone={() => {
            showToast({ intent: 'success', icon: 'tick', message: t('records.saved') });
            navigate(`${BASE}/${id}`);
          }}
          onCancel={() => navigate(`${BASE}/${id}`)}
        />
      </Card>
    </div>
  );
}
