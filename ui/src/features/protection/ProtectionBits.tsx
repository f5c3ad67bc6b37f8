import { Callout, Card, Tag, type Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatIpciCode } from '../../../../domain/ipci';
import { ipNameIn } from '../../../../domain/ipNames';
import { PROTECTION_FILES_MAX, PROTECTION_UPLOAD_KIND, protectionProgressSchema, type EligibilityRule, type ProtectionState } from '../../../../domain/protection';
import { api } from '../../api/client';
import { formatDateTime } from '../../lib/format';
import { useLang, useSitePath } from '../../lib/useLang';
import { showToast } from '../../session/toaster';
import { SchemaForm, type FormField } from '../../components/SchemaForm';
import { Attachments } from '../../components/Attachments';
import type { ProtectionCaseJson, UploadMap } from './types';
// The shared Attachments list is laid out by the objection feature's style sheet.
import '../objection/objection.css';
import './protection.css';

const STATE_INTENT: Record<ProtectionState, Intent> = { acceptance: 'warning', refused: 'danger', processing: 'primary', processed: 'success' };

export function ProtectionStateTag({ state }: { state: ProtectionState }) {
  const { t } = useTranslation();
  return (
    <Tag minimal intent={STATE_INTENT[state]} data-testid="protection-state">
      {t(`protection.states.${state}`)}
    </Tag>
  );
}

/** The protected IP named in the reader's language, with its IPCI code. */
export function ProtectionIp({ value }: { value: Pick<ProtectionCaseJson, 'ipNames' | 'code'> }) {
  const lang = useLang();
  return (
    <span>
      <strong>{ipNameIn(value.ipNames, lang)}</strong> <span className="ipci-muted ipci-mono">{formatIpciCode(value.code)}</span>
    </span>
  );
}

/** The catalog key (namespace errors) of the message for an eligibility rule an IPCI fails. */
export const RULE_MESSAGE: Record<EligibilityRule, string> = { noValidIpci: 'protection.ipciNotValid', notNamedHolder: 'protection.notNamedHolder' };

/** The application's fields as the case shows them, in form order (uploads apart). */
const TEXT_FIELDS = ['ipName', 'ipIntroduction', 'infringer', 'infringerType', 'infringingWork', 'scope', 'infringerContact', 'infringerPhone', 'address', 'description', 'mailbox'] as const;

/**
 * A rights-protection case as its applicant and staff read it: where it stands (reply due, refusal
 * with the flagged fields, outcome and publicity number), what was applied for, and the
 * correspondence with staff. Staff read it about the applicant (`staff`), not addressed to them.
 */
export function ProtectionView({ value: c, uploads, staff = false }: { value: ProtectionCaseJson; uploads: UploadMap; staff?: boolean }) {
  const { t } = useTranslation();
  const lang = useLang();
  const site = useSitePath();
  const data = c.data as Partial<ProtectionCaseJson['data']>;
  const row = (label: string, value: React.ReactNode, testId?: string) => (
    <>
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </>
  );
  return (
    <>
      <Card>
        <div className="ipci-toolbar">
          <ProtectionIp value={c} />
          <ProtectionStateTag state={c.state} />
          <Tag minimal>{t(`protection.kinds.${c.kind}`)}</Tag>
        </div>
        <dl className="ipci-dl" style={{ marginTop: 12 }}>
          {row(t('protection.detail.createdAt'), formatDateTime(c.createdAt, lang))}
          {c.state === 'acceptance' && c.replyDueAt && row(t('protection.detail.replyDue'), formatDateTime(c.replyDueAt, lang), 'protection-reply-due')}
          {c.acceptedAt && row(t('protection.detail.acceptedAt'), formatDateTime(c.acceptedAt, lang))}
          {c.lawFirm && row(t('protection.detail.lawFirm'), <Link to={site(`protect/legalrightsdetail/${c.lawFirm.id}`)}>{ipNameIn(c.lawFirm.names, lang)}</Link>, 'protection-law-firm')}
          {c.processedAt && row(t('protection.detail.processedAt'), formatDateTime(c.processedAt, lang))}
          {c.result && row(t('protection.detail.result'), t(`protection.results.${c.result}`), 'protection-result')}
          {c.outcome && row(t('protection.detail.outcome'), <span className="ipci-pre-text">{c.outcome}</span>, 'protection-outcome')}
          {c.publicityNo && row(t('protection.detail.publicityNo'), <Link to={`${site('protect/publicity')}?no=${encodeURIComponent(c.publicityNo)}`}>{c.publicityNo}</Link>, 'protection-publicity-no')}
        </dl>
        {c.state === 'refused' && (
          <Callout intent="danger" icon="disable" title={t('protection.detail.refused')} data-testid="protection-refusal" style={{ marginTop: 12 }}>
            {c.refusalReason && <p>{t(`protection.refusal.${c.refusalReason}`)}</p>}
            {c.reviewFlags && Object.keys(c.reviewFlags).length > 0 && (
              <ul className="ipci-reasons" data-testid="protection-flags">
                {Object.entries(c.reviewFlags).map(([field, reason]) => (
                  <li key={field}>
                    <strong>{t(`protection.fields.${field}`, { defaultValue: field })}</strong>: {reason}
                  </li>
                ))}
              </ul>
            )}
          </Callout>
        )}
        {c.supplementRequested && (
          <Callout intent="warning" icon="upload" style={{ marginTop: 12 }} data-testid="protection-supplement-asked">
            {staff ? (
              t('protection.detail.awaitingSupplement')
            ) : (
              <>
                {t('protection.detail.supplementAsked')} <Link to={site(`usercenter/rightprotectupdate/${c.id}`)}>{t('protection.detail.supply')}</Link>
              </>
            )}
          </Callout>
        )}
      </Card>
      <Card>
        <h3 className="ipci-page-title">{t(staff ? 'protection.detail.application' : 'protection.detail.facts')}</h3>
        <dl className="ipci-dl">
          {TEXT_FIELDS.filter((f) => data[f]).map((f) => (
            <div key={f} style={{ display: 'contents' }}>
              <dt>{t(`protection.fields.${f}`)}</dt>
              <dd className="ipci-pre-text" data-testid={`protection-fact-${f}`}>
                {f === 'infringerType' ? t(`protection.infringerTypes.${data[f]}`) : data[f]}
              </dd>
            </div>
          ))}
        </dl>
        {(['proof', 'supplementary'] as const).map((f) =>
          data[f]?.length ? (
            <div key={f}>
              <h4>{t(`protection.fields.${f}`)}</h4>
              <Attachments ids={data[f]!} uploads={uploads} />
            </div>
          ) : null,
        )}
      </Card>
      <ProtectionUpdates value={c} uploads={uploads} staff={staff} />
    </>
  );
}

/** The progress notes, requests for materials and the applicant's supplements, newest first. */
function ProtectionUpdates({ value: c, uploads, staff }: { value: ProtectionCaseJson; uploads: UploadMap; staff: boolean }) {
  const { t } = useTranslation();
  const lang = useLang();
  const updates = [...c.updates].sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : b.id - a.id));
  return (
    <Card>
      <h3 className="ipci-page-title">{t('protection.detail.updates')}</h3>
      {updates.length === 0 ? (
        <p className="ipci-muted">{t('protection.detail.noUpdates')}</p>
      ) : (
        <ol className="ipci-protection-updates">
          {updates.map((u) => (
            <li key={u.id} data-testid="protection-update" className={`is-${u.author}`}>
              <div className="ipci-toolbar">
                <Tag minimal intent={u.kind === 'supplementRequest' ? 'warning' : u.author === 'user' ? 'success' : 'primary'}>
                  {t(`protection.updateKinds.${staff && u.kind === 'supplement' ? 'supplementStaff' : u.kind}`)}
                </Tag>
                <span className="ipci-muted">
                  {formatDateTime(u.createdAt, lang)} · {u.authorName ?? t(`protection.authors.${staff ? `${u.author}Staff` : u.author}`)}
                </span>
              </div>
              {u.note && <p className="ipci-pre-text">{u.note}</p>}
              {u.attachments.length > 0 && <Attachments ids={u.attachments} uploads={uploads} />}
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}

const PROGRESS_FIELDS: FormField[] = [
  { name: 'note', type: 'textarea' },
  { name: 'attachments', type: 'uploads', max: PROTECTION_FILES_MAX },
  { name: 'requestSupplement', type: 'checkbox' },
];

/** Staff's progress update while a case is in processing; it may ask the applicant for supplementary materials. */
export function ProgressForm({ value: c, onPosted }: { value: ProtectionCaseJson; onPosted: (next: ProtectionCaseJson) => void }) {
  const { t } = useTranslation();
  return (
    <Card data-testid="protection-progress">
      <h3 className="ipci-page-title">{t('protection.progress.title')}</h3>
      <p className="ipci-muted">{t('protection.progress.hint')}</p>
      <SchemaForm
        uploadKind={PROTECTION_UPLOAD_KIND}
        key={c.updates.length}
        id="protection-progress-form"
        schema={protectionProgressSchema}
        fields={PROGRESS_FIELDS}
        initial={{ note: '', attachments: [] as string[], requestSupplement: false }}
        labelOf={(name) => t(`protection.progress.fields.${name}`)}
        submitText={t('protection.progress.submit')}
        onSubmit={async (values) => {
          const r = await api.post<{ case: ProtectionCaseJson }>(`/api/protection/cases/${encodeURIComponent(c.id)}/progress`, values);
          showToast({ intent: 'success', icon: 'tick', message: t('protection.progress.posted') });
          onPosted(r.case);
        }}
      />
    </Card>
  );
}
