import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { createDb } from '../db/connection';
import { completeTitleData } from '../tests/support/titleData';
import { ApiClient } from './lib/http';
import { bareWorkflows } from './lib/baseline';
import { closedLoop, until } from './lib/loop';
import { BENCH_PASSWORD, certify, createPersonalUsers } from './lib/fixtures';
import { temporalClient } from './lib/history';
import { runBench, type Stack } from './lib/stack';
import { laps, reportBesideBare } from './lib/stats';

/**
 * `npm run bench:lifecycle`: complete rights-confirmation lifecycles per second — submit → the
 * reviewer approves → sandbox payment (hosted page, signed asynchronous notification) → IPCI issued
 * with its signed certificate — driven through the API on the benchmark's own stack, next to a bare
 * workflow that runs the same number of no-op activities, in the same run and at the same
 * concurrency. Target: lifecycles/s at least 0.6 of the bare workflows/s. Exit code 1 when missed.
 * Sizes: BENCH_LIFECYCLES (40), BENCH_CONCURRENCY (8).
 */
const LIFECYCLES = Number(process.env.BENCH_LIFECYCLES ?? 40);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const WARMUP = 2;
const TARGET_RATIO = 0.6;

const log = (line: string) => console.log(`[bench] ${line}`);

interface Registration {
  registration: { id: string; state: string; orderId: string | null; ipci?: { id: string; code: string } | null };
}

/** A verified person with six colour images and a proof file on record, and a complete draft. */
async function prepareApplicants(k: Knex, apiBase: string, count: number): Promise<Array<{ client: ApiClient; draftId: string }>> {
  const names = (await createPersonalUsers(k, count)).map((n) => n);
  const users = await k('users').whereIn('username', names).select('id', 'username');
  const applicants = [];
  for (const u of users) {
    await certify(k, u.id);
    const upload = (kind: string, mime: string, ext: string) =>
      k('uploads')
        .insert({ owner_id: u.id, kind, mime, ext, size: '1024', width: 800, height: 500, original_name: `bench.${ext}`, storage_key: randomUUID() })
        .returning('id')
        .then(([r]) => r.id as string);
    const images = await Promise.all(Array.from({ length: 6 }, () => upload('ipImage', 'image/png', 'png')));
    const proof = await upload('proof', 'application/pdf', 'pdf');
    const client = new ApiClient(apiBase);
    await client.login(u.username, BENCH_PASSWORD);
    const { draft } = await client.request<{ draft: { id: string } }>('POST', '/api/title/drafts', { data: completeTitleData({ images, proof }, `基准作品 ${u.username}`), step: 'submit' }, 201);
    applicants.push({ client, draftId: draft.id });
  }
  return applicants;
}

/** Milliseconds spent in each step of the measured lifecycles, for the breakdown. */
const PHASES = ['submit', 'task visible + claim', 'approve', 'order created', 'payment started', 'gateway pay', 'IPCI issued'] as const;
const phaseSamples = new Map<string, number[]>(PHASES.map((p) => [p, []]));

/** One lifecycle through the API, as the applicant, a reviewer and the payment provider would run it. */
async function lifecycle(applicant: { client: ApiClient; draftId: string }, reviewer: ApiClient): Promise<number> {
  const { mark, total } = laps<(typeof PHASES)[number]>(phaseSamples);
  const { client, draftId } = applicant;
  const { registration } = await client.request<Registration>('POST', '/api/title/registrations', { draftId }, 201);
  mark('submit');
  const taskId = encodeURIComponent(`titleAudit/${registration.id}/review/1`);
  await until('the review task', () => reviewer.request('POST', `/api/tasks/${taskId}/claim`, {}).then(() => true, () => false));
  mark('task visible + claim');
  await reviewer.request('POST', `/api/tasks/${taskId}/complete`, { outcome: 'approve', reasons: {}, comment: '' });
  mark('approve');
  const orderId = await until('the order', () => client.get<Registration>(`/api/title/registrations/${registration.id}`).then((r) => r.registration.state === 'pendingPayment' && r.registration.orderId));
  mark('order created');
  const { redirectUrl } = await client.request<{ redirectUrl: string }>('POST', `/api/orders/${orderId}/pay`, { method: 'quickPay', provider: 'sandbox' });
  mark('payment started');
  // The hosted page's "Pay" button: the provider marks the trade paid and notifies the server on its own.
  const pay = await fetch(new URL(redirectUrl, client.base), { method: 'POST', redirect: 'manual' });
  if (pay.status !== 303) throw new Error(`sandbox pay: ${pay.status} ${await pay.text()}`);
  mark('gateway pay');
  let last: unknown;
  await until('the IPCI', () => client.get<Registration>(`/api/title/registrations/${registration.id}`).then((r) => ((last = r.registration), r.registration.state === 'completed' && r.registration.ipci))).catch(async (err) => {
    const order = await client.get(`/api/orders/${orderId}`).catch((e) => String(e));
    throw new Error(`${(err as Error).message}: registration ${JSON.stringify(last)}, order ${JSON.stringify(order)}`);
  });
  mark('IPCI issued');
  return total();
}

/** How many activities one lifecycle ran, over every workflow it started (read from the histories). */
async function activitiesPerLifecycle(stack: Stack, registrationId: string, code: string, ipciId: string, orderId: string): Promise<number> {
  const client = await temporalClient(stack.temporalAddress, stack.namespace);
  let count = 0;
  for (const id of [`titleAudit/${registrationId}`, `orderPayment/${orderId}`, `ipciLifecycle/${ipciId}`]) {
    const history = await client.workflow.getHandle(id).fetchHistory();
    count += (history.events ?? []).filter((e) => e.activityTaskScheduledEventAttributes).length;
  }
  log(`one lifecycle (IPCI ${code}) ran ${count} activities over titleAudit, orderPayment and ipciLifecycle`);
  await client.connection.close();
  return count;
}

async function run(stack: Stack) {
  const k = createDb(stack.databaseUrl, { min: 1, max: 4 });
  try {
    const reviewer = new ApiClient(stack.apiBase);
    await reviewer.login('reviewer', 'Reviewer#2026');
    const applicants = await prepareApplicants(k, stack.apiBase, LIFECYCLES + WARMUP);
    log(`${applicants.length} verified applicants with complete drafts`);

    for (const a of applicants.slice(0, WARMUP)) await lifecycle(a, reviewer);
    for (const samples of phaseSamples.values()) samples.length = 0;
    const sample = await k('title_registrations').where({ id: applicants[0].draftId }).first('id', 'ipci_id', 'current_order_id');
    const ipci = await k('ipcis').where({ id: sample.ipci_id }).first('code');
    const activities = await activitiesPerLifecycle(stack, sample.id, ipci.code, sample.ipci_id, sample.current_order_id);

    const full = await closedLoop(
      applicants.slice(WARMUP).map((a) => () => lifecycle(a, reviewer)),
      CONCURRENCY,
    );

    // The baseline: the same number of no-op activities in one bare workflow, on a worker of its own.
    const bare = await bareWorkflows(stack, activities, LIFECYCLES, CONCURRENCY, WARMUP);
    return { activities, full, bare };
  } finally {
    await k.destroy();
  }
}

function report({ activities, full, bare }: Awaited<ReturnType<typeof run>>) {
  const ratio = reportBesideBare({ unit: 'lifecycle', units: 'lifecycles', label: 'lifecycle (submit → IPCI issued)', concurrency: CONCURRENCY, activities, full, bare, phaseSamples, target: TARGET_RATIO });
  if (ratio < TARGET_RATIO) process.exitCode = 1;
}

void runBench(run, report);
