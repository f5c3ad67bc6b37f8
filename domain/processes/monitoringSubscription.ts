import type { ProcessModel } from './model';

/**
 * An infringement-monitoring subscription (domain/monitoring.ts): ordered → payment (orderPayment,
 * 24 h; offline remittance waits for finance) → active, crawled every 24 h, each crawl's new
 * suspects sent as one digest → paused while the IPCI is not valid → expired at the plan's end (the
 * user is told before and at expiry and may renew). An order left unpaid cancels the subscription.
 */
export const monitoringSubscription: ProcessModel = {
  kind: 'monitoringSubscription',
  steps: [
    { id: 'ordered', actor: 'user' },
    { id: 'payment', actor: 'user' },
    { id: 'active', actor: 'system' },
    { id: 'paused', actor: 'system' },
    { id: 'expired', actor: 'system', terminal: true },
    { id: 'cancelled', actor: 'system', terminal: true },
  ],
  transitions: [
    { from: 'ordered', to: 'payment' },
    { from: 'payment', to: 'active', on: 'paid' },
    { from: 'payment', to: 'cancelled', on: 'unpaid' },
    { from: 'active', to: 'paused', on: 'ipciInvalid' },
    { from: 'paused', to: 'active', on: 'ipciValid' },
    { from: 'active', to: 'expired', on: 'expiry' },
    { from: 'paused', to: 'expired', on: 'expiry' },
  ],
};
