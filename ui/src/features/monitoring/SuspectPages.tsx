import { Button, ButtonGroup, Callout, Card, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { ipNameIn } from '../../../../domain/ipNames';
import { MATCH_KINDS, SUSPECT_STATES } from '../../../../domain/monitoring';
import { api } from '../../api/client';
import { ConfirmAlert } from '../../components/ConfirmAlert';
import { DetailFallback } from '../../components/DetailFallback';
import { GoButton } from '../../components/GoButton';
import { ListCard } from '../../components/ListCard';
import { ListTable } from '../../components/ListTable';
import { Timeline } from '../../components/Timeline';
import { formatDateTime } from '../../lib/format';
import { useDetail } from '../../lib/useDetail';
import { useLang, useSitePath } from '../../lib/useLang';
import { showToast } from '../../session/toaster';
import { useKeysetPages } from '../invitations/useKeysetPages';
import { AuthorisedSites } from './AuthorisedSites';
import { EvidenceText, FilterSelect, SuspectStateTag } from './MonitoringBits';
import type { SubscriptionPage, SuspectDetail, SuspectJson, SuspectPage } from './types';
import './monitoring.css';

/** The list's filters, kept in the address so the detail's previous/next walk the same list. */
const FILTERS = ['subscriptionId', 'state', 'match'] as const;

function filtersOf(params: URLSearchParams): Record<(typeof FILTERS)[number], string> {
  return { subscriptionId: params.get('subscriptionId') ?? '', state: params.get('state') ?? '', match: params.get('match') ?? '' };
}

/** `?subscriptionId=…&state=…` with the empty filters left out ('' when none). */
export function filterQuery(params: URLSearchParams): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(filtersOf(params))) if (v) q.set(k, v);
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** A long address shown as its host and path, cut in the middle, linking to the page itself (never followed by the platform). */
function Address({ url, testId }: { url: string | null; testId: string }) {
  if (!url) return <span className="ipci-muted">—</span>;
  return (
    <a href={url} target="_blank" rel="noreferrer noopener nofollow" title={url} className="ipci-monitoring-url" data-testid={testId}>
      {url.replace(/^https?:\/\//, '')}
    </a>
  );
}

/**
 * usercenter/suspecttort (spec part 2 §4, §6): the suspected infringements the crawls found, filtered
 * by subscription, state and how they matched: work title, detection time, number, website, image and
 * page address, newest first in keyset pages.
 */
export function SuspectListPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const site = useSitePath();
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const { first, items, next, loadMore, failed, reload } = useKeysetPages<SuspectPage, SuspectJson>('/api/suspects', filters, (r) => r.items);
  const { detail: subscriptions } = useDetail<SubscriptionPage>('/api/monitoring/subscriptions?limit=100');
  const setFilter = (name: (typeof FILTERS)[number], v: string) => {
    const q = new URLSearchParams(params);
    if (v) q.set(name, v);
    else q.delete(name);
    setParams(q, { replace: true });
  };
  const detailPath = (s: SuspectJson) => site(`usercenter/suspecttort/${s.id}${filterQuery(params)}`);

  return (
    <div className="ipci-stack" data-testid="suspect-list-page">
      <div className="ipci-toolbar">
        <h2 className="ipci-page-title" style={{ margin: 0 }}>
          {t('monitoring.suspects.title')}
        </h2>
        {first && first.newCount > 0 && (
          <Tag intent="danger" round data-testid="suspect-new-count">
            {t('monitoring.suspects.newCount', { count: first.newCount })}
          </Tag>
        )}
        <span className="ipci-spacer" />
        <Link to={site('usercenter/monitoring')}>{t('monitoring.suspects.toSubscriptions')}</Link>
      </div>
      <div className="ipci-filters ipci-monitoring-filters">
        <FilterSelect
          id="suspect-filter-subscription"
          label={t('monitoring.fields.subscription')}
          value={filters.subscriptionId}
          onChange={(v) => setFilter('subscriptionId', v)}
          options={(subscriptions?.items ?? []).map((s) => ({ value: s.id, label: `${ipNameIn(s.ipNames, lang) || s.ipName}${s.label ? ` · ${s.label}` : ''}` }))}
        />
        <FilterSelect id="suspect-filter-state" label={t('monitoring.fields.state')} value={filters.state} onChange={(v) => setFilter('state', v)} options={SUSPECT_STATES.map((s) => ({ value: s, label: t(`monitoring.suspectStates.${s}`) }))} />
        <FilterSelect id="suspect-filter-match" label={t('monitoring.fields.match')} value={filters.match} onChange={(v) => setFilter('match', v)} options={MATCH_KINDS.map((m) => ({ value: m, label: t(`monitoring.matchKinds.${m}`) }))} />
      </div>
      <ListCard items={first ? items : null} failed={failed} empty={{ icon: 'search-around', title: t('monitoring.suspects.empty') }} next={next} load={() => loadMore()}>
        {(list) => (
          <ListTable
            rows={list}
            rowTestId="suspect-row"
            columns={[
              {
                head: t('monitoring.fields.workTitle'),
                className: 'ipci-monitoring-name',
                cell: (s) => (
                  <>
                    <Link to={detailPath(s)} data-testid="suspect-link">
                      {(s.workTitles && ipNameIn(s.workTitles, lang)) || s.workTitle || t('monitoring.suspects.untitled')}
                    </Link>
                    <div className="ipci-muted ipci-nowrap" data-testid="suspect-number">
                      {s.number}
                    </div>
                  </>
                ),
              },
              { head: t('monitoring.fields.detectedAt'), cell: (s) => formatDateTime(s.detectedAt, lang, { zone: true }) },
              { head: t('monitoring.fields.website'), className: 'ipci-monitoring-host', cell: (s) => s.website },
              {
                head: t('monitoring.fields.addresses'),
                className: 'ipci-monitoring-address',
                cell: (s) => (
                  <>
                    <div>
                      <span className="ipci-muted">{t('monitoring.fields.pageUrl')}</span> <Address url={s.pageUrl} testId="suspect-page-url" />
                    </div>
                    <div>
                      <span className="ipci-muted">{t('monitoring.fields.imageUrl')}</span> <Address url={s.imageUrl} testId="suspect-image-url" />
                    </div>
                  </>
                ),
              },
              {
                head: t('monitoring.fields.state'),
                cell: (s) => (
                  <span className="ipci-monitoring-state">
                    <SuspectStateTag state={s.state} />
                    <span className="ipci-muted ipci-nowrap">{t(`monitoring.matchKinds.${s.matchKind}`)}</span>
                  </span>
                ),
              },
            ]}
          />
        )}
      </ListCard>
      <AuthorisedSites changed={reload} />
    </div>
  );
}

type Action = 'ignore' | 'unignore' | 'authorise';

/**
 * usercenter/suspecttort/:id — one suspect: the copy as found beside the original it matched, how it
 * matched, the page's snapshot (title, text, SHA-256, fetch time, the HTML to download), and what to
 * do with it — ignore, authorise its site (a licensee), or report it — then previous and next in the
 * list's order and filters. A report is followed here on its timeline, and once staff confirm it the
 * protection case it became is linked.
 */
export function SuspectDetailPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const site = useSitePath();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { id = '' } = useParams();
  const query = filterQuery(params);
  const { detail, failure, reload } = useDetail<SuspectDetail>(`/api/suspects/${encodeURIComponent(id)}${query}`);
  const [asking, setAsking] = useState<Action | null>(null);
  const [busy, setBusy] = useState(false);
  const back = <Link to={site(`usercenter/suspecttort${query}`)}>← {t('monitoring.suspects.back')}</Link>;
  if (!detail || detail.suspect.id !== id) return <DetailFallback failure={failure} notFound={t('monitoring.suspects.notFound')} back={back} />;
  const s = detail.suspect;
  const base = `/api/suspects/${encodeURIComponent(s.id)}`;
  const go = (other: string) => navigate(site(`usercenter/suspecttort/${other}${query}`));

  async function act(action: Action) {
    setBusy(true);
    try {
      if (action === 'authorise') {
        const r = await api.post<{ host: string; affected: number }>(`${base}/authorise-site`);
        showToast({ intent: 'success', icon: 'tick', message: t('monitoring.suspects.authorised', { host: r.host, affected: r.affected }) });
      } else {
        await api.post(`${base}/${action}`);
        showToast({ intent: 'success', icon: 'tick', message: t(`monitoring.suspects.done.${action}`) });
      }
      await reload();
      setAsking(null);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="ipci-stack" data-testid="suspect-detail-page">
      <div className="ipci-toolbar">
        {back}
        <span className="ipci-spacer" />
        <ButtonGroup>
          <Button icon="chevron-left" text={t('monitoring.suspects.previous')} disabled={!detail.previousId} onClick={() => detail.previousId && go(detail.previousId)} data-testid="suspect-previous" />
          <Button endIcon="chevron-right" text={t('monitoring.suspects.next')} disabled={!detail.nextId} onClick={() => detail.nextId && go(detail.nextId)} data-testid="suspect-next" />
        </ButtonGroup>
      </div>
      <div className="ipci-toolbar">
        <h2 className="ipci-page-title" style={{ margin: 0 }} data-testid="suspect-title">
          {(s.workTitles && ipNameIn(s.workTitles, lang)) || s.workTitle || t('monitoring.suspects.untitled')}
        </h2>
        <SuspectStateTag state={s.state} />
        <Tag minimal>{t(`monitoring.matchKinds.${s.matchKind}`)}</Tag>
      </div>
      <Card>
        <dl className="ipci-dl ipci-monitoring-dl">
          <dt>{t('monitoring.fields.number')}</dt>
          <dd data-testid="suspect-number">{s.number}</dd>
          <dt>{t('monitoring.fields.detectedAt')}</dt>
          <dd>{formatDateTime(s.detectedAt, lang, { zone: true })}</dd>
          <dt>{t('monitoring.fields.website')}</dt>
          <dd>{s.website}</dd>
          <dt>{t('monitoring.fields.pageUrl')}</dt>
          <dd>
            <Address url={s.pageUrl} testId="suspect-page-url" />
          </dd>
          <dt>{t('monitoring.fields.imageUrl')}</dt>
          <dd className="ipci-dl-wide">
            <Address url={s.imageUrl} testId="suspect-image-url" />
          </dd>
        </dl>
      </Card>
      <Card>
        <h3 className="ipci-section-title">{t('monitoring.suspects.comparison')}</h3>
        <div className="ipci-monitoring-compare" data-testid="suspect-compare">
          <figure>
            {s.hasCopy ? <img src={`${base}/copy`} alt={t('monitoring.suspects.copy')} data-testid="suspect-copy" /> : <div className="ipci-monitoring-noimage">{t('monitoring.suspects.noCopy')}</div>}
            <figcaption>{t('monitoring.suspects.copy')}</figcaption>
          </figure>
          <figure>
            {s.original ? <img src={s.original.url} alt={t('monitoring.suspects.original')} data-testid="suspect-original" /> : <div className="ipci-monitoring-noimage">{t('monitoring.suspects.noOriginal')}</div>}
            <figcaption>
              {t('monitoring.suspects.original')}
              {s.original ? ` · ${t(`monitoring.pictureKinds.${s.original.kind}`)}` : ''}
            </figcaption>
          </figure>
        </div>
        <EvidenceText evidence={s.evidence} />
      </Card>
      <Card data-testid="suspect-snapshot">
        <h3 className="ipci-section-title">{t('monitoring.suspects.snapshot')}</h3>
        <dl className="ipci-dl ipci-monitoring-dl">
          <dt>{t('monitoring.suspects.pageTitle')}</dt>
          <dd className="ipci-dl-wide">{s.snapshot.title || '—'}</dd>
          <dt>{t('monitoring.suspects.fetchedAt')}</dt>
          <dd>{s.snapshot.fetchedAt ? formatDateTime(s.snapshot.fetchedAt, lang, { zone: true }) : '—'}</dd>
          <dt>SHA-256</dt>
          <dd className="ipci-monitoring-hash" data-testid="suspect-sha256">
            {s.snapshot.sha256 ?? '—'}
          </dd>
        </dl>
        {s.snapshot.text && <p className="ipci-pre-text ipci-monitoring-snapshot-text">{s.snapshot.text}</p>}
        {s.snapshot.hasHtml && (
          <a className="bp6-button" href={`${base}/snapshot`} download data-testid="suspect-snapshot-download">
            {t('monitoring.suspects.downloadSnapshot')}
          </a>
        )}
      </Card>
      {s.report ? (
        <Card data-testid="suspect-report">
          <h3 className="ipci-section-title">{t('monitoring.report.followTitle')}</h3>
          {s.report.protectionCaseId && (
            <Callout intent="success" icon="take-action" style={{ marginBottom: 12 }}>
              {t('monitoring.report.caseStarted')}{' '}
              <Link to={site(`usercenter/protectdetail/${s.report.protectionCaseId}`)} data-testid="suspect-case-link">
                {t('monitoring.report.toCase')}
              </Link>
            </Callout>
          )}
          <Timeline kind="tortReport" id={s.report.id} />
        </Card>
      ) : (
        <div className="ipci-form-actions ipci-monitoring-suspect-actions">
          {s.state === 'ignored' ? (
            <Button icon="undo" text={t('monitoring.suspects.actions.unignore')} loading={busy} onClick={() => void act('unignore')} data-testid="suspect-unignore" />
          ) : (
            (s.state === 'new' || s.state === 'authorised') && <Button icon="eye-off" text={t('monitoring.suspects.actions.ignore')} onClick={() => setAsking('ignore')} data-testid="suspect-ignore" />
          )}
          {s.state !== 'authorised' && <Button icon="endorsed" text={t('monitoring.suspects.actions.authorise')} onClick={() => setAsking('authorise')} data-testid="suspect-authorise" />}
          {s.state !== 'authorised' && <GoButton intent="danger" icon="take-action" text={t('monitoring.suspects.actions.report')} to={site(`usercenter/suspecttort/${s.id}/report${query}`)} data-testid="suspect-report-button" />}
        </div>
      )}
      <ConfirmAlert
        open={asking === 'ignore' || asking === 'authorise'}
        intent={asking === 'authorise' ? 'primary' : 'warning'}
        icon={asking === 'authorise' ? 'endorsed' : 'eye-off'}
        confirmText={asking ? t(`monitoring.suspects.actions.${asking}`) : ''}
        busy={busy}
        onCancel={() => setAsking(null)}
        onConfirm={() => asking && void act(asking)}
      >
        {asking === 'authorise' ? t('monitoring.suspects.confirm.authorise', { host: s.website }) : t('monitoring.suspects.confirm.ignore')}
      </ConfirmAlert>
    </div>
  );
}
