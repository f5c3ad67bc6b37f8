import { Button, Card, HTMLSelect, HTMLTable, Tag } from '@blueprintjs/core';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { api } from '../../api/client';
import { ListCard } from '../../components/ListCard';
import { formatDateTime } from '../../lib/format';
import { useDetail } from '../../lib/useDetail';
import { useLang } from '../../lib/useLang';
import { showToast } from '../../session/toaster';
import { useKeysetPages } from '../invitations/useKeysetPages';
import { DetailFallback } from '../../components/DetailFallback';
import { SearchToolbar } from '../../components/SearchToolbar';
import { inLang, KindFilter, PublicityFacts } from './PublicityBits';
import { emptyPublicity, PublicityForm, publicityData } from './PublicityForm';
import type { PublicityEntry, PublicityJson, PublicityPage } from './types';
import { ConfirmAlert } from '../../components/ConfirmAlert';

const BASE = '/admin/rightPublic';
const API = '/api/admin/protection/publicity';
const apiPath = (id: string) => `${API}/${encodeURIComponent(id)}`;

function StateTag({ entry }: { entry: PublicityJson }) {
  const { t } = useTranslation();
  return (
    <Tag minimal intent={entry.published ? 'success' : 'none'} data-testid="publicity-state">
      {t(`publicity.admin.states.${entry.published ? 'published' : 'draft'}`)}
    </Tag>
  );
}

/** /admin/rightPublic — every entry, drafts too, newest first: published and kind filters, search, keyset pages. */
export function AdminPublicityListPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const [q, setQ] = useState('');
  const [published, setPublished] = useState('');
  const [kind, setKind] = useState('');
  const { first, items, next, loadMore, failed } = useKeysetPages<PublicityPage, PublicityJson>(API, { q: q || undefined, published: published || undefined, kind: kind || undefined }, (r) => r.items);
  return (
    <div className="ipci-stack" data-testid="admin-publicity">
      <div className="ipci-toolbar">
        <h2 className="ipci-page-title">{t('publicity.admin.title')}</h2>
        <span className="ipci-spacer" />
        <Link to={`${BASE}/add`} className="bp6-button bp6-intent-primary" data-testid="admin-publicity-add">
          {t('publicity.admin.add')}
        </Link>
      </div>
      <SearchToolbar label={t('publicity.admin.search')} testId="admin-publicity-search" onSearch={setQ}>
        <HTMLSelect
          aria-label={t('publicity.fields.published')}
          value={published}
          onChange={(e) => setPublished(e.currentTarget.value)}
          options={[
            { value: '', label: t('publicity.admin.allStates') },
            { value: 'true', label: t('publicity.admin.states.published') },
            { value: 'false', label: t('publicity.admin.states.draft') },
          ]}
          data-testid="admin-publicity-published"
        />
        <KindFilter value={kind} onChange={setKind} />
      </SearchToolbar>
      <ListCard items={first ? items : null} failed={failed} empty={{ icon: 'manual', title: t('publicity.empty') }} next={next} load={() => loadMore()}>
        {(list) => (
          <HTMLTable className="ipci-table" striped style={{ width: '100%' }}>
            <thead>
              <tr>
                <th>{t('publicity.fields.publicityNo')}</th>
                <th>{t('publicity.fields.title')}</th>
                <th>{t('publicity.fields.kind')}</th>
                <th>{t('publicity.fields.published')}</th>
                <th>{t('publicity.admin.createdAt')}</th>
              </tr>
            </thead>
            <tbody>
              {list.map((e) => (
                <tr key={e.id} data-testid="admin-publicity-row">
                  <td className="ipci-mono ipci-nowrap">
                    <Link to={`${BASE}/detail/${e.id}`}>{e.publicityNo}</Link>
                  </td>
                  <td className="ipci-publicity-title">{inLang(e, 'title', lang)}</td>
                  <td className="ipci-nowrap">{t(`publicity.kinds.${e.kind}`)}</td>
                  <td>
                    <StateTag entry={e} />
                  </td>
                  <td className="ipci-nowrap">{formatDateTime(e.createdAt, lang)}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        )}
      </ListCard>
    </div>
  );
}

/** /admin/rightPublic/add — an entry written by staff (no case); it gets its number on saving. */
export function AdminPublicityAddPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="ipci-stack" data-testid="admin-publicity-add-page">
      <h2 className="ipci-page-title">{t('publicity.admin.addTitle')}</h2>
      <Card>
        <PublicityForm
          initial={emptyPublicity()}
          onSubmit={async (body) => {
            const r = await api.post<PublicityEntry>(API, body);
            showToast({ intent: 'success', icon: 'tick', message: t('publicity.admin.saved') });
            navigate(`${BASE}/detail/${r.entry.id}`);
          }}
          onCancel={() => navigate(BASE)}
        />
      </Card>
    </div>
  );
}

/** /admin/rightPublic/detail/:id — the entry in every language, the case it came from, publish or withdraw it. */
export function AdminPublicityDetailPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const { id = '' } = useParams();
  const { detail, setDetail, failure } = useDetail<PublicityEntry>(apiPath(id));
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const back = <Link to={BASE}>← {t('publicity.admin.back')}</Link>;
  if (!detail) return <DetailFallback failure={failure} notFound={t('publicity.notFound')} back={back} />;
  const { entry } = detail;

  async function toggle() {
    setBusy(true);
    try {
      const r = await api.put<PublicityEntry>(apiPath(id), { ...publicityData(entry), published: !entry.published });
      setDetail(r);
      showToast({ intent: 'success', icon: 'tick', message: t(r.entry.published ? 'publicity.admin.publishedToast' : 'publicity.admin.unpublishedToast') });
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  }

  const other = (field: 'title' | 'ipName' | 'summary') =>
    (['En', 'Ja'] as const).map((l) => (
      <Fragment key={l}>
        <dt>{t(`publicity.fields.${field}${l}`)}</dt>
        <dd className="ipci-publicity-text">{entry[`${field}${l}`] || '—'}</dd>
      </Fragment>
    ));
  return (
    <div className="ipci-stack" data-testid="admin-publicity-detail">
      <div className="ipci-toolbar">
        {back}
        <span className="ipci-spacer" />
        <Link to={`${BASE}/edit/${entry.id}`} className="bp6-button" data-testid="admin-publicity-edit">
          {t('publicity.admin.edit')}
        </Link>
        <Button
          intent={entry.published ? 'warning' : 'primary'}
          icon={entry.published ? 'eye-off' : 'globe'}
          text={t(entry.published ? 'publicity.admin.unpublish' : 'publicity.admin.publish')}
          loading={busy}
          onClick={() => setConfirming(true)}
          data-testid="admin-publicity-toggle"
        />
      </div>
      <h2 className="ipci-page-title">
        {inLang(entry, 'title', lang)} <StateTag entry={entry} />
      </h2>
      <Card>
        <dl className="ipci-dl">
          <dt>{t('publicity.admin.fromCase')}</dt>
          <dd data-testid="admin-publicity-case">
            {entry.caseId ? <Link to={`/admin/rightProtect/audit/${entry.caseId}`}>{t('publicity.admin.openCase')}</Link> : t('publicity.admin.noCase')}
          </dd>
          <dt>{t('publicity.admin.createdAt')}</dt>
          <dd>{formatDateTime(entry.createdAt, lang)}</dd>
        </dl>
      </Card>
      <Card>
        <PublicityFacts entry={entry} />
        {/* The reader's language shows above; staff check the other texts here. */}
        <dl className="ipci-dl ipci-publicity-langs">
          {other('title')}
          {other('ipName')}
          {other('summary')}
        </dl>
      </Card>
      <ConfirmAlert
        open={confirming}
        intent={entry.published ? 'warning' : 'primary'}
        icon={entry.published ? 'eye-off' : 'globe'}
        confirmText={t(entry.published ? 'publicity.admin.unpublish' : 'publicity.admin.publish')}
        cancelText={t('publicity.admin.cancel')}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void toggle()}
      >
        {t(entry.published ? 'publicity.admin.confirmUnpublish' : 'publicity.admin.confirmPublish')}
      </ConfirmAlert>
    </div>
  );
}

/** /admin/rightPublic/edit/:id — the entry's texts and publication. */
export function AdminPublicityEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const { detail, failure } = useDetail<PublicityEntry>(apiPath(id));
  const back = <Link to={BASE}>← {t('publicity.admin.back')}</Link>;
  if (!detail) return <DetailFallback failure={failure} notFound={t('publicity.notFound')} back={back} />;
  return (
    <div className="ipci-stack" data-testid="admin-publicity-edit-page">
      <h2 className="ipci-page-title">
        {t('publicity.admin.editTitle')} <span className="ipci-muted ipci-mono">{detail.entry.publicityNo}</span>
      </h2>
      <Card>
        <PublicityForm
          initial={publicityData(detail.entry)}
          onSubmit={async (body) => {
            await api.put<PublicityEntry>(apiPath(id), body);
            showToast({ intent: 'success', icon: 'tick', message: t('publicity.admin.saved') });
            navigate(`${BASE}/detail/${id}`);
          }}
          onCancel={() => navigate(`${BASE}/detail/${id}`)}
        />
      </Card>
    </div>
  );
}
