import { Button, Card, FormGroup, Icon, NonIdealState, Spinner, type IconName } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { formatIpciCode } from '../../../../domain/ipci';
import { ipNameIn } from '../../../../domain/ipNames';
import { monitoringOrderSchema, type MonitoringOrderInput } from '../../../../domain/monitoring';
import { api } from '../../api/client';
import { CheckedForm } from '../../components/CheckedForm';
import { translateError } from '../../lib/format';
import { useDetail } from '../../lib/useDetail';
import { useLang, useSitePath } from '../../lib/useLang';
import { useSession } from '../../session/SessionContext';
import { PlanChoice } from './MonitoringBits';
import type { MonitoringIpci, OrderAnswer, PlanOffer } from './types';
import './monitoring.css';

/** What the service does (spec part 2 §9), one card each. */
const FEATURES: Array<{ key: 'crawl' | 'match' | 'evidence' | 'act'; icon: IconName }> = [
  { key: 'crawl', icon: 'refresh' },
  { key: 'match', icon: 'media' },
  { key: 'evidence', icon: 'archive' },
  { key: 'act', icon: 'take-action' },
];

/**
 * protect/monitoring (spec part 2 §4/§9): what infringement monitoring does, its plans and prices, and
 * the order: one of the reader's IPCIs (only valid ones can be picked; the others say why not), a
 * plan, and the no-unsubscribe/no-refund notice accepted; the order is then paid within 24 h on the
 * existing pay page.
 */
export function MonitoringOrderPage() {
  const { t } = useTranslation();
  const { user, openLogin } = useSession();
  const { detail: plans, failure } = useDetail<{ plans: PlanOffer[] }>('/api/monitoring/plans');
  return (
    <div className="ipci-container ipci-page ipci-stack ipci-monitoring-order" data-testid="monitoring-order-page">
      <h1 className="ipci-page-title">{t('monitoring.intro.title')}</h1>
      <p className="ipci-muted">{t('monitoring.intro.lead')}</p>
      <div className="ipci-monitoring-features">
        {FEATURES.map((f) => (
          <Card key={f.key} className="ipci-monitoring-feature" data-testid={`monitoring-feature-${f.key}`}>
            <h3>
              <Icon icon={f.icon} /> {t(`monitoring.intro.features.${f.key}.title`)}
            </h3>
            <p className="ipci-muted">{t(`monitoring.intro.features.${f.key}.text`)}</p>
          </Card>
        ))}
      </div>
      <Card>
        <h3 className="ipci-section-title">{t('monitoring.order.title')}</h3>
        {failure ? (
          <NonIdealState icon="error" title={t('failure.load')} />
        ) : !plans || user === undefined ? (
          <Spinner size={24} />
        ) : user === null ? (
          <>
            <PlanChoice plans={plans.plans} plan="" setPlan={openLogin} accepted={false} setAccepted={openLogin} />
            <div className="ipci-form-actions">
              <Button intent="primary" icon="log-in" text={t('monitoring.order.signIn')} onClick={openLogin} data-testid="monitoring-sign-in" />
            </div>
          </>
        ) : !user.roles.includes('user') ? (
          <NonIdealState icon="person" title={t('monitoring.order.usersOnly')} />
        ) : (
          <OrderForm plans={plans.plans} />
        )}
      </Card>
    </div>
  );
}

type OrderValues = Omit<MonitoringOrderInput, 'plan' | 'noRefundAccepted'> & { plan: MonitoringOrderInput['plan'] | ''; noRefundAccepted: boolean };

function OrderForm({ plans }: { plans: PlanOffer[] }) {
  const { t } = useTranslation();
  const lang = useLang();
  const site = useSitePath();
  const navigate = useNavigate();
  const [ipcis, setIpcis] = useState<MonitoringIpci[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    api
      .get<{ items: MonitoringIpci[] }>('/api/monitoring/ipcis', undefined, { quiet: true })
      .then((r) => live && setIpcis(r.items))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, []);
  if (failed) return <NonIdealState icon="error" title={t('failure.load')} />;
  if (!ipcis) return <Spinner size={24} />;
  if (ipcis.length === 0)
    return (
      <NonIdealState
        icon="badge"
        title={t('monitoring.order.noIpci')}
        action={
          <Link to={site('introduce')} className="bp6-button bp6-intent-primary">
            {t('monitoring.order.toRegister')}
          </Link>
        }
        data-testid="monitoring-no-ipci"
      />
    );
  const valid = ipcis.filter((i) => i.valid);
  const initial: OrderValues = { ipciId: valid.length === 1 ? valid[0].id : '', plan: '', noRefundAccepted: false };

  return (
    <CheckedForm<OrderValues>
      id="monitoring-order"
      schema={monitoringOrderSchema}
      initial={initial}
      submitText={t('monitoring.order.submit')}
      submitBlocked={() => valid.length === 0}
      onSubmit={async (values) => {
        const r = await api.post<OrderAnswer>('/api/monitoring/subscriptions', values);
        navigate(site(`usercenter/pay/${r.orderId}`));
      }}
    >
      {(form, { server, clear }) => {
        // No plan chosen yet reads as a request to choose one, not as an invalid value.
        const own = (name: keyof OrderValues) => (name === 'plan' && !form.values.plan ? t('monitoring.order.planRequired') : translateError(t, form.errors[name] as string));
        const error = (name: keyof OrderValues) => (form.submitCount > 0 && form.errors[name] ? own(name) : undefined) || server[name];
        const set = (name: keyof OrderValues, v: unknown) => {
          clear(name);
          void form.setFieldValue(name, v);
        };
        return (
          <>
            <FormGroup label={t('monitoring.order.ipci')} intent={error('ipciId') ? 'danger' : 'none'} helperText={error('ipciId')}>
              <div className="ipci-monitoring-ipcis" role="radiogroup" aria-label={t('monitoring.order.ipci')} data-testid="monitoring-ipcis">
                {ipcis.map((i) => (
                  <label key={i.id} className={`ipci-monitoring-ipci${i.valid ? '' : ' is-disabled'}${form.values.ipciId === i.id ? ' is-chosen' : ''}`} data-testid="monitoring-ipci">
                    <input type="radio" name="monitoring-ipci" value={i.id} checked={form.values.ipciId === i.id} disabled={!i.valid || form.isSubmitting} onChange={() => set('ipciId', i.id)} />
                    <span>
                      <strong>{ipNameIn(i.names, lang) || i.ipName}</strong>
                      <span className="ipci-muted"> · {formatIpciCode(i.code)}</span>
                      {!i.valid && (
                        <span className="ipci-monitoring-ipci-reason" data-testid="monitoring-ipci-reason">
                          {t(`monitoring.ipciReasons.${i.reason ?? 'ipciInvalid'}`, { defaultValue: t('monitoring.ipciReasons.ipciInvalid') })}
                        </span>
                      )}
                    </span>
                  </label>
                ))}
              </div>
            </FormGroup>
            <FormGroup label={t('monitoring.order.plan')} intent={error('plan') ? 'danger' : 'none'} helperText={error('plan')}>
              <PlanChoice plans={plans} plan={form.values.plan} setPlan={(p) => set('plan', p)} accepted={form.values.noRefundAccepted} setAccepted={(v) => set('noRefundAccepted', v)} disabled={form.isSubmitting} error={error('noRefundAccepted')} />
            </FormGroup>
          </>
        );
      }}
    </CheckedForm>
  );
}
