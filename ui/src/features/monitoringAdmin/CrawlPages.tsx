import { Button, Card, InputGroup, Switch, Tag, TagInput } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { crawlSiteSchema, type CrawlSiteInput } from '../../../../domain/monitoring';
import { api } from '../../api/client';
import { CheckedForm } from '../../components/CheckedForm';
import { ConfirmAlert } from '../../components/ConfirmAlert';
import { DetailFallback } from '../../components/DetailFallback';
import { ListCard } from '../../components/ListCard';
import { ListTable } from '../../components/ListTable';
import { formatBytes, formatDateTime } from '../../lib/format';
import { useDetail } from '../../lib/useDetail';
import { useLang } from '../../lib/useLang';
import { showToast } from '../../session/toaster';
import { FieldGroup, fieldBindings } from '../account/fields';
import { useKeysetPages } from '../invitations/useKeysetPages';
import type { CrawlFetch, CrawlRun, CrawlSite, Page } from './types';
import './monitoringAdmin.css';

const BASE = '/admin/crawlSite';
const API = '/api/admin/crawl-sites';
const apiPath = (id: string) => `${API}/${encodeURIComponent(id)}`;

export function SiteStateTag({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  return (
    <Tag minimal intent={enabled ? 'success' : 'none'} data-testid="crawl-site-state">
      {t(enabled ? 'monitoringAdmin.sites.enabled' : 'monitoringAdmin.sites.disabled')}
    </Tag>
  );
}

/** /admin/crawlSite — the sites the crawler visits (a handful, read whole): politeness settings, edit, fetch log, delete. */
export function CrawlSitesPage() {
  const { t } = useTranslation();
  const { detail, failure, reload } = useDetail<{ items: CrawlSite[] }>(API);
  const [deleting, setDeleting] = useState<CrawlSite | null>(null);
  const [busy, setBusy] = useState(false);

  async function remove(site: CrawlSite) {
    setBusy(true);
    try {
      await api.delete(apiPath(site.id));
      showToast({ intent: 'success', icon: 'trash', message: t('monitoringAdmin.sites.deleted') });
      setDeleting(null);
      await reload();
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="ipci-stack" data-testid="admin-crawl-sites">
      <div className="ipci-toolbar">
        <h2 className="ipci-page-title">{t('monitoringAdmin.sites.title')}</h2>
        <span className="ipci-spacer" />
        <Link to={`${BASE}/add`} className="bp6-button bp6-intent-primary" data-testid="crawl-site-add">
          {t('monitoringAdmin.sites.add')}
        </Link>
      </div>
      <p className="ipci-muted">{t('monitoringAdmin.sites.lead')}</p>
      <ListCard items={detail?.items ?? null} failed={failure ? t('failure.load') : null} empty={{ icon: 'globe-network', title: t('monitoringAdmin.sites.empty') }}>
        {(list) => (
          <ListTable
            rows={list}
            rowTestId="crawl-site-row"
            columns={[
              { head: t('monitoringAdmin.sites.fields.name'), className: 'ipci-name-cell', cell: (s) => <Link to={`${BASE}/edit/${s.id}`}>{s.name}</Link> },
              { head: t('monitoringAdmin.sites.fields.startUrl'), className: 'ipci-break-all ipci-crawl-url', cell: (s) => s.startUrl },
              { head: t('monitoringAdmin.sites.fields.enabled'), cell: (s) => <SiteStateTag enabled={s.enabled} /> },
              { head: t('monitoringAdmin.sites.fields.maxDepth'), numeric: true, cell: (s) => s.maxDepth },
              { head: t('monitoringAdmin.sites.fields.delayMs'), numeric: true, cell: (s) => s.delayMs },
              { head: t('monitoringAdmin.sites.fields.concurrency'), numeric: true, cell: (s) => s.concurrency },
              {
                head: '',
                className: 'ipci-nowrap',
                cell: (s) => (
                  <>
                    <Link to={`${BASE}/${s.id}/fetches`} className="bp6-button bp6-minimal bp6-small" data-testid="crawl-site-fetches">
                      {t('monitoringAdmin.sites.fetches')}
                    </Link>
                    <Button small minimal intent="danger" icon="trash" text={t('monitoringAdmin.sites.delete')} onClick={() => setDeleting(s)} data-testid="crawl-site-delete" />
                  </>
                ),
              },
            ]}
          />
        )}
      </ListCard>
      <ConfirmAlert
        open={deleting !== null}
        intent="danger"
        icon="trash"
        busy={busy}
        confirmText={t('monitoringAdmin.sites.delete')}
        cancelText={t('monitoringAdmin.sites.cancel')}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && void remove(deleting)}
      >
        {t('monitoringAdmin.sites.confirmDelete')}
      </ConfirmAlert>
    </div>
  );
}

const emptySite = (): CrawlSiteInput => ({ name: '', startUrl: '', extraHosts: [], maxDepth: 2, delayMs: 1000, concurrency: 1, allowPrivate: false, enabled: true });
const formOf = (s: CrawlSite): CrawlSiteInput => ({ name: s.name, startUrl: s.startUrl, extraHosts: s.extraHosts, maxDepth: s.maxDepth, delayMs: s.delayMs, concurrency: s.concurrency, allowPrivate: s.allowPrivate, enabled: s.enabled });

/** The site form, checked with crawlSiteSchema as the API checks it; numbers stay numbers (the schema is strict). */
function CrawlSiteForm({ initial, onSubmit }: { initial: CrawlSiteInput; onSubmit: (values: CrawlSiteInput) => Promise<void> }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Card>
      <CheckedForm<CrawlSiteInput>
        id="crawl-site-form"
        schema={crawlSiteSchema}
        initial={initial}
        onSubmit={onSubmit}
        submitText={t('monitoringAdmin.sites.save')}
        extraActions={<Button text={t('monitoringAdmin.sites.cancel')} onClick={() => navigate(BASE)} />}
      >
        {(form, server) => {
          const { error, set, blur } = fieldBindings(form, server.server, server.clear, t);
          const v = form.values;
          const label = (name: string) => t(`monitoringAdmin.sites.fields.${name}`);
          const hint = (name: string) => t(`monitoringAdmin.sites.hints.${name}`, { defaultValue: '' }) || undefined;
          const text = (name: 'name' | 'startUrl', wide = false) => (
            <FieldGroup name={name} id={`crawl-site-${name}`} label={label(name)} error={error(name)} hint={hint(name)} wide={wide}>
              <InputGroup id={`crawl-site-${name}`} value={v[name]} intent={error(name) ? 'danger' : 'none'} inputMode={name === 'startUrl' ? 'url' : undefined} onChange={(e) => set(name, e.target.value)} onBlur={blur(name)} />
            </FieldGroup>
          );
          const number = (name: 'maxDepth' | 'delayMs' | 'concurrency') => (
            <FieldGroup name={name} id={`crawl-site-${name}`} label={label(name)} error={error(name)} hint={hint(name)}>
              <InputGroup
                id={`crawl-site-${name}`}
                value={Number.isNaN(v[name]) ? '' : String(v[name])}
                inputMode="numeric"
                intent={error(name) ? 'danger' : 'none'}
                onChange={(e) => set(name, e.target.value.trim() === '' ? NaN : Number(e.target.value))}
                onBlur={blur(name)}
              />
            </FieldGroup>
          );
          return (
            <div className="ipci-form-grid">
              {text('name', true)}
              {text('startUrl', true)}
              <FieldGroup name="extraHosts" id="crawl-site-extraHosts" label={label('extraHosts')} error={error('extraHosts')} hint={hint('extraHosts')} wide>
                <TagInput
                  className="ipci-crawl-hosts"
                  tagProps={{ multiline: true }}
                  // Enter adds the host typed; it must not send the form as well.
                  inputProps={{ id: 'crawl-site-extraHosts', onKeyDown: (e) => e.key === 'Enter' && e.preventDefault() }}
                  values={v.extraHosts}
                  intent={error('extraHosts') ? 'danger' : 'none'}
                  addOnBlur
                  separator={/[,\s]+/}
                  onChange={(values) => set('extraHosts', (values as string[]).map((h) => h.trim()).filter(Boolean))}
                />
              </FieldGroup>
              {number('maxDepth')}
              {number('delayMs')}
              {number('concurrency')}
              <FieldGroup name="allowPrivate" id="crawl-site-allowPrivate" label={label('allowPrivate')} error={error('allowPrivate')} hint={hint('allowPrivate')}>
                <Switch id="crawl-site-allowPrivate" checked={v.allowPrivate} label={t('monitoringAdmin.sites.allowPrivate')} onChange={(e) => set('allowPrivate', e.currentTarget.checked)} />
              </FieldGroup>
              <FieldGroup name="enabled" id="crawl-site-enabled" label={label('enabled')} wide>
                <Switch id="crawl-site-enabled" checked={v.enabled} label={t('monitoringAdmin.sites.enabledSwitch')} onChange={(e) => set('enabled', e.currentTarget.checked)} />
              </FieldGroup>
            </div>
          );
        }}
      </CheckedForm>
    </Card>
  );
}

/** /admin/crawlSite/add */
export function CrawlSiteAddPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="ipci-stack" data-testid="crawl-site-add-page">
      <Link to={BASE}>← {t('monitoringAdmin.sites.back')}</Link>
      <h2 className="ipci-page-title">{t('monitoringAdmin.sites.addTitle')}</h2>
      <CrawlSiteForm
        initial={emptySite()}
        onSubmit={async (values) => {
          await api.post(API, values);
          showToast({ intent: 'success', icon: 'tick', message: t('monitoringAdmin.sites.saved') });
          navigate(BASE);
        }}
      />
    </div>
  );
}

/** /admin/crawlSite/edit/:id */
export function CrawlSiteEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const { detail, failure } = useDetail<{ site: CrawlSite }>(apiPath(id));
  const back = <Link to={BASE}>← {t('monitoringAdmin.sites.back')}</Link>;
  if (!detail) return <DetailFallback failure={failure} notFound={t('monitoringAdmin.sites.notFound')} back={back} />;
  return (
    <div className="ipci-stack" data-testid="crawl-site-edit-page">
      {back}
      <h2 className="ipci-page-title">{t('monitoringAdmin.sites.editTitle')}</h2>
      <CrawlSiteForm
        initial={formOf(detail.site)}
        onSubmit={async (values) => {
          await api.put(apiPath(id), values);
          showToast({ intent: 'success', icon: 'tick', message: t('monitoringAdmin.sites.saved') });
          navigate(BASE);
        }}
      />
    </div>
  );
}

type FetchRow = Omit<CrawlFetch, 'id'> & { id: string };

/** /admin/crawlSite/:id/fetches — one site's fetch log, newest first, in keyset pages. */
export function CrawlFetchesPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const { id = '' } = useParams();
  const { detail, failure } = useDetail<{ site: CrawlSite }>(apiPath(id));
  const { first, items, next, loadMore, failed } = useKeysetPages<Page<CrawlFetch>, FetchRow>(`${apiPath(id)}/fetches`, {}, (r) => r.items.map((f) => ({ ...f, id: String(f.id) })));
  const back = <Link to={BASE}>← {t('monitoringAdmin.sites.back')}</Link>;
  if (!detail) return <DetailFallback failure={failure} notFound={t('monitoringAdmin.sites.notFound')} back={back} />;
  return (
    <div className="ipci-stack" data-testid="crawl-fetches">
      {back}
      <h2 className="ipci-page-title">{t('monitoringAdmin.fetches.title', { name: detail.site.name })}</h2>
      <ListCard items={first ? items : null} failed={failed} empty={{ icon: 'history', title: t('monitoringAdmin.fetches.empty') }} next={next} load={() => loadMore()}>
        {(list) => (
          <ListTable
            rows={list}
            rowTestId="crawl-fetch-row"
            columns={[
              { head: t('monitoringAdmin.fetches.fetchedAt'), className: 'ipci-nowrap', cell: (f) => formatDateTime(f.fetchedAt, lang) },
              { head: t('monitoringAdmin.fetches.url'), className: 'ipci-break-all ipci-crawl-url', cell: (f) => f.url },
              { head: t('monitoringAdmin.fetches.kind'), className: 'ipci-nowrap', cell: (f) => t(`monitoringAdmin.fetches.kinds.${f.kind}`, { defaultValue: f.kind }) },
              {
                head: t('monitoringAdmin.fetches.outcome'),
                cell: (f) => (
                  <span title={f.error ?? undefined}>
                    <Tag minimal intent={f.outcome === 'ok' ? 'success' : f.outcome === 'error' || f.outcome === 'refused' ? 'danger' : 'none'}>{f.outcome}</Tag>
                  </span>
                ),
              },
              { head: t('monitoringAdmin.fetches.status'), numeric: true, cell: (f) => f.status ?? '—' },
              { head: t('monitoringAdmin.fetches.ms'), numeric: true, cell: (f) => f.ms },
              { head: t('monitoringAdmin.fetches.bytes'), numeric: true, className: 'ipci-nowrap', cell: (f) => formatBytes(f.bytes) },
            ]}
          />
        )}
      </ListCard>
    </div>
  );
}

/** /admin/crawlRun — every crawl run, newest first, with what it fetched. */
export function CrawlRunsPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const { first, items, next, loadMore, failed } = useKeysetPages<Page<CrawlRun>, CrawlRun>('/api/admin/crawl-runs', {}, (r) => r.items);
  return (
    <div className="ipci-stack" data-testid="crawl-runs">
      <h2 className="ipci-page-title">{t('monitoringAdmin.runs.title')}</h2>
      <p className="ipci-muted">{t('monitoringAdmin.runs.lead')}</p>
      <ListCard items={first ? items : null} failed={failed} empty={{ icon: 'history', title: t('monitoringAdmin.runs.empty') }} next={next} load={() => loadMore()}>
        {(list) => (
          <ListTable
            rows={list}
            rowTestId="crawl-run-row"
            columns={[
              { head: t('monitoringAdmin.runs.startedAt'), className: 'ipci-nowrap', cell: (r) => formatDateTime(r.startedAt, lang) },
              {
                head: t('monitoringAdmin.runs.finishedAt'),
                className: 'ipci-nowrap',
                cell: (r) => (r.finishedAt ? formatDateTime(r.finishedAt, lang) : <Tag minimal intent="primary">{t('monitoringAdmin.runs.running')}</Tag>),
              },
              { head: t('monitoringAdmin.runs.trigger'), className: 'ipci-break-all', cell: (r) => r.trigger },
              { head: t('monitoringAdmin.runs.pages'), numeric: true, cell: (r) => r.pagesFetched },
              { head: t('monitoringAdmin.runs.unchanged'), numeric: true, cell: (r) => r.pagesUnchanged },
              { head: t('monitoringAdmin.runs.errors'), numeric: true, cell: (r) => r.errors },
              { head: t('monitoringAdmin.runs.bytes'), numeric: true, className: 'ipci-nowrap', cell: (r) => formatBytes(r.bytes) },
            ]}
          />
        )}
      </ListCard>
    </div>
  );
}
