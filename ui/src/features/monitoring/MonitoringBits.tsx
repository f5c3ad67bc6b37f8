import { Button, Callout, Checkbox, Dialog, DialogBody, HTMLSelect, Tag, type Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { EXPIRY_NOTICE_DAYS, monitoringOrderSchema, type MatchEvidence, type MonitoringPlan, type SubscriptionState, type SuspectState } from '../../../../domain/monitoring';
import { chinaDate } from '../../../../domain/dates';
import { CheckedForm } from '../../components/CheckedForm';
import { translateError } from '../../lib/format';
import { yuan } from '../orderPayment/OrderBits';
import type { PlanOffer, SubscriptionJson } from './types';

const STATE_INTENT: Record<SubscriptionState, Intent> = { ordered: 'warning', active: 'success', paused: 'danger', expired: 'none', cancelled: 'none' };
const SUSPECT_INTENT: Record<SuspectState, Intent> = { new: 'danger', ignored: 'none', authorised: 'success', reported: 'primary' };

/** A subscription's state; a paused one says why (the IPCI's state), since nothing the user edits resumes it. */
export function SubscriptionStateTag({ value }: { value: { state: SubscriptionState; pausedReason: string | null } }) {
  const { t } = useTranslation();
  return (
    <Tag minimal intent={STATE_INTENT[value.state]} data-testid="subscription-state" title={value.pausedReason ? t(`monitoring.pauseReasons.${value.pausedReason}`) : undefined}>
      {t(`monitoring.states.${value.state}`)}
      {value.state === 'paused' && value.pausedReason ? ` · ${t(`monitoring.pauseReasons.${value.pausedReason}`)}` : ''}
    </Tag>
  );
}

export function SuspectStateTag({ state }: { state: SuspectState }) {
  const { t } = useTranslation();
  return (
    <Tag minimal intent={SUSPECT_INTENT[state]} data-testid="suspect-state">
      {t(`monitoring.suspectStates.${state}`)}
    </Tag>
  );
}

/** yyyy-mm-dd – yyyy-mm-dd (China dates, as the API gives them), or a dash before payment. */
export function validityText(s: Pick<SubscriptionJson, 'validFrom' | 'validUntil'>): string {
  return s.validFrom && s.validUntil ? `${s.validFrom} – ${s.validUntil}` : '—';
}

/** Renewal is offered from EXPIRY_NOTICE_DAYS before the end (when the user is told) and after it. */
export function renewable(s: SubscriptionJson, now = new Date()): boolean {
  if (s.state === 'expired') return true;
  if ((s.state !== 'active' && s.state !== 'paused') || !s.validUntil) return false;
  const notice = chinaDate(new Date(now.getTime() + EXPIRY_NOTICE_DAYS * 86_400_000));
  return s.validUntil <= notice;
}

/** The plan picker and the no-unsubscribe/no-refund notice that must be accepted: ordering and renewing share them. */
export function PlanChoice({ plans, plan, setPlan, accepted, setAccepted, disabled, error }: { plans: PlanOffer[]; plan: MonitoringPlan | ''; setPlan: (p: MonitoringPlan) => void; accepted: boolean; setAccepted: (v: boolean) => void; disabled?: boolean; error?: string }) {
  const { t } = useTranslation();
  return (
    <>
      <div className="ipci-monitoring-plans" role="radiogroup" aria-label={t('monitoring.order.plan')}>
        {plans.map((p) => (
          <label key={p.plan} className={`ipci-monitoring-plan${plan === p.plan ? ' is-chosen' : ''}`} data-testid={`plan-${p.plan}`}>
            <input type="radio" name="monitoring-plan" value={p.plan} checked={plan === p.plan} disabled={disabled} onChange={() => setPlan(p.plan)} />
            <span className="ipci-monitoring-plan-name">{t(`monitoring.plans.${p.plan}`)}</span>
            <span className="ipci-muted">{t('monitoring.order.days', { days: p.days })}</span>
            <span className="ipci-monitoring-price">¥{yuan(p.priceFen)}</span>
          </label>
        ))}
      </div>
      <Callout intent="warning" icon="warning-sign" style={{ marginTop: 12 }} data-testid="no-refund-notice">
        <p>{t('monitoring.order.noRefund')}</p>
        <p>{t('monitoring.order.payWithin')}</p>
        <Checkbox checked={accepted} disabled={disabled} onChange={(e) => setAccepted(e.currentTarget.checked)} label={t('monitoring.order.accept')} data-testid="no-refund-accept" />
        {error && (
          <div className="ipci-flag-reason" role="alert">
            {error}
          </div>
        )}
      </Callout>
    </>
  );
}

/** The renewal's values: the order's schema without the IPCI, which the subscription names (the API checks the same). */
const renewSchema = monitoringOrderSchema.omit(['ipciId']);
type RenewValues = { plan: MonitoringPlan | ''; noRefundAccepted: boolean };

/** Renewing a subscription: the plan and the same notice, checked with the order's schema, then the new order's pay page. */
export function RenewDialog({ plans, open, onClose, onRenew }: { plans: PlanOffer[]; open: boolean; onClose: () => void; onRenew: (plan: MonitoringPlan) => Promise<void> }) {
  const { t } = useTranslation();
  return (
    <Dialog isOpen={open} onClose={onClose} title={t('monitoring.renew.title')} style={{ maxWidth: 'calc(100vw - 24px)' }}>
      <DialogBody>
        <CheckedForm<RenewValues> id="renew" schema={renewSchema} initial={{ plan: '', noRefundAccepted: false }} submitText={t('monitoring.renew.submit')} onSubmit={async (v) => onRenew(v.plan as MonitoringPlan)} extraActions={<Button text={t('actions.cancel')} onClick={onClose} />}>
          {(form, { server }) => {
            const tried = form.submitCount > 0;
            const error = tried && !form.values.plan ? t('monitoring.order.planRequired') : tried && form.errors.noRefundAccepted ? translateError(t, form.errors.noRefundAccepted) : server.plan || server.noRefundAccepted;
            return <PlanChoice plans={plans} plan={form.values.plan} setPlan={(p) => void form.setFieldValue('plan', p)} accepted={form.values.noRefundAccepted} setAccepted={(v) => void form.setFieldValue('noRefundAccepted', v)} disabled={form.isSubmitting} error={error} />;
          }}
        </CheckedForm>
      </DialogBody>
    </Dialog>
  );
}

/** How the copy matched, in words: the PDQ distance, or the fitted transform and the share shown, or the watermark, and the keywords found. */
export function EvidenceText({ evidence }: { evidence: MatchEvidence }) {
  const { t } = useTranslation();
  const lines: string[] = [];
  if (evidence.kind === 'image' && evidence.method === 'global' && evidence.distance !== undefined) lines.push(t('monitoring.evidence.global', { distance: evidence.distance }));
  if (evidence.kind === 'image' && evidence.method === 'local') {
    const tr = evidence.transform;
    lines.push(t('monitoring.evidence.local', { inliers: evidence.inliers ?? 0, overlap: Math.round((evidence.overlap ?? 0) * 100) }));
    // A rotation under a twentieth of a degree reads 0.0, not -0.0.
    const rotation = Math.abs(tr?.rotationDeg ?? 0) < 0.05 ? 0 : tr!.rotationDeg;
    if (tr) lines.push(t('monitoring.evidence.transform', { scale: tr.scale.toFixed(2), rotation: rotation.toFixed(1), dx: Math.round(tr.dx), dy: Math.round(tr.dy) }));
  }
  if (evidence.kind === 'watermark') lines.push(t('monitoring.evidence.watermark'));
  if (evidence.keywords?.length) lines.push(t('monitoring.evidence.keywords', { keywords: evidence.keywords.join(t('monitoring.listSeparator')) }));
  return (
    <ul className="ipci-monitoring-evidence" data-testid="suspect-evidence">
      {lines.map((l) => (
        <li key={l}>{l}</li>
      ))}
    </ul>
  );
}

/** A filter select with "all" first, as the lists' toolbars draw them. */
export function FilterSelect({ id, label, value, options, onChange }: { id: string; label: string; value: string; options: Array<{ value: string; label: string }>; onChange: (v: string) => void }) {
  const { t } = useTranslation();
  return (
    <label className="ipci-monitoring-filter" htmlFor={id}>
      <span className="ipci-muted">{label}</span>
      <HTMLSelect id={id} value={value} onChange={(e) => onChange(e.currentTarget.value)} options={[{ value: '', label: t('monitoring.all') }, ...options]} data-testid={id} />
    </label>
  );
}
