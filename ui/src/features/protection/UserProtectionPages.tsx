import { Callout, Card, Tab, Tabs, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { PROTECTION_FILES_MAX, PROTECTION_UPLOAD_KIND, protectionSupplementSchema, type ProtectionTab } from '../../../../domain/protection';
import { api } from '../../api/client';
import { ListCard } from '../../components/ListCard';
import { Timeline } from '../../components/Timeline';
import { formatDateTime } from '../../lib/format';
import { useDetail } from '../../lib/useDetail';
import { useLang, useSitePath } from '../../lib/useLang';
import { showToast } from '../../session/toaster';
import { GoButton } from '../../components/GoButton';
import { useKeysetPages } from '../invitations/useKeysetPages';
import { DetailFallback } from '../../components/DetailFallback';
import { SchemaForm, type FormField } from '../../components/SchemaForm';
import { ProtectionIp, ProtectionStateTag, ProtectionView } from './ProtectionBits';
import type { ProtectionCaseJson, ProtectionDetail, ProtectionPage } from './types';
import './protection.css';

/**
 * usercenter/rightprotect (spec part 2 §4): the reader's rights-protection cases in two tabs, in
 * processing (awaiting acceptance or being processed) and processed (finished or refused).
 */
export function ProtectionListPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const site = useSitePath();
  const [params, setParams] = useSearchParams();
  const tab: ProtectionTab = params.get('tab') === 'processed' ? 'processed' : 'processing';
  const { first, items, next, loadMore, failed } = useKeysetPages<ProtectionPage, ProtectionCaseJson>('/api/protection/cases', { tab }, (r) => r.items);
  const detail = (c: ProtectionCaseJson) => site(`usercenter/protectdetail/${c.id}`);
  return (
    <div className="ipci-stack">
      <div className="ipci-toolbar">
        <h2 className="ipci-page-title" style={{ margin: 0 }}>
          {t('protection.list.title')}
        </h2>
        <span className="ipci-spacer" />
        <Link to={site('protect/rightprocess')} className="bp6-button bp6-intent-primary" data-testid="protection-apply">
          {t('protection.list.apply')}
        </Link>
      </div>
      <Tabs id="protection-tabs" selectedTabId={tab} onChange={(id) => setParams(id === 'processed' ? { tab: 'processed' } : {})}>
        <Tab id="processing" title={t('protection.tabs.processing')} />
        <Tab id="processed" title={t('protection.tabs.processed')} />
      </Tabs>
      <ListCard items={first ? items : null} failed={failed} empty={{ icon: 'take-action', title: t(`protection.list.empty.${tab}`) }} next={next} load={() => loadMore()}>
        {(list) =>
          list.map((c) => (
            <div key={c.id} className="ipci-list-row" data-testid="protection-row">
              <ProtectionIp value={c} />
              <ProtectionStateTag state={c.state} />
              <Tag minimal>{t(`protection.kinds.${c.kind}`)}</Tag>
              {c.supplementRequested && (
                <Tag minimal intent="warning" icon="upload">
                  {t('protection.list.supplementAsked')}
                </Tag>
              )}
              <span className="ipci-muted">{formatDateTime(c.createdAt, lang)}</span>
              <span className="ipci-spacer" />
              <GoButton small variant="minimal" icon="eye-open" text={t('protection.list.view')} to={detail(c)} />
            </div>
          ))
        }
      </ListCard>
    </div>
  );
}

/** usercenter/protectdetail/:id — one case of the reader's: where it stands, what was sent and said, its timeline. */
export function ProtectionDetailPage() {
  const { t } = useTranslation();
  const site = useSitePath();
  const { id = '' } = useParams();
  const { detail, failure } = useDetail<ProtectionDetail>(`/api/protection/cases/${encodeURIComponent(id)}`);
  const back = <Link to={site('usercenter/rightprotect')}>← {t('protection.detail.back')}</Link>;
  if (!detail) return <DetailFallback failure={failure} notFound={t('protection.notFound', { ns: 'errors' })} back={back} />;
  const c = detail.case;
  return (
    <div className="ipci-stack">
      <div className="ipci-toolbar">{back}</div>
      <h2 className="ipci-page-title">{t('protection.detail.title')}</h2>
      <ProtectionView value={c} uploads={detail.uploads} />
      <Card>
        <h3 className="ipci-page-title">{t('timeline.title')}</h3>
        <Timeline kind="protectionCase" id={c.id} />
      </Card>
    </div>
  );
}

const SUPPLEMENT_FIELDS: FormField[] = [
  { name: 'note', type: 'textarea' },
  { name: 'materials', type: 'uploads', max: PROTECTION_FILES_MAX },
];

/** usercenter/rightprotectupdate/:id — the supplementary materials staff asked for; nothing to send when none were asked. */
export function ProtectionSupplementPage() {
  const { t } = useTranslation();
  const site = useSitePath();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const { detail, failure } = useDetail<ProtectionDetail>(`/api/protection/cases/${encodeURIComponent(id)}`);
  const detailPath = site(`usercenter/protectdetail/${id}`);
  const back = <Link to={detailPath}>← {t('protection.supplement.back')}</Link>;
  if (!detail) return <DetailFallback failure={failure} notFound={t('protection.notFound', { ns: 'errors' })} back={back} />;
  const c = detail.case;
  const request = [...c.updates].filter((u) => u.kind === 'supplementRequest').sort((a, b) => (a.createdAt < b.createdAt ? 1 : -1))[0];
  return (
    <div className="ipci-stack">
      <div className="ipci-toolbar">{back}</div>
      <h2 className="ipci-page-title">{t('protection.supplement.title')}</h2>
      <Card>
        <ProtectionIp value={c} /> <ProtectionStateTag state={c.state} />
      </Card>
      {c.supplementRequested ? (
        <Card>
          {request?.note && (
            <Callout intent="warning" icon="comment" title={t('protection.supplement.asked')} style={{ marginBottom: 12 }} data-testid="protection-supplement-request">
              <span className="ipci-pre-text">{request.note}</span>
            </Callout>
          )}
          <SchemaForm
            uploadKind={PROTECTION_UPLOAD_KIND}
            id="protection-supplement"
            schema={protectionSupplementSchema}
            fields={SUPPLEMENT_FIELDS}
            initial={{ note: '', materials: [] as string[] }}
            labelOf={(name) => t(`protection.supplement.fields.${name}`)}
            submitText={t('protection.supplement.submit')}
            onSubmit={async (values) => {
              await api.post(`/api/protection/cases/${encodeURIComponent(c.id)}/supplements`, values);
              showToast({ intent: 'success', icon: 'tick', message: t('protection.supplement.sent') });
              navigate(detailPath);
            }}
          />
        </Card>
      ) : (
        <Callout icon="info-sign" data-testid="protection-no-supplement">
          {t('protection.supplement.none')}
        </Callout>
      )}
    </div>
  );
}
