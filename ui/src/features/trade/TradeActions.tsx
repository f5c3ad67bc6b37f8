import { useState } from 'react';
import { AnchorButton, Button, Classes, Dialog, DialogBody, DialogFooter, FormGroup, Tag, TextArea, type IconName, type Intent } from '@blueprintjs/core';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { sellerDecisionSchema, type TradeAction } from '../../../../domain/trade';
import { api, ApiError } from '../../api/client';
import { translateError } from '../../lib/format';
import { useSitePath } from '../../lib/useLang';
import { validateWithSchema } from '../../lib/validate';
import { showToast } from '../../session/toaster';
import { EvaluateDialog } from './EvaluateDialog';
import type { TradeJson } from './types';
import { ConfirmAlert } from '../../components/ConfirmAlert';

/** A refused action (4xx): the server's message, in the reader's language. The client shows only 401, 5xx and network failures itself. */
export function refused(e: ApiError): void {
  if (e.status >= 400 && e.status < 500 && e.status !== 401) showToast({ intent: 'danger', icon: 'error', message: e.message });
}

/** The actions that first ask "are you sure?" (spec part 1 §4), with what they post. */
type Confirmed = 'agree' | 'cancel' | 'confirmCompletion' | 'delete';
const CONFIRM: Record<Confirmed, { intent: Intent; icon: IconName; call: (id: string) => Promise<unknown> }> = {
  agree: { intent: 'success', icon: 'tick', call: (id) => api.post(`/api/trades/${id}/decision`, { outcome: 'agree', reason: '' }) },
  cancel: { intent: 'warning', icon: 'disable', call: (id) => api.post(`/api/trades/${id}/cancel`) },
  confirmCompletion: { intent: 'success', icon: 'endorsed', call: (id) => api.post(`/api/trades/${id}/complete`) },
  delete: { intent: 'danger', icon: 'trash', call: (id) => api.delete(`/api/trades/${id}`) },
};

export interface TradeActionsProps {
  trade: TradeJson;
  /** The trade changed (reload it); `deleted` when it left the caller's list. */
  onChanged: (change?: { deleted?: boolean }) => void;
  /** On the detail page: no "view", and reply / counter-offer are the page's own forms. */
  onDetail?: boolean;
}

/**
 * The buttons a party has on a trade, as the API lists them (`trade.actions`, domain/tradeActions):
 * agree, cancel, completion and delete are confirmed first; reject asks for its reason; evaluating
 * opens the stars dialog; paying goes to the order's pay page.
 */
export function TradeActions({ trade, onChanged, onDetail }: TradeActionsProps) {
  const { t } = useTranslation();
  const site = useSitePath();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState<Confirmed | null>(null);
  const [rejecting, setRejecting] = useState(false);
  const [evaluating, setEvaluating] = useState(false);
  const [busy, setBusy] = useState(false);
  const has = (a: TradeAction) => trade.actions.includes(a);
  const id = encodeURIComponent(trade.id);
  const detail = site(`usercenter/tradedetail/${trade.id}`);
  const link = (to: string, text: string, icon: IconName, intent: Intent = 'none', testId?: string) => (
    <AnchorButton
      size="small"
      variant={intent === 'none' ? 'outlined' : undefined}
      intent={intent}
      icon={icon}
      text={text}
      href={to}
      data-testid={testId}
      onClick={(e: React.MouseEvent) => {
        e.preventDefault();
        navigate(to);
      }}
    />
  );

  async function run(action: Confirmed) {
    setConfirming(null);
    setBusy(true);
    try {
      await CONFIRM[action].call(id);
      showToast({ intent: 'success', icon: CONFIRM[action].icon, message: t(`trade.actions.done.${action}`) });
      onChanged(action === 'delete' ? { deleted: true } : undefined);
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      // Refused (e.g. a licence conflict, whose reasons the detail page lists): say why and show the trade as it is now.
      refused(e);
      onChanged();
    } finally {
      setBusy(false);
    }
  }

  /**
   * A contact-seller case continues: as a manual trade (the entrusted trade it became opens), or as
   * a self-service application that names this (now closed) case as its origin.
   */
  async function chooseContinue(as: 'selfService' | 'manual') {
    try {
      const r = await api.post<{ trade: TradeJson }>(`/api/trades/${id}/continue`, { as });
      if (as === 'manual') return navigate(site(`usercenter/tradedetail/${r.trade.id}`));
      navigate(site(`trade/autotrade?ipci=${encodeURIComponent(trade.ipci.id)}&from=${encodeURIComponent(trade.id)}`));
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      refused(e);
    }
  }

  const side = trade.side;
  const evaluated = side !== null && trade.state === 'completed' && trade.evaluated[side];
  return (
    <div className="ipci-trade-actions" data-testid="trade-actions">
      {!onDetail && has('view') && link(detail, t('trade.actions.view'), 'eye-open')}
      {has('payFee') && trade.orderId && link(site(`usercenter/pay/${trade.orderId}`), t('trade.actions.payFee'), 'credit-card', 'primary', 'pay-fee')}
      {has('agree') && <Button size="small" intent="success" icon="tick" text={t('trade.actions.agree')} loading={busy} onClick={() => setConfirming('agree')} />}
      {has('reject') && <Button size="small" intent="danger" variant="outlined" icon="cross" text={t('trade.actions.reject')} onClick={() => setRejecting(true)} />}
      {!onDetail && has('counterOffer') && link(`${detail}#counter`, t('trade.actions.counterOffer'), 'exchange')}
      {!onDetail && has('answerCounter') && link(`${detail}#counter`, t('trade.actions.answerCounter'), 'exchange', 'primary')}
      {has('resubmit') && link(site(`trade/autotrade?ipci=${encodeURIComponent(trade.ipci.id)}&trade=${encodeURIComponent(trade.id)}`), t('trade.actions.resubmit'), 'edit', 'primary')}
      {has('confirmCompletion') && <Button size="small" intent="primary" icon="endorsed" text={t('trade.actions.confirmCompletion')} loading={busy} onClick={() => setConfirming('confirmCompletion')} />}
      {has('continue') && (
        <>
          <Button size="small" intent="primary" icon="shopping-cart" text={t('trade.actions.continueSelfService')} onClick={() => void chooseContinue('selfService')} />
          <Button size="small" variant="outlined" icon="people" text={t('trade.actions.continueManual')} onClick={() => void chooseContinue('manual')} />
        </>
      )}
      {!onDetail && has('reply') && link(`${detail}#reply`, t('trade.actions.reply'), 'chat')}
      {has('evaluate') && <Button size="small" intent="primary" variant="outlined" icon="star" text={t('trade.actions.evaluate')} onClick={() => setEvaluating(true)} />}
      {evaluated && (
        <Tag minimal intent="success" icon="star" data-testid="evaluated">
          {t('trade.actions.evaluated')}
        </Tag>
      )}
      {has('cancel') && <Button size="small" variant="outlined" icon="disable" text={t('trade.actions.cancel')} onClick={() => setConfirming('cancel')} />}
      {has('delete') && <Button size="small" variant="outlined" intent="danger" icon="trash" text={t('trade.actions.delete')} onClick={() => setConfirming('delete')} />}
      <ConfirmAlert
        open={confirming !== null}
        intent={confirming ? CONFIRM[confirming].intent : 'none'}
        icon={confirming ? CONFIRM[confirming].icon : undefined}
        cancelText={t('trade.actions.keep')}
        confirmText={confirming ? t(`trade.actions.${confirming}`) : ''}
        onCancel={() => setConfirming(null)}
        onConfirm={() => confirming && void run(confirming)}
      >
        <p data-testid="confirm-question">{confirming && t(`trade.actions.question.${confirming}`)}</p>
      </ConfirmAlert>
      {rejecting && <RejectDialog tradeId={trade.id} onClose={() => setRejecting(false)} onDone={() => (setRejecting(false), onChanged())} />}
      {evaluating && <EvaluateDialog trade={trade} onClose={() => setEvaluating(false)} onDone={() => (setEvaluating(false), onChanged())} />}
    </div>
  );
}

/** Rejecting names its reason (domain sellerDecisionSchema), then confirms in the same dialog. */
function RejectDialog({ tradeId, onClose, onDone }: { tradeId: string; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit() {
    const body = { outcome: 'reject', reason };
    const errors = await validateWithSchema(sellerDecisionSchema, body);
    if (errors.reason) return setError(translateError(t, errors.reason));
    setBusy(true);
    try {
      await api.post(`/api/trades/${encodeURIComponent(tradeId)}/decision`, body);
      showToast({ intent: 'success', icon: 'cross', message: t('trade.actions.done.reject') });
      onDone();
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      setError(e.fields?.reason ?? e.message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog isOpen title={t('trade.actions.rejectTitle')} icon="cross" onClose={onClose} className="ipci-trade-dialog">
      <DialogBody>
        <p>{t('trade.actions.question.reject')}</p>
        <FormGroup label={t('trade.fields.rejectReason')} labelFor="trade-reject-reason" intent={error ? 'danger' : 'none'} helperText={error && <span role="alert">{error}</span>}>
          <TextArea
            id="trade-reject-reason"
            fill
            rows={4}
            value={reason}
            intent={error ? 'danger' : 'none'}
            onChange={(e) => {
              setError(null);
              setReason(e.target.value);
            }}
          />
        </FormGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button className={Classes.MINIMAL} text={t('trade.actions.keep')} onClick={onClose} />
            <Button intent="danger" icon="cross" text={t('trade.actions.reject')} loading={busy} onClick={() => void submit()} />
          </>
        }
      />
    </Dialog>
  );
}
