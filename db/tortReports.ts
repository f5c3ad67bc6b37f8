import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { MatchEvidence, MatchKind, SuspectState } from '../domain/monitoring';
import type { TortReportState } from '../domain/monitoringAdmin';
import type { ProtectionData } from '../domain/protection';
import { insertProtectionCase } from './protection';
import { keysetPage, newestFirst, type KeysetRequest } from './keyset';

/**
 * Reports of suspected infringements (table tort_reports, migration 029), run by the tortReport
 * workflow (`tortReport/<id>`): the protection application the user sent from the evidence, staff's
 * decision in the `tort` queue and, once confirmed, the protection case it became.
 */

export const tortWorkflowId = (id: string) => `tortReport/${id}`;

export interface TortReportRow {
  id: string;
  suspect_id: string;
  user_id: string;
  application: ProtectionData;
  state: TortReportState;
  reason: string | null;
  comment: string | null;
  protection_case_id: string | null;
  workflow_id: string;
  created_at: Date;
  decided_at: Date | null;
  /** Joined from the suspect. */
  suspect_number: string;
}

export interface TortReportJson {
  id: string;
  suspectId: string;
  suspectNumber: string;
  state: TortReportState;
  reason: string | null;
  comment: string | null;
  protectionCaseId: string | null;
  createdAt: string;
  decidedAt: string | null;
  application: ProtectionData;
}

const select = (k: Knex) => k('tort_reports as r').join('suspects as s', 's.id', 'r.suspect_id').select('r.*', 's.number as suspect_number');

export function tortReport(k: Knex, id: string): Promise<TortReportRow | undefined> {
  return select(k).where('r.id', id).first();
}

export function toTortReportJson(r: TortReportRow): TortReportJson {
  return {
    id: r.id,
    suspectId: r.suspect_id,
    suspectNumber: r.suspect_number,
    state: r.state,
    reason: r.reason,
    comment: r.comment,
    protectionCaseId: r.protection_case_id,
    createdAt: r.created_at.toISOString(),
    decidedAt: r.decided_at?.toISOString() ?? null,
    application: r.application,
  };
}

/**
 * Files the report and marks its suspect reported, in one transaction; null when the suspect was
 * reported already (or is not the user's any more): one report per suspect (tort_reports.suspect_id
 * is unique), so a double submit cannot start two reviews.
 */
export async function insertTortReport(k: Knex, r: { suspectId: string; userId: string; application: ProtectionData }): Promise<TortReportRow | null> {
  const id = randomUUID();
  const inserted = await k.transaction(async (trx) => {
    const marked = await trx('suspects')
      .where({ id: r.suspectId, user_id: r.userId })
      .whereNot('state', 'reported')
      .update({ state: 'reported', state_changed_at: trx.fn.now() });
    if (!marked) return false;
    await trx('tort_reports').insert({ id, suspect_id: r.suspectId, user_id: r.userId, application: JSON.stringify(r.application), workflow_id: tortWorkflowId(id) });
    return true;
  });
  return inserted ? ((await tortReport(k, id)) ?? null) : null;
}

/** Only for a workflow that could not be started: the report never existed, the suspect is as it was. */
export async function deleteTortReportRow(k: Knex, id: string, suspectState: SuspectState): Promise<void> {
  await k.transaction(async (trx) => {
    const row = await trx('tort_reports').where({ id }).first('suspect_id');
    if (!row) return;
    await trx('tort_reports').where({ id }).delete();
    await trx('suspects').where({ id: row.suspect_id }).update({ state: suspectState, state_changed_at: trx.fn.now() });
  });
}

/*
 * What a report is made from: the suspect with its evidence, the IPCI it was found for, the
 * comparison picture it matched and the copy as found.
 */

export interface SuspectForReport {
  id: string;
  number: string;
  user_id: string;
  subscription_id: string;
  ipci_id: string;
  state: SuspectState;
  match_kind: MatchKind;
  work_title: string;
  website: string;
  page_url: string;
  image_url: string;
  evidence: MatchEvidence;
  snapshot_sha256: string | null;
  snapshot_title: string;
  snapshot_text: string;
  fetched_at: Date | null;
  detected_at: Date;
  /** The IPCI. */
  code: string;
  ip_name_zh: string;
  ip_name_en: string;
  ip_name_ja: string;
  /** The title registration's introductions (data.introZh / introEn / introJa). */
  intro_zh: string | null;
  intro_en: string | null;
  intro_ja: string | null;
  /** The comparison picture's upload (the original), when a picture matched. */
  original_upload_id: string | null;
  original_key: string | null;
  original_mime: string | null;
  /** The copy as the crawler stored it. */
  copy_key: string | null;
  copy_sha256: string | null;
  copy_width: number | null;
  copy_height: number | null;
}

export function suspectForReport(k: Knex, id: string): Promise<SuspectForReport | undefined> {
  return k('suspects as s')
    .join('ipcis as i', 'i.id', 's.ipci_id')
    .join('title_registrations as t', 't.id', 'i.registration_id')
    .leftJoin('monitoring_pictures as p', 'p.id', 's.picture_id')
    .leftJoin('uploads as u', 'u.id', 'p.upload_id')
    .leftJoin('crawl_images as c', 'c.id', 's.image_id')
    .where('s.id', id)
    .first(
      's.id',
      's.number',
      's.user_id',
      's.subscription_id',
      's.ipci_id',
      's.state',
      's.match_kind',
      's.work_title',
      's.website',
      's.page_url',
      's.image_url',
      's.evidence',
      's.snapshot_sha256',
      's.snapshot_title',
      's.snapshot_text',
      's.fetched_at',
      's.detected_at',
      'i.code',
      'i.ip_name_zh',
      'i.ip_name_en',
      'i.ip_name_ja',
      k.raw("t.data->>'introZh' as intro_zh"),
      k.raw("t.data->>'introEn' as intro_en"),
      k.raw("t.data->>'introJa' as intro_ja"),
      'p.upload_id as original_upload_id',
      'u.storage_key as original_key',
      'u.mime as original_mime',
      'c.thumbnail_key as copy_key',
      'c.sha256 as copy_sha256',
      'c.width as copy_width',
      'c.height as copy_height',
    );
}

/** The report of a suspect, if it was reported. */
export function reportOfSuspect(k: Knex, suspectId: string): Promise<TortReportRow | undefined> {
  return select(k).where('r.suspect_id', suspectId).first();
}

/*
 * Back office (admin tort): every report with its reporter, state filter, search by suspect number
 * or reporter's user name; newest first (indexes tort_reports_all / tort_reports_state).
 */

export type AdminTortRow = TortReportRow & { username: string; display_name: string; website: string; work_title: string; page_url: string };

export function adminTortReports(k: Knex, q: KeysetRequest & { state?: string; q?: string }) {
  const query = select(k)
    .join('users as u', 'u.id', 'r.user_id')
    .select('u.username', 'u.display_name', 's.website', 's.work_title', 's.page_url');
  if (q.state) query.where('r.state', q.state);
  if (q.q) query.where((w) => w.where('s.number', q.q!.toUpperCase()).orWhereRaw('lower(u.username) = ?', [q.q!.toLowerCase()]));
  return keysetPage<AdminTortRow>(query, newestFirst('r.created_at', 'r.id'), q);
}

/*
 * Workflow writes (activities/tortReport.ts): each guarded by state, so a retry changes nothing twice.
 */

/**
 * The confirmed report's protection case: the application becomes a case exactly as the protection
 * form's does (db/protection insertProtectionCase), once — a retried activity finds the case it made.
 */
export async function confirmTortReport(k: Knex, id: string): Promise<{ caseId: string; workflowId: string; code: string; kind: ProtectionData['kind']; userId: string }> {
  return k.transaction(async (trx) => {
    const report = await trx('tort_reports').where({ id }).forUpdate().first();
    if (!report) throw new Error(`no tort report ${id}`);
    let caseId: string = report.protection_case_id;
    if (!caseId) {
      caseId = (await insertProtectionCase(trx, report.user_id, report.application)).id;
      await trx('tort_reports').where({ id }).update({ state: 'caseStarted', protection_case_id: caseId, decided_at: trx.fn.now() });
    }
    const c = await trx('protection_cases as c').join('ipcis as i', 'i.id', 'c.ipci_id').where('c.id', caseId).first('c.workflow_id', 'c.kind', 'i.code');
    return { caseId, workflowId: c.workflow_id, code: c.code, kind: c.kind, userId: report.user_id };
  });
}

export async function dismissTortReport(k: Knex, id: string, reason: string, comment: string): Promise<void> {
  await k('tort_reports').where({ id, state: 'review' }).update({ state: 'dismissed', reason, comment: comment || null, decided_at: k.fn.now() });
}

/** What staff and the reporter see of the suspect a report is about (the inbox subject, the back office). */
export function toReportedSuspectJson(s: SuspectForReport) {
  return {
    id: s.id,
    number: s.number,
    workTitle: s.work_title,
    website: s.website,
    pageUrl: s.page_url,
    imageUrl: s.image_url,
    matchKind: s.match_kind,
    evidence: s.evidence,
    detectedAt: s.detected_at.toISOString(),
    originalUploadId: s.original_upload_id,
    hasCopy: s.copy_key !== null,
    snapshot: { title: s.snapshot_title, text: s.snapshot_text, sha256: s.snapshot_sha256, fetchedAt: s.fetched_at?.toISOString() ?? null },
  };
}
