import { apiBase, Caller } from './http';

/** Pays an order at the sandbox gateway, as the hosted page's Pay button does. */
export async function payOrder(caller: Caller, orderId: string): Promise<void> {
  const r = await caller.post(`/api/orders/${orderId}/pay`, { method: 'quickPay', provider: 'sandbox' });
  expect(r.status).toBe(200);
  const res = await fetch(`${apiBase()}/sandbox-gateway/pay/${r.body.tradeNo}?lang=en-US`, { method: 'POST', redirect: 'manual' });
  expect(res.status).toBe(303);
}
