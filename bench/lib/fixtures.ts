import { hash } from '@node-rs/argon2';
import type { Knex } from 'knex';
import sharp from 'sharp';
import { IDENTITY_STATE } from '../../domain/identity';
import { ARGON2_OPTIONS } from '../../domain/password';
import { QUEUES } from '../../domain/tasks';

const DAY = 86_400_000;

/**
 * How the 10,000 open tasks are spread. The identity queue is the one the submit → visible
 * measurement polls (`queue=identity&status=open&limit=100`): its backlog is kept under one page
 * so a new identity task (due ~5 working days ahead, i.e. in the middle of the ±30-day spread)
 * is always on the first page, and one request per poll tells whether it is visible. A larger
 * identity backlog would put the task on page n of the cursor, and the latency measured would be
 * n requests per poll rather than the projection's delay. The other six queues share the rest.
 */
export const SEED = { total: 10_000, identityBacklog: 60 };

export interface SeededTasks {
  byQueue: Record<string, number>;
  mine: number;
  overdue: number;
}

/** Inserts SEED.total open or claimed tasks straight into the `tasks` projection, in batches. */
export async function seedTasks(k: Knex, reviewerId: string, adminId: string, now = Date.now()): Promise<SeededTasks> {
  const others = QUEUES.filter((q) => q !== 'identity');
  const byQueue: Record<string, number> = {};
  let mine = 0;
  let overdue = 0;
  const rows = Array.from({ length: SEED.total }, (_, i) => {
    const queue = i < SEED.identityBacklog ? 'identity' : others[i % others.length];
    // Deterministic spread over now ± 30 days (a fixed-stride walk, so runs are comparable).
    const dueAt = new Date(now - 30 * DAY + ((i * 7919) % SEED.total) * ((60 * DAY) / SEED.total));
    // 10% claimed by the reviewer, 5% by the admin, the rest open.
    const assignee = i % 10 === 3 ? { id: reviewerId, name: '李审' } : i % 20 === 7 ? { id: adminId, name: '王管' } : null;
    byQueue[queue] = (byQueue[queue] ?? 0) + 1;
    if (assignee?.id === reviewerId) mine++;
    if (dueAt.getTime() < now) overdue++;
    const caseId = `bench-${String(i).padStart(5, '0')}`;
    return {
      id: `bench/${queue}/${caseId}/review/1`,
      queue,
      candidate_role: 'reviewer',
      case_kind: queue === 'identity' ? 'identityReview' : `${queue}Review`,
      case_id: caseId,
      workflow_id: `bench/${queue}/${caseId}`,
      step: 'review',
      title: `Bench ${queue} case ${caseId}`,
      subject_user_id: null,
      status: assignee ? 'claimed' : 'open',
      assignee_id: assignee?.id ?? null,
      assignee_name: assignee?.name ?? null,
      due_at: dueAt,
      due_provisional: false,
      sla_working_days: 5,
      created_at: new Date(dueAt.getTime() - 7 * DAY),
    };
  });
  await k.batchInsert('tasks', rows, 1000);
  await k.raw('analyze tasks');
  return { byQueue, mine, overdue };
}

export const BENCH_PASSWORD = 'Bench#2026';

/** Personal users without a certification, created straight in the database. */
export async function createPersonalUsers(k: Knex, count: number): Promise<string[]> {
  const passwordHash = await hash(BENCH_PASSWORD, ARGON2_OPTIONS);
  const names = Array.from({ length: count }, (_, i) => `bench-person-${i}`);
  await k('users').insert(
    names.map((username, i) => ({ username, display_name: `测试用户${i}`, password_hash: passwordHash, kind: 'personal', roles: k.raw('?::text[]', [['user']]) })),
  );
  return names;
}

/** A small real PNG (it must decode: the API checks images with sharp). */
export function smallPng(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 40, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .png()
    .toBuffer();
}

/** Valid personal identity data (domain/identity.ts) for a mainland resident. */
export function personalIdentity(name: string, photoId: string) {
  return {
    name,
    nationality: 'CN',
    idNumber: '11010519491231002X',
    idFront: photoId,
    idBack: photoId,
    idValidUntil: `${new Date().getFullYear() + 10}-12-31`,
    phone: '13800138000',
  };
}

/** Marks a benchmark user as real-name verified (personal), as the identity review would. */
export async function certify(k: Knex, userId: string): Promise<void> {
  await k('identity_certifications').insert({ user_id: userId, kind: 'personal', state: IDENTITY_STATE.verified, data: {}, workflow_id: `bench/${userId}`, decided_at: k.fn.now() });
}
