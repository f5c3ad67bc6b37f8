import type { Client } from '@temporalio/client';
import { randomUUID } from 'node:crypto';
import { makeIpciCode } from '../../domain/ipci';
import { ipciLifecycle } from '../../workflows/ipciLifecycle';
import { CaseId, CaseKind, CaseState, IpciCode, OwnerUserId } from '../../workflows/lib/searchAttributes';
import { testDb } from './http';

/**
 * Certificates as the title audit leaves them, written directly so that the IPCI list and its
 * lifecycle are tested without going through audit and payment each time.
 */
export const IP_NAMES = { zh: '山海图', en: 'Mountains and Seas', ja: '山海図' };

/** A registration of the user in `state` (pendingPayment rows show in the IPCI list with a pay link). */
export async function titleRegistrationRow(userId: string, state: string, over: Record<string, unknown> = {}): Promise<string> {
  const id = randomUUID();
  await testDb()('title_registrations').insert({
    id,
    user_id: userId,
    mode: 'first',
    state,
    data: JSON.stringify({ holder: '张三', ipCategory: 'painting', ipCountry: 'CN', cover: randomUUID() }),
    ip_name_zh: IP_NAMES.zh,
    ip_name_en: IP_NAMES.en,
    ip_name_ja: IP_NAMES.ja,
    workflow_id: `titleAudit/${id}`,
    ...over,
  });
  return id;
}

/** An issued IPCI row (as issueIpci writes it) with a test serial from the real sequence; no workflow. */
export async function ipciRow(userId: string, over: Record<string, unknown> = {}) {
  const registrationId = await titleRegistrationRow(userId, 'completed');
  const { rows } = await testDb().raw(`select nextval('ipci_serial_seq') as serial`);
  const code = makeIpciCode(new Date().getFullYear(), Number(rows[0].serial));
  const id = randomUUID();
  await testDb()('ipcis').insert({
    id,
    code,
    registration_id: registrationId,
    user_id: userId,
    kind: 'first',
    holder: '张三',
    ip_name_zh: IP_NAMES.zh,
    ip_name_en: IP_NAMES.en,
    ip_name_ja: IP_NAMES.ja,
    workflow_id: `ipciLifecycle/${id}`,
    ...over,
  });
  await testDb()('title_registrations').where({ id: registrationId }).update({ ipci_id: id });
  return { id, code, registrationId };
}

/** An issued IPCI with its lifecycle workflow started the way titleAudit starts it. */
export async function issuedIpci(temporal: Client, userId: string, over: Record<string, unknown> = {}, operationsPerRun?: number) {
  const row = await ipciRow(userId, over);
  return { ...row, handle: await startIpciLifecycle(temporal, userId, row, operationsPerRun) };
}

/** Starts the lifecycle workflow of an IPCI row written directly (it publishes the listing, as on issue). */
export function startIpciLifecycle(temporal: Client, userId: string, row: { id: string; code: string }, operationsPerRun?: number) {
  return temporal.workflow.start(ipciLifecycle, {
    taskQueue: process.env.TEMPORAL_TASK_QUEUE!,
    workflowId: `ipciLifecycle/${row.id}`,
    args: [{ ipciId: row.id, userId, code: row.code, operationsPerRun }],
    typedSearchAttributes: [
      { key: CaseId, value: row.id },
      { key: CaseKind, value: 'ipciLifecycle' },
      { key: CaseState, value: 'completed' },
      { key: OwnerUserId, value: userId },
      { key: IpciCode, value: row.code },
    ],
  });
}
