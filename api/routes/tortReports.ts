import Router from '@koa/router';
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/client';
import type { Context, Middleware } from 'koa';
import sharp from 'sharp';
import { formatDateTime } from '../../domain/dates';
import { ipNameIn } from '../../domain/ipNames';
import type { Lang } from '../../domain/languages';
import { suspectReportSchema } from '../../domain/monitoring';
import type { ProtectionData } from '../../domain/protection';
import { isStaff } from '../../domain/roles';
import { deleteTortReportRow, insertTortReport, suspectForReport, toTortReportJson, tortReport, type SuspectForReport } from '../../db/tortReports';
import { toUploadJson } from '../../db/uploads';
import { evidenceUploads } from '../../activities/evidenceReport';
import { tortReport as tortReportWorkflow } from '../../workflows/tortReport';
import { CaseId, CaseKind, CaseState, OwnerUserId } from '../../workflows/lib/searchAttributes';
import { messageTranslator } from '../i18n';
import type { ApiDeps } from '../deps';
import { conflict, notFound } from '../errors';
import { envMs } from '../lib/envMs';
import { checkProtectionApplication, unprocessable } from '../lib/protectionApplication';
import { allow } from '../middleware/auth';
import { requireVerifiedIdentity } from '../middleware/identity';
import { validate } from '../middleware/validate';

/**
 * The protection application a report starts from, prefilled from the suspect and its evidence in the
 * reader's language: administrative help with the suspect's IPCI, the IP's name and introduction,
 * the page's title as the infringing work, the website as the infringer, the page as the scope, a
 * description summarising the evidence, and the evidence files as its proof.
 */
export function draftApplication(s: SuspectForReport, lang: Lang, proof: string[]): ProtectionData {
  const t = messageTranslator(lang);
  const names = { zh: s.ip_name_zh, en: s.ip_name_en, ja: s.ip_name_ja };
  const intro = ipNameIn({ zh: s.intro_zh ?? '', en: s.intro_en, ja: s.intro_ja }, lang);
  const ipName = ipNameIn(names, lang);
  const e = s.evidence;
  const line = (key: string, params: Record<string, unknown> = {}): string => t(`tortReport.draft.${key}`, params);
  const parts = [line('found', { detectedAt: formatDateTime(s.detected_at, lang, { zone: true }), work: ipName, website: s.website, pageUrl: s.page_url, number: s.number })];
  if (s.image_url && e.method === 'global' && e.distance !== undefined) parts.push(line('global', { imageUrl: s.image_url, distance: e.distance }));
  else if (s.image_url && e.method === 'local' && e.overlap !== undefined)
    parts.push(
      line('local', {
        imageUrl: s.image_url,
        overlap: Math.round(e.overlap * 100),
        inliers: e.inliers ?? 0,
        scale: (e.transform?.scale ?? 1).toFixed(2),
        rotation: (e.transform?.rotationDeg ?? 0).toFixed(1),
      }),
    );
  else if (s.image_url && e.kind !== 'keyword') parts.push(line('image', { imageUrl: s.image_url }));
  if (e.watermarkItemId) parts.push(line('watermark'));
  if (e.keywords?.length) parts.push(line('keywords', { keywords: e.keywords.join(lang === 'en-US' ? ', ' : '、') }));
  parts.push(line('snapshot', { fetchedAt: s.fetched_at ? formatDateTime(s.fetched_at, lang, { zone: true }) : '—', sha256: s.snapshot_sha256 ?? '—' }));
  const cut = (v: string, n: number) => (v.length > n ? v.slice(0, n) : v);
  return {
    kind: 'administrative',
    ipciId: s.ipci_id,
    ipName: cut(ipName, 200),
    // The registration's introduction; a registration always has one in some language.
    ipIntroduction: cut(intro || ipName, 5000),
    infringer: cut(s.website, 200),
    infringerType: '',
    infringingWork: cut(s.snapshot_title || s.work_title, 200),
    scope: cut(line('scope', { pageUrl: s.page_url }), 1000),
    infringerContact: '',
    infringerPhone: '',
    address: '',
    description: cut(parts.join('\n'), 5000),
    proof,
    supplementary: [],
    mailbox: '',
    lawFirmId: '',
  };
}

/** Picture types the copy is answered as; anything else the crawler kept is converted to PNG first. */
const SAFE_PICTURES: Record<string, string> = { jpeg: 'image/jpeg', png: 'image/png', gif: 'image/gif', webp: 'image/webp' };
const COPY_MAX_BYTES = 20 << 20;

/**
 * Reporting a suspected infringement (suspecttort "report"): the prefilled application and its
 * evidence files, the report itself (then the tortReport workflow), the report's state, and the copy
 * as found for staff reviewing it. Another user's suspect or report is a 404.
 */
export function tortReportRoutes({ db, temporal, cfg, store }: ApiDeps): Router {
  const user = allow('user');
  const verified = requireVerifiedIdentity(db);

  const loadOwnSuspect: Middleware = async (ctx, next) => {
    const s = await suspectForReport(db, ctx.params.id);
    if (!s || s.user_id !== ctx.state.user.id) throw notFound();
    if (s.state === 'reported') throw conflict('tortReport.alreadyReported');
    ctx.state.suspect = s;
    await next();
  };
  const suspectOf = (ctx: Context) => ctx.state.suspect as SuspectForReport;

  return new Router()
    .get('/api/suspects/:id/report-draft', user, loadOwnSuspect, async (ctx) => {
      const s = suspectOf(ctx);
      const uploads = await evidenceUploads(db, store, s, ctx.state.lang);
      ctx.body = { application: draftApplication(s, ctx.state.lang, uploads.map((u) => u.id)), uploads: Object.fromEntries(uploads.map((u) => [u.id, toUploadJson(u)])) };
    })
    .post('/api/suspects/:id/report', user, verified, loadOwnSuspect, validate(suspectReportSchema), async (ctx) => {
      const s = suspectOf(ctx);
      const me: string = ctx.state.user.id;
      const application: ProtectionData = ctx.state.input.application;
      // The report protects the IP the infringement was found for.
      if (application.ipciId !== s.ipci_id) throw unprocessable('application.ipciId', 'tortReport.ipciMismatch');
      await checkProtectionApplication(db, me, application);
      const row = await insertTortReport(db, { suspectId: s.id, userId: me, application });
      if (!row) throw conflict('tortReport.alreadyReported');
      try {
        await temporal.workflow.start(tortReportWorkflow, {
          taskQueue: cfg.taskQueue,
          workflowId: row.workflow_id,
          args: [{ reportId: row.id, suspectId: s.id, userId: me, number: s.number, slaOverrideMs: envMs('TORT_SLA_MS'), protectionSlaOverrideMs: envMs('PROTECTION_SLA_MS') }],
          typedSearchAttributes: [
            { key: CaseId, value: row.id },
            { key: CaseKind, value: 'tortReport' },
            { key: CaseState, value: 'review' },
            { key: OwnerUserId, value: me },
          ],
          memo: { title: `Report of suspected infringement ${s.number}` },
          staticSummary: `Report of suspected infringement ${s.number}`,
          staticDetails: `Tort report ${row.id} of user ${me} (suspect ${s.id}); its staff task lives in queue "tort".`,
        });
      } catch (err) {
        if (!(err instanceof WorkflowExecutionAlreadyStartedError)) {
          await deleteTortReportRow(db, row.id, s.state);
          throw err;
        }
      }
      ctx.status = 201;
      ctx.body = { report: toTortReportJson(row) };
    })
    .get('/api/tort-reports/:id', user, async (ctx) => {
      const row = await tortReport(db, ctx.params.id);
      if (!row || row.user_id !== ctx.state.user.id) throw notFound();
      ctx.body = { report: toTortReportJson(row) };
    })
    // Outside /api/admin: reviewers see the copy on the inbox task, the back office is admins' only.
    .get('/api/tort-reports/:id/copy', allow('user', 'reviewer', 'admin'), async (ctx) => {
      const row = await tortReport(db, ctx.params.id);
      if (!row || (row.user_id !== ctx.state.user.id && !isStaff(ctx.state.user.roles))) throw notFound();
      const s = await suspectForReport(db, row.suspect_id);
      const object = s?.copy_key ? await store.get(s.copy_key) : null;
      if (!object || object.size > COPY_MAX_BYTES) throw notFound();
      const chunks: Buffer[] = [];
      for await (const chunk of object.body) chunks.push(chunk as Buffer);
      let bytes: Buffer = Buffer.concat(chunks);
      let mime: string | undefined;
      try {
        mime = SAFE_PICTURES[(await sharp(bytes).metadata()).format ?? ''];
        if (!mime) [bytes, mime] = [await sharp(bytes).png().toBuffer(), 'image/png'];
      } catch {
        throw notFound();
      }
      // Crawled bytes: their checked type only, never sniffed into something the page would run.
      ctx.set('X-Content-Type-Options', 'nosniff');
      ctx.set('Cache-Control', 'private, max-age=3600');
      ctx.type = mime;
      ctx.body = bytes;
    });
}
