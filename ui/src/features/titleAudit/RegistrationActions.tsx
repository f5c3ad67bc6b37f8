import { useState } from 'react';
import { Button, Tag, type Intent } from '@blueprintjs/core';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { RegistrationState } from '../../../../domain/titleRegistration';
import { api, ApiError } from '../../api/client';
import type { TitleRegistrationView } from '../../api/types';
import { useSitePath } from '../../lib/useLang';
import { showToast } from '../../session/toaster';
import { GoButton } from '../../components/GoButton';
import { ConfirmAlert } from '../../components/ConfirmAlert';

const INTENT: Partial<Record<RegistrationState, Intent>> = {
  toAudit: 'primary',
  underAudit: 'primary',
  approved: 'success',
  failed: 'danger',
  pendingPayment: 'warning',
  paidAwaitingConfirmation: 'warning',
  paid: 'success',
  completed: 'success',
};

export function TitleStateTag({ state }: { state: RegistrationState }) {
  const { t } = useTranslation();
  return (
    <Tag minimal round intent={INTENT[state] ?? 'none'} data-testid="title-state">
      {t(`titleRegistration.state.${state}`)}
    </Tag>
  );
}

/**
 * The row's own actions (the API's `actions`, domain registrationActions): view, modify (the detail
 * page in modify mode), cancel after a confirmation, pay at the order's payment page.
 */
export function RegistrationActions({
  registration,
  onChanged,
  hideView,
}: {
  registration: Pick<TitleRegistrationView, 'id' | 'actions' | 'orderId' | 'state'>;
  /** The registration changed on the server (cancelled): the page reloads it. */
  onChanged: () => void;
  hideView?: boolean;
}) {
  const { t } = useTranslation();
  const site = useSitePath();
  const navigate = useNavigate();
  const [confirm, setConfirm] = useState(false);
  const [busy, setBusy] = useState(false);
  const detail = site(`usercenter/traceability/${registration.id}`);

  async function cancel() {
    setBusy(true);
    try {
      await api.post(`/api/title/registrations/${encodeURIComponent(registration.id)}/cancel`);
      showToast({ intent: 'success', icon: 'tick', message: t('titleRegistration.cancelled') });
      onChanged();
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      showToast({ intent: 'danger', icon: 'error', message: e.message || t('http.unavailable', { ns: 'errors' }) });
    } finally {
      setBusy(false);
      setConfirm(false);
    }
  }

  /** Approved without a live order (the last one lapsed): order again, then pay it. */
  async function reorder() {
    setBusy(true);
    try {
      const r = await api.post<{ orderId?: string; registration?: { orderId: string | null } }>(`/api/title/registrations/${encodeURIComponent(registration.id)}/order`);
      const orderId = r.orderId ?? r.registration?.orderId;
      if (orderId) navigate(site(`usercenter/pay/${orderId}`));
      else onChanged();
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      showToast({ intent: 'danger', icon: 'error', message: e.message || t('http.unavailable', { ns: 'errors' }) });
    } finally {
      setBusy(false);
    }
  }

  const payable = registration.actions.includes('pay');
  const liveOrder = registration.state === 'pendingPayment' && registration.orderId;
  return (
    <div className="ipci-title-row-actions">
      {registration.actions.includes('view') && !hideView && <GoButton size="small" icon="eye-open" text={t('titleRegistration.action.view')} to={detail} />}
      {registration.actions.includes('modify') && (
        <GoButton size="small" intent="primary" icon="edit" text={t('titleRegistration.action.modify')} to={`${detail}?modify=1`} />
      )}
      {payable && liveOrder && (
        <GoButton size="small" intent="success" icon="credit-card" text={t('titleRegistration.action.pay')} to={site(`usercenter/pay/${registration.orderId}`)} />
      )}
      {payable && !liveOrder && <Button size="small" intent="success" icon="credit-card" text={t('titleRegistration.action.pay')} loading={busy} onClick={() => void reorder()} />}
      {registration.actions.includes('cancel') && (
        <Button size="small" intent="danger" variant="outlined" icon="disable" text={t('titleRegistration.action.cancel')} loading={busy} onClick={() => setConfirm(true)} />
      )}
      <ConfirmAlert
        open={confirm}
        intent="danger"
        icon="disable"
        cancelText={t('titleRegistration.keep')}
        confirmText={t('titleRegistration.confirmCancel')}
        onCancel={() => setConfirm(false)}
        onConfirm={() => void cancel()}
        busy={busy}
      >
        <p>{t('titleRegistration.cancelQuestion')}</p>
      </ConfirmAlert>
    </div>
  );
}
