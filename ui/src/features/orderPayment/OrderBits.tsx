import { Callout, FormGroup, HTMLSelect, Tag, type Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { formatYuan } from '../../../../domain/money';
import { BILL_STATES, ORDER_STATE, SANDBOX_PROVIDER, type OrderState } from '../../../../domain/orders';
import { ipNameIn } from '../../../../domain/ipNames';
import type { OrderView } from './types';

const INTENT: Record<OrderState, Intent> = {
  [ORDER_STATE.unpaid]: 'warning',
  [ORDER_STATE.paid]: 'success',
  [ORDER_STATE.completed]: 'success',
  [ORDER_STATE.cancelled]: 'none',
  [ORDER_STATE.awaitingConfirmation]: 'primary',
};

/** What the order is for, in the reader's language when the user entered the IP's name in it. */
export function orderName(order: Pick<OrderView, 'name' | 'names'>, lang: string): string {
  return order.names ? ipNameIn(order.names, lang) : order.name;
}

export function OrderStateTag({ state }: { state: OrderState }) {
  const { t } = useTranslation();
  return (
    <Tag minimal intent={INTENT[state]} data-testid="order-state">
      {t(`orderLabels.state.${state}`, { ns: 'messages' })}
    </Tag>
  );
}

/** The built-in sandbox moves no money: every page that shows a payment through it says so. */
export function SandboxNotice({ provider }: { provider: string | null | undefined }) {
  const { t } = useTranslation();
  if (provider !== SANDBOX_PROVIDER) return null;
  return (
    <Callout intent="warning" icon="lab-test" data-testid="sandbox-notice">
      {t('pay.sandboxNotice')}
    </Callout>
  );
}

/** Spec part 2 §3: the counterpart of a platform fee is the platform itself (stored empty). */
export function counterpartOf(order: Pick<OrderView, 'counterpart'>, t: (k: string) => string): string {
  return order.counterpart || t('orders.platform');
}

export const yuan = (fen: number) => formatYuan(fen);

/** h:mm:ss left until `deadline`, or null once it has passed. */
export function timeLeft(deadline: string, now: number): string | null {
  const ms = Date.parse(deadline) - now;
  if (ms <= 0) return null;
  const s = Math.floor(ms / 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${Math.floor(s / 3600)}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}

/** The bill-state filter of the bills and the admin order list ('' = all). */
export function BillStateSelect({ id, value, onChange }: { id: string; value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  return (
    <FormGroup label={t('orders.billState')} labelFor={id} inline>
      <HTMLSelect id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{t('orders.all')}</option>
        {BILL_STATES.map((s) => (
          <option key={s} value={s}>
            {t(`orderLabels.billState.${s}`, { ns: 'messages' })}
          </option>
        ))}
      </HTMLSelect>
    </FormGroup>
  );
}
