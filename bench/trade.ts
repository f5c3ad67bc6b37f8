import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { createDb } from '../db/connection';
import { listedIp } from '../tests/support/catalogue';
import { selfServiceApplication } from '../tests/support/tradeData';
import { bareWorkflows } from './lib/baseline';
import { BENCH_PASSWORD, certify, createPersonalUsers } from './lib/fixtures';
import { temporalClient } from './lib/history';
import { ApiClient } from './lib/http';
import { closedLoop, until } from './lib/loop';
import { runBench, type Stack } from './lib/stack';
import { laps, reportBesideBare } from './lib/stats';

/**
 * `npm run bench:trade`: full self-service trades per second through the API — the buyer applies →
 * staff approve the platform check → the seller agrees (licence conflict check, fee order) → the
 * buyer pays the service fee at the sandbox gateway (hosted page, signed notification) → the buyer
 * confirms completion (trade record and licence written) — next to a bare workflow running the same
 * number of no-op activities, in the same run and at the same concurrency.
 * Sizes: BENCH_TRADES (40), BENCH_CONCURRENCY (8).
 */
const TRADES = Number(process.env.BENCH_TRADES ?? 40);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const WARMUP = 2;

const log = (line: string) => console.log(`[bench] ${line}`);

interface Detail {
  trade: { id: string; step: string; state: string; orderId: string | null };
}

interface Party {
  id: string;
  client: ApiClient;
}

/** Verified users signed in over the API; the first is the seller of one listed IP, the rest buyers with a proposal on record. */
async function prepare(k: Knex, apiBase: string, buyers: number) {
  const names = await createPersonalUsers(k, buyers + 1);
  const users = await k('users').whereIn('username', names).orderBy('username').select('id', 'username');
  const parties: Array<Party & { proposal: string }> = [];
  for (const u of users) {
    await certify(k, u.id);
    const [{ id: proposal }] = await k('uploads')
      .insert({ owner_id: u.id, kind: 'proof', mime: 'application/pdf', ext: 'pdf', size: '1024', original_name: 'plan.pdf', storage_key: randomUUID() })
      .returning('id');
    const client = new ApiClient(apiBase);
    await client.login(u.username, BENCH_PASSWORD);
    parties.push({ id: u.id, client, proposal });
  }
  const [seller, ...rest] = parties;
  const ip = await listedIp(seller.id, {}, k);
  return { seller, buyers: rest, ipciId: ip.id };
}

const PHASES = ['apply', 'check approved', 'seller agrees (fee order)', 'payment started', 'gateway pay', 'paid (in progress)', 'completed'] as const;
const phaseSamples = new Map<string, number[]>(PHASES.map((p) => [p, []]));

/** One trade through the API, as buyer, staff, seller and the payment provider would run it. */
async function trade(buyer: Party & { proposal: string }, seller: Party, reviewer: ApiClient, ipciId: string): Promise<{ ms: number; id: string; orderId: string }> {
  const { mark, total } = laps<(typeof PHASES)[number]>(phaseSamples);
  const { trade: created } = await buyer.client.request<Detail>('POST', '/api/trades/selfservice', selfServiceApplication(ipciId, buyer.proposal, { description: 'Benchmark licence for mugs' }), 201);
  mark('apply');
  const taskId = encodeURIComponent(`tradeOrder/${created.id}/platformCheck/1`);
  await until('the check task', () => reviewer.request('POST', `/api/tasks/${taskId}/claim`, {}).then(() => true, () => false));
  await reviewer.request('POST', `/api/tasks/${taskId}/complete`, { outcome: 'approve', reasons: {}, comment: '' });
  await until('the seller decision step', () => seller.client.get<Detail>(`/api/trades/${created.id}`).then((d) => d.trade.step === 'sellerDecision'));
  mark('check approved');
  const agreed = await seller.client.request<Detail>('POST', `/api/trades/${created.id}/decision`, { outcome: 'agree', reason: '' });
  const orderId = agreed.trade.orderId!;
  mark('seller agrees (fee order)');
  const { redirectUrl } = await buyer.client.request<{ redirectUrl: string }>('POST', `/api/orders/${orderId}/pay`, { method: 'quickPay', provider: 'sandbox' });
  mark('payment started');
  const pay = await fetch(new URL(redirectUrl, buyer.client.base), { method: 'POST', redirect: 'manual' });
  if (pay.status !== 303) throw new Error(`sandbox pay: ${pay.status} ${await pay.text()}`);
  mark('gateway pay');
  await until('the paid trade', () => buyer.client.get<Detail>(`/api/trades/${created.id}`).then((d) => d.trade.step === 'inProgress'));
  mark('paid (in progress)');
  await buyer.client.request<Detail>('POST', `/api/trades/${created.id}/complete`, {});
  mark('completed');
  return { ms: total(), id: created.id, orderId };
}

/** How many activities one trade ran over tradeOrder and its orderPayment (read from the histories). */
async function activitiesPerTrade(stack: Stack, tradeId: string, orderId: string): Promise<number> {
  const client = await temporalClient(stack.temporalAddress, stack.namespace);
  let count = 0;
  for (const id of [`tradeOrder/${tradeId}`, `orderPayment/${orderId}`]) {
    const history = await client.workflow.getHandle(id).fetchHistory();
    count += (history.events ?? []).filter((e) => e.activityTaskScheduledEventAttributes).length;
  }
  await client.connection.close();
  log(`one trade ran ${count} activities over tradeOrder and orderPayment`);
  return count;
}

async function run(stack: Stack) {
  const k = createDb(stack.databaseUrl, { min: 1, max: 4 });
  try {
    const reviewer = new ApiClient(stack.apiBase);
    await reviewer.login('reviewer', 'Reviewer#2026');
    const { seller, buyers, ipciId } = await prepare(k, stack.apiBase, TRADES + WARMUP);
    log(`${buyers.length} verified buyers, one seller with a listed IP`);

    let sample = { id: '', orderId: '' };
    for (const b of buyers.slice(0, WARMUP)) sample = await trade(b, seller, reviewer, ipciId);
    for (const samples of phaseSamples.values()) samples.length = 0;
    const activities = await activitiesPerTrade(stack, sample.id, sample.orderId);

    const full = await closedLoop(
      buyers.slice(WARMUP).map((b) => async () => (await trade(b, seller, reviewer, ipciId)).ms),
      CONCURRENCY,
    );
    const bare = await bareWorkflows(stack, activities, TRADES, CONCURRENCY, WARMUP);
    return { activities, full, bare };
  } finally {
    await k.destroy();
  }
}

function report({ activities, full, bare }: Awaited<ReturnType<typeof run>>) {
  reportBesideBare({ unit: 'trade', units: 'trades', label: 'self-service trade (apply → completed)', concurrency: CONCURRENCY, activities, full, bare, phaseSamples });
}

void runBench(run, report);
