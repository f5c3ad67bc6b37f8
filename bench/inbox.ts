import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { createDb } from '../db/connection';
import { insertTask } from '../db/tasks';
import { ApiClient, type InboxPage } from './lib/http';
import { BENCH_PASSWORD, createPersonalUsers, personalIdentity, SEED, seedTasks, smallPng } from './lib/fixtures';
import { temporalClient, timeline } from './lib/history';
import { runBench, type Stack } from './lib/stack';
import { ms, summarize, table, timed, type Summary } from './lib/stats';

/**
 * `npm run bench`: the inbox benchmark of the issue, against a platform of its own (bench/lib/stack.ts).
 *  - reads: with 10,000 open tasks, inbox pages through the API, p95 < 30 ms;
 *  - submit → task visible in the inbox through the API, p95 < 500 ms, next to a workflow-free
 *    baseline (the task row inserted directly) measured in the same run, and their ratio.
 * Exit code 1 when a target is missed. Sizes: BENCH_READS (200), BENCH_SUBMITS (10).
 */
const READS = Number(process.env.BENCH_READS ?? 200);
const WARMUP = 30;
const SUBMITS = Number(process.env.BENCH_SUBMITS ?? 10);
const READ_P95_MS = 30;
const VISIBLE_P95_MS = 500;
const POLL_MS = 10;
const VISIBLE_TIMEOUT_MS = 15_000;
/** The query a reviewer's identity inbox makes; the identity backlog fits in one page (fixtures.ts). */
const IDENTITY_INBOX = '/api/tasks?queue=identity&status=open&limit=100';

const sleep = (msecs: number) => new Promise((r) => setTimeout(r, msecs));
const log = (line: string) => console.log(`[bench] ${line}`);

interface Result {
  name: string;
  summary: Summary;
  target?: number;
}

async function run(stack: Stack) {
  const k = createDb(stack.databaseUrl, { min: 1, max: 4 });
  try {
    const staff = await k('users').whereIn('username', ['reviewer', 'admin']).select('id', 'username');
    const id = (name: string) => staff.find((u) => u.username === name)!.id as string;
    const seeded = await seedTasks(k, id('reviewer'), id('admin'));
    log(`seeded ${SEED.total} open/claimed tasks: ${Object.entries(seeded.byQueue).map(([q, n]) => `${q} ${n}`).join(', ')}; ${seeded.overdue} overdue, ${seeded.mine} claimed by the reviewer`);

    const reviewer = new ApiClient(stack.apiBase);
    await reviewer.login('reviewer', 'Reviewer#2026');
    const reads = await measureReads(reviewer);
    const { workflow, post, baseline, runs } = await measureVisibility(k, stack.apiBase, reviewer);
    const breakdown = await workflowBreakdown(stack, runs);
    return { reads, workflow, post, baseline, breakdown };
  } finally {
    await k.destroy();
  }
}

/** Inbox reads through the API, one request at a time, after a warm-up. */
async function measureReads(reviewer: ApiClient): Promise<Result[]> {
  const first = await reviewer.get<InboxPage>('/api/tasks');
  if (!first.next) throw new Error('the first inbox page has no next cursor: was the seed inserted?');
  const cases: [string, string][] = [
    ['first page          GET /api/tasks', '/api/tasks'],
    ['filtered page       ?queue=identity&overdue=true', '/api/tasks?queue=identity&overdue=true'],
    ['filtered, big queue ?queue=title&overdue=true', '/api/tasks?queue=title&overdue=true'],
    ['mine                ?mine=true', '/api/tasks?mine=true'],
    ['second page         ?after=<next>', `/api/tasks?after=${encodeURIComponent(first.next)}`],
  ];
  const results: Result[] = [];
  for (const [name, path] of cases) {
    const page = await reviewer.get<InboxPage>(path);
    if (!page.items.length) throw new Error(`${path} answered no tasks`);
    for (let i = 0; i < WARMUP; i++) await reviewer.get(path);
    const samples: number[] = [];
    for (let i = 0; i < READS; i++) samples.push((await timed(() => reviewer.get<InboxPage>(path))).ms);
    results.push({ name: `${name} (${page.items.length} rows)`, summary: summarize(samples), target: READ_P95_MS });
    log(`measured ${name.replace(/\s+/g, ' ')}`);
  }
  return results;
}

/** Polls the reviewer's identity inbox until the task of `caseId` shows; returns when it did. */
async function waitVisible(reviewer: ApiClient, caseId: string): Promise<number> {
  const deadline = performance.now() + VISIBLE_TIMEOUT_MS;
  for (;;) {
    const page = await reviewer.get<InboxPage>(IDENTITY_INBOX);
    if (page.items.some((t) => t.caseId === caseId)) return performance.now();
    // The whole identity backlog must fit on this page, or "not on it" would not mean "not there".
    if (page.next) throw new Error(`the identity inbox spans more than one page (${page.items.length}+ tasks)`);
    if (performance.now() > deadline) throw new Error(`task of case ${caseId} not visible after ${VISIBLE_TIMEOUT_MS} ms`);
    await sleep(POLL_MS);
  }
}

/**
 * Submit → visible. Each submitter is a fresh personal user (one certification per user) who has
 * already logged in and uploaded the ID photo, so only POST /api/identity is on the clock: from
 * sending it until the reviewer's inbox query returns the task (workflow start, its activities
 * writing the case event, the due date and the task row). The baseline is the same clock around a
 * plain insert of the task row plus the same polling: what the inbox costs without a workflow.
 * Samples alternate workflow / baseline so both see the same load; one of each is a warm-up.
 */
async function measureVisibility(k: Knex, base: string, reviewer: ApiClient) {
  const users = await createPersonalUsers(k, SUBMITS + 1);
  const png = await smallPng();
  const submitters = await Promise.all(users.map((u) => prepareSubmitter(base, u, png)));
  const workflow: number[] = [];
  const post: number[] = [];
  const baseline: number[] = [];
  const runs: WorkflowSample[] = [];
  for (const [i, s] of submitters.entries()) {
    const b = await baselineSample(k, reviewer);
    const w = await workflowSample(s, reviewer);
    if (i === 0) continue; // warm-up: first workflow on a fresh worker, first insert
    baseline.push(b);
    workflow.push(w.visible);
    post.push(w.post);
    runs.push(w);
  }
  log(`measured ${SUBMITS} submissions and ${SUBMITS} baseline inserts`);
  return { workflow: summarize(workflow), post: summarize(post), baseline: summarize(baseline), runs };
}

interface Submitter {
  client: ApiClient;
  data: ReturnType<typeof personalIdentity>;
}

async function prepareSubmitter(base: string, username: string, png: Buffer): Promise<Submitter> {
  const client = new ApiClient(base);
  await client.login(username, BENCH_PASSWORD);
  const form = new FormData();
  form.set('kind', 'idPhoto');
  form.set('file', new Blob([png], { type: 'image/png' }), 'id.png');
  const upload = await client.request<{ id: string }>('POST', '/api/uploads', form, 201);
  return { client, data: personalIdentity(username, upload.id) };
}

interface WorkflowSample {
  workflowId: string;
  /** Wall clock (epoch ms) when the POST was sent, to place the workflow's history events. */
  sentAt: number;
  post: number;
  visible: number;
}

async function workflowSample(s: Submitter, reviewer: ApiClient): Promise<WorkflowSample> {
  const sentAt = Date.now();
  const start = performance.now();
  const { certification } = await s.client.request<{ certification: { id: string; workflowId: string } }>('POST', '/api/identity', { kind: 'personal', data: s.data }, 201);
  const posted = performance.now();
  const visibleAt = await waitVisible(reviewer, certification.id);
  return { workflowId: certification.workflowId, sentAt, post: posted - start, visible: visibleAt - start };
}

/**
 * Where the workflow path spends its time, read afterwards from each workflow's history
 * (server timestamps, same machine): ms since the POST was sent, until the task row is written.
 */
async function workflowBreakdown(stack: Stack, runs: WorkflowSample[]): Promise<Result[]> {
  const client = await temporalClient(stack.temporalAddress, stack.namespace);
  try {
    const byStep = new Map<string, number[]>();
    const add = (step: string, v: number) => byStep.set(step, [...(byStep.get(step) ?? []), v]);
    for (const run of runs) {
      const { startedAt, steps } = await timeline(client, run.workflowId, 'createTask');
      add('workflow started', startedAt - run.sentAt);
      for (const [step, at] of steps) add(step, startedAt - run.sentAt + at);
      add('task seen by the inbox poll', run.visible);
    }
    return [...byStep].map(([name, samples]) => ({ name: `  ${name}`, summary: summarize(samples) }));
  } finally {
    await client.connection.close();
  }
}

async function baselineSample(k: Knex, reviewer: ApiClient): Promise<number> {
  const caseId = randomUUID();
  const taskId = `bench-baseline/${caseId}/review/1`;
  const now = new Date();
  const start = performance.now();
  await insertTask(k, {
    id: taskId,
    queue: 'identity',
    candidateRole: 'reviewer',
    caseKind: 'identityReview',
    caseId,
    workflowId: `bench-baseline/${caseId}`,
    step: 'review',
    title: 'Baseline task',
    subjectUserId: null,
    dueAt: new Date(now.getTime() + 7 * 86_400_000).toISOString(),
    dueProvisional: false,
    slaWorkingDays: 5,
    createdAt: now.toISOString(),
  });
  const visibleAt = await waitVisible(reviewer, caseId);
  await k('tasks').where({ id: taskId }).delete(); // keeps the identity backlog the same for the next sample
  return visibleAt - start;
}

function report({ reads, workflow, post, baseline, breakdown }: Awaited<ReturnType<typeof run>>) {
  const verdict = (r: Result) => (r.target === undefined ? '' : r.summary.p95 < r.target ? `PASS (<${r.target})` : `FAIL (≥${r.target})`);
  const row = (r: Result) => [r.name, String(r.summary.n), ms(r.summary.p50), ms(r.summary.p95), ms(r.summary.p99), ms(r.summary.max), verdict(r)];
  const head = ['case', 'n', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'p95 target'];
  const visibility: Result[] = [
    { name: 'submit → visible (identityReview workflow)', summary: workflow, target: VISIBLE_P95_MS },
    { name: '  of which POST /api/identity answered', summary: post },
    { name: 'baseline: plain insert → visible', summary: baseline },
  ];
  console.log(`\nInbox reads through the API, ${SEED.total} open tasks (sequential requests, ${WARMUP} warm-up each)\n`);
  console.log(table(head, reads.map(row)));
  console.log(`\nSubmit → task visible in the reviewer's inbox (${IDENTITY_INBOX}, polled every ${POLL_MS} ms)\n`);
  console.log(table(head, visibility.map(row)));
  console.log(`\nWorkflow path, ms since POST /api/identity was sent (from the workflows' histories)\n`);
  console.log(table(['step', 'n', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms'], breakdown.map((r) => row(r).slice(0, 6))));
  console.log(`\nratio workflow / baseline: p50 ${(workflow.p50 / baseline.p50).toFixed(1)}×, p95 ${(workflow.p95 / baseline.p95).toFixed(1)}×`);
  if (SUBMITS < 20) console.log(`(with n=${SUBMITS} < 20, the nearest-rank p95 is the slowest sample)`);
  const failed = [...reads, ...visibility].filter((r) => verdict(r).startsWith('FAIL'));
  console.log(failed.length ? `\nFAIL: ${failed.map((r) => r.name.trim()).join('; ')}` : '\nAll targets met.');
  if (failed.length) process.exitCode = 1;
}

void runBench(run, report);
