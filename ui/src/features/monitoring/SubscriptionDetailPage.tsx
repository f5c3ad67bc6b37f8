import { Button, Callout, Card, FormGroup, HTMLSelect, InputGroup, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { formatIpciCode } from '../../../../domain/ipci';
import { ipNameIn } from '../../../../domain/ipNames';
import {
  KEYWORD_CATEGORIES,
  MAX_KEYWORD_LENGTH,
  MAX_KEYWORDS,
  MAX_PICTURES,
  MONITOR_UPLOAD_KIND,
  monitoredContentSchema,
  PICTURE_ASPECT_TOLERANCE,
  PICTURE_KINDS,
  PICTURE_MAX_BYTES,
  PICTURE_MIME,
  PICTURE_MIN_SIDE,
  type KeywordCategory,
  type MonitoredContent,
  type PictureKind,
} from '../../../../domain/monitoring';
import type { Upload } from '../../api/types';
import { api } from '../../api/client';
import { CheckedForm } from '../../components/CheckedForm';
import { DetailFallback } from '../../components/DetailFallback';
import { Timeline } from '../../components/Timeline';
import { UploadField } from '../../components/UploadField';
import { formatBytes, formatDateTime, translateError } from '../../lib/format';
import { useDetail } from '../../lib/useDetail';
import { useLang, useSitePath } from '../../lib/useLang';
import { showToast } from '../../session/toaster';
import { renewable, RenewDialog, SubscriptionStateTag, validityText } from './MonitoringBits';
import type { MonitoringKeyword, OrderAnswer, PlanOffer, SubscriptionDetail, SubscriptionJson } from './types';
import './monitoring.css';

/** Categories with a suggestion line beside the keyword field (spec part 2 §5); `other` needs none. */
const SUGGESTED = KEYWORD_CATEGORIES.filter((c) => c !== 'other');

/** What a comparison picture breaks of the rules, from what the upload says of itself (the API checks the content again). */
export function pictureProblems(meta: Upload | undefined): string[] {
  if (!meta) return [];
  const problems: string[] = [];
  if (!(PICTURE_MIME as readonly string[]).includes(meta.mime)) problems.push('format');
  if (meta.size > PICTURE_MAX_BYTES) problems.push('size');
  if (meta.width && meta.height) {
    if (Math.abs(meta.width / meta.height - 1) > PICTURE_ASPECT_TOLERANCE) problems.push('square');
    if (Math.min(meta.width, meta.height) < PICTURE_MIN_SIDE) problems.push('resolution');
  }
  return problems;
}

/**
 * usercenter/monitoring/:id — one subscription: its IP, plan, state and validity, the monitored
 * content (keywords as tags with their category and the spec's suggestions beside the field, a label,
 * comparison pictures under the spec's rules, each a picture or a logo) and its timeline.
 */
export function SubscriptionDetailPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const site = useSitePath();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const path = `/api/monitoring/subscriptions/${encodeURIComponent(id)}`;
  const { detail, setDetail, failure } = useDetail<SubscriptionDetail>(path);
  const { detail: plans } = useDetail<{ plans: PlanOffer[] }>('/api/monitoring/plans');
  const [renewOpen, setRenewOpen] = useState(false);
  const back = <Link to={site('usercenter/monitoring')}>← {t('monitoring.detail.back')}</Link>;
  if (!detail) return <DetailFallback failure={failure} notFound={t('monitoring.detail.notFound')} back={back} />;
  const s = detail.subscription;
  const at = (v: string | null) => (v ? formatDateTime(v, lang, { zone: true }) : '—');
  const pictureKind = new Map(detail.pictures.map((p) => [p.uploadId, p.kind]));
  const initial: MonitoredContent = {
    label: s.label,
    keywords: s.keywords,
    pictures: detail.pictures.map((p) => ({ uploadId: p.uploadId, kind: pictureKind.get(p.uploadId) ?? 'picture' })),
  };

  return (
    <div className="ipci-stack" data-testid="subscription-detail-page">
      <div className="ipci-toolbar">{back}</div>
      <div className="ipci-toolbar">
        <h2 className="ipci-page-title" style={{ margin: 0 }} data-testid="subscription-ip">
          {ipNameIn(s.ipNames, lang) || s.ipName}
        </h2>
        <SubscriptionStateTag value={s} />
        <span className="ipci-spacer" />
        {renewable(s) && plans && <Button intent="warning" icon="refresh" text={t('monitoring.list.renew')} onClick={() => setRenewOpen(true)} data-testid="subscription-renew" />}
      </div>
      <Card>
        <dl className="ipci-dl ipci-monitoring-dl">
          <dt>{t('monitoring.fields.ipci')}</dt>
          <dd>{formatIpciCode(s.ipciCode)}</dd>
          <dt>{t('monitoring.fields.plan')}</dt>
          <dd>{t(`monitoring.plans.${s.plan}`)}</dd>
          <dt>{t('monitoring.fields.validity')}</dt>
          <dd data-testid="subscription-validity">{validityText(s)}</dd>
          <dt>{t('monitoring.fields.suspects')}</dt>
          <dd>
            <Link to={site(`usercenter/suspecttort?subscriptionId=${s.id}`)} data-testid="subscription-suspects-link">
              {t('monitoring.list.counts', { new: s.suspects.new, total: s.suspects.total })}
            </Link>
          </dd>
          <dt>{t('monitoring.fields.lastCrawl')}</dt>
          <dd>{at(s.lastCrawlAt)}</dd>
          <dt>{t('monitoring.fields.nextCrawl')}</dt>
          <dd>{s.state === 'active' ? at(s.nextCrawlAt) : '—'}</dd>
        </dl>
        {s.state === 'paused' && s.pausedReason && (
          <Callout intent="danger" icon="pause" style={{ marginTop: 12 }} data-testid="subscription-paused">
            {t('monitoring.detail.paused', { reason: t(`monitoring.pauseReasons.${s.pausedReason}`) })}
          </Callout>
        )}
      </Card>
      <Card>
        <h3 className="ipci-section-title">{t('monitoring.content.title')}</h3>
        <p className="ipci-muted">{t('monitoring.content.lead')}</p>
        <ContentForm
          subscription={s}
          uploads={detail.uploads}
          initial={initial}
          onSaved={(r) => {
            setDetail({ ...detail, ...r });
            showToast({ intent: 'success', icon: 'tick', message: t('monitoring.content.saved') });
          }}
          path={`${path}/content`}
        />
      </Card>
      <Card>
        <h3 className="ipci-section-title">{t('timeline.title')}</h3>
        <Timeline kind="monitoringSubscription" id={s.id} />
      </Card>
      {plans && (
        <RenewDialog
          plans={plans.plans}
          open={renewOpen}
          onClose={() => setRenewOpen(false)}
          onRenew={async (plan) => {
            const r = await api.post<OrderAnswer>(`${path}/renew`, { plan, noRefundAccepted: true });
            navigate(site(`usercenter/pay/${r.orderId}`));
          }}
        />
      )}
    </div>
  );
}

function ContentForm({ subscription: s, uploads, initial, onSaved, path }: { subscription: SubscriptionJson; uploads: SubscriptionDetail['uploads']; initial: MonitoredContent; onSaved: (r: Pick<SubscriptionDetail, 'subscription' | 'pictures'>) => void; path: string }) {
  const { t } = useTranslation();
  const [metas, setMetas] = useState<Record<string, Upload>>(() => Object.fromEntries(uploads.map((u) => [u.id, u])));
  const [uploadError, setUploadError] = useState<string | null>(null);
  return (
    <CheckedForm<MonitoredContent>
      id="monitoring-content"
      schema={monitoredContentSchema}
      initial={initial}
      submitText={t('monitoring.content.save')}
      onSubmit={async (values) => {
        const r = await api.put<Pick<SubscriptionDetail, 'subscription' | 'pictures'>>(path, values);
        onSaved(r);
      }}
    >
      {(form, { server, clear }) => {
        const error = (name: keyof MonitoredContent) => {
          const own = form.errors[name];
          return (form.submitCount > 0 && own ? translateError(t, typeof own === 'string' ? own : t('monitoring.content.invalidEntry')) : undefined) || server[name];
        };
        const set = (name: keyof MonitoredContent, v: unknown) => {
          clear(name);
          void form.setFieldValue(name, v);
        };
        const pictures = form.values.pictures;
        return (
          <>
            <FormGroup label={t('monitoring.content.label')} labelFor="monitoring-label" intent={error('label') ? 'danger' : 'none'} helperText={error('label') ?? t('monitoring.content.labelHint')}>
              <InputGroup id="monitoring-label" value={form.values.label} disabled={form.isSubmitting} onChange={(e) => set('label', e.target.value)} />
            </FormGroup>
            <KeywordsField subscription={s} value={form.values.keywords as MonitoringKeyword[]} disabled={form.isSubmitting} error={error('keywords')} onChange={(v) => set('keywords', v)} />
            <FormGroup label={t('monitoring.content.pictures')} labelFor="monitoring-pictures" intent={error('pictures') || uploadError ? 'danger' : 'none'} helperText={error('pictures') ?? uploadError ?? undefined}>
              <Callout icon="media" className="ipci-monitoring-rules" data-testid="picture-rules">
                <ul>
                  <li>{t('monitoring.content.rules.square')}</li>
                  <li>{t('monitoring.content.rules.hd', { side: PICTURE_MIN_SIDE })}</li>
                  <li>{t('monitoring.content.rules.format', { size: formatBytes(PICTURE_MAX_BYTES) })}</li>
                  <li>{t('monitoring.content.rules.logo', { side: PICTURE_MIN_SIDE })}</li>
                  <li>{t('monitoring.content.rules.max', { max: MAX_PICTURES })}</li>
                </ul>
              </Callout>
              <UploadField
                id="monitoring-pictures"
                kind={MONITOR_UPLOAD_KIND}
                multiple
                max={MAX_PICTURES}
                value={pictures.map((p) => p.uploadId)}
                metas={metas}
                disabled={form.isSubmitting}
                onError={setUploadError}
                onUploaded={(u) => setMetas((m) => ({ ...m, [u.id]: u }))}
                onChange={(ids) => {
                  const kinds = new Map(pictures.map((p) => [p.uploadId, p.kind]));
                  set(
                    'pictures',
                    (ids as string[]).map((uploadId) => ({ uploadId, kind: kinds.get(uploadId) ?? 'picture' })),
                  );
                }}
              />
              {pictures.length > 0 && (
                <ol className="ipci-monitoring-picture-kinds" data-testid="picture-kinds">
                  {pictures.map((p, i) => {
                    const problems = pictureProblems(metas[p.uploadId]);
                    return (
                      <li key={p.uploadId} data-testid="picture-kind-row">
                        <span className="ipci-monitoring-picture-name">{metas[p.uploadId]?.originalName ?? t('monitoring.content.pictureN', { n: i + 1 })}</span>
                        <HTMLSelect
                          value={p.kind}
                          disabled={form.isSubmitting}
                          aria-label={t('monitoring.content.pictureKind')}
                          onChange={(e) => set('pictures', pictures.map((q) => (q.uploadId === p.uploadId ? { ...q, kind: e.currentTarget.value as PictureKind } : q)))}
                          options={PICTURE_KINDS.map((k) => ({ value: k, label: t(`monitoring.pictureKinds.${k}`) }))}
                          data-testid="picture-kind"
                        />
                        {problems.map((pr) => (
                          <Tag key={pr} minimal intent="warning" icon="warning-sign" data-testid="picture-problem">
                            {t(`monitoring.content.problems.${pr}`, { side: PICTURE_MIN_SIDE })}
                          </Tag>
                        ))}
                      </li>
                    );
                  })}
                </ol>
              )}
            </FormGroup>
          </>
        );
      }}
    </CheckedForm>
  );
}

/**
 * Keywords as tags, each with its category; beside the field the spec's suggestions (names in every
 * language, main characters, scenes, brand names, album or song titles but not the singer, …), with
 * the IP's own names one click away.
 */
function KeywordsField({ subscription: s, value, disabled, error, onChange }: { subscription: SubscriptionJson; value: MonitoringKeyword[]; disabled: boolean; error?: string; onChange: (v: MonitoringKeyword[]) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [category, setCategory] = useState<KeywordCategory>('name');
  const [refusal, setRefusal] = useState<string | null>(null);
  const has = (w: string) => value.some((k) => k.text.toLowerCase() === w.trim().toLowerCase());
  function add(word: string, cat: KeywordCategory) {
    const w = word.trim();
    if (!w) return;
    if (has(w)) return setRefusal(t('monitoring.content.duplicate'));
    if (value.length >= MAX_KEYWORDS) return setRefusal(t('monitoring.content.tooMany', { max: MAX_KEYWORDS }));
    setRefusal(null);
    onChange([...value, { text: w.slice(0, MAX_KEYWORD_LENGTH), category: cat }]);
    setText('');
  }
  const ipNames = [...new Set([s.ipNames.zh, s.ipNames.en, s.ipNames.ja].filter((n): n is string => Boolean(n)))].filter((n) => !has(n));
  const shown = refusal ?? error;
  return (
    <div className="ipci-monitoring-keywords">
      <FormGroup label={t('monitoring.content.keywords')} labelFor="monitoring-keyword" intent={shown ? 'danger' : 'none'} helperText={shown ?? t('monitoring.content.keywordsHint', { max: MAX_KEYWORDS })}>
        <div className="ipci-monitoring-keyword-add">
          <InputGroup
            id="monitoring-keyword"
            value={text}
            maxLength={MAX_KEYWORD_LENGTH}
            disabled={disabled}
            placeholder={t('monitoring.content.keywordPlaceholder')}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                add(text, category);
              }
            }}
          />
          <HTMLSelect aria-label={t('monitoring.content.category')} value={category} disabled={disabled} onChange={(e) => setCategory(e.currentTarget.value as KeywordCategory)} options={KEYWORD_CATEGORIES.map((c) => ({ value: c, label: t(`monitoring.categories.${c}`) }))} data-testid="keyword-category" />
          <Button icon="add" text={t('monitoring.content.add')} disabled={disabled || !text.trim()} onClick={() => add(text, category)} data-testid="keyword-add" />
        </div>
        <div className="ipci-monitoring-tags" data-testid="keyword-tags">
          {value.map((k) => (
            <Tag key={k.text} large round interactive={false} onRemove={disabled ? undefined : () => onChange(value.filter((x) => x !== k))} data-testid="keyword-tag">
              {k.text} <span className="ipci-monitoring-tag-category">{t(`monitoring.categories.${k.category}`)}</span>
            </Tag>
          ))}
        </div>
      </FormGroup>
      <aside className="ipci-monitoring-suggestions" data-testid="keyword-suggestions">
        <h4>{t('monitoring.content.suggestionsTitle')}</h4>
        {ipNames.length > 0 && (
          <p>
            {t('monitoring.content.fromIp')}{' '}
            {ipNames.map((n) => (
              <Button key={n} small variant="outlined" icon="plus" text={n} disabled={disabled} onClick={() => add(n, 'name')} data-testid="keyword-suggest-name" />
            ))}
          </p>
        )}
        <ul>
          {SUGGESTED.map((c) => (
            <li key={c}>
              <strong>{t(`monitoring.categories.${c}`)}</strong> — {t(`monitoring.suggestions.${c}`)}
            </li>
          ))}
        </ul>
      </aside>
    </div>
  );
}
