import Router from '@koa/router';
import type { Context } from 'koa';
import { crawlSiteSchema } from '../../domain/monitoring';
import { adminSubscriptionQuerySchema, adminTortQuerySchema, crawlFetchQuerySchema, crawlRunQuerySchema } from '../../domain/monitoringAdmin';
import { crawlSiteById, crawlSites, deleteCrawlSite, insertCrawlSite, toCrawlSiteJson, updateCrawlSite, type CrawlSiteWrite } from '../../db/crawlSites';
import { adminSubscriptions, crawlFetches, crawlRuns } from '../../db/monitoringAdmin';
import { adminTortReports, suspectForReport, toReportedSuspectJson, toTortReportJson, tortReport } from '../../db/tortReports';
import { findUploads, toUploadJson } from '../../db/uploads';
import { findUser } from '../../db/users';
import { workflowUrl } from '../../temporal/config';
import type { ApiDeps } from '../deps';
import { HttpError, notFound } from '../errors';
import { allow, allowElement } from '../middleware/auth';
import { validate } from '../middleware/validate';

/**
 * The monitoring back office (admin): reports of suspected infringements (`tort`; staff decide them
 * in the inbox's tort queue, the audit page shows the evidence and links the task), the crawl runs,
 * the crawler's site list (edited whole: a handful of rows), each site's fetch log, and every subscription.
 */
export function monitoringAdminRoutes({ db, cfg }: ApiDeps): Router {
  const tort = [allow('admin'), allowElement('admin.tort.manage')] as const;
  const monitoring = [allow('admin'), allowElement('admin.monitoring.view')] as const;
  const sites = [allow('admin'), allowElement('admin.crawlSites.manage')] as const;
  /** A site's answer: 409 on the start URL when another site starts there, 404 when there is no such site. */
  const written = (ctx: Context, row: CrawlSiteWrite | undefined) => {
    if (!row) throw notFound();
    if (row === 'duplicate') throw new HttpError(409, 'conflict', 'monitoringAdmin.siteDuplicate', {}, { startUrl: { key: 'monitoringAdmin.siteDuplicate' } });
    ctx.body = { site: toCrawlSiteJson(row) };
  };

  return new Router()
    .get('/api/admin/tort-reports', ...tort, validate(adminTortQuerySchema, 'query'), async (ctx) => {
      const { rows, next } = await adminTortReports(db, ctx.state.input);
      ctx.body = {
        items: rows.map((r) => ({
          ...toTortReportJson(r),
          reporter: { id: r.user_id, username: r.username, displayName: r.display_name },
          website: r.website,
          workTitle: r.work_title,
          pageUrl: r.page_url,
        })),
        next,
      };
    })
    .get('/api/admin/tort-reports/:id', ...tort, async (ctx) => {
      const report = await tortReport(db, ctx.params.id);
      if (!report) throw notFound();
      const [suspect, reporter, uploads, task] = await Promise.all([
        suspectForReport(db, report.suspect_id),
        findUser(db, report.user_id),
        findUploads(db, [...new Set([...report.application.proof, ...report.application.supplementary])]),
        db('tasks').where({ case_kind: 'tortReport', case_id: report.id }).whereIn('status', ['open', 'claimed']).first('id', 'step', 'status'),
      ]);
      ctx.body = {
        report: toTortReportJson(report),
        suspect: suspect ? toReportedSuspectJson(suspect) : null,
        reporter: reporter ? { id: reporter.id, username: reporter.username, displayName: reporter.display_name } : null,
        uploads: Object.fromEntries(uploads.map((u) => [u.id, toUploadJson(u)])),
        workflowUrl: workflowUrl(cfg, report.workflow_id),
        task: task ? { taskId: task.id, step: task.step, status: task.status } : null,
      };
    })
    .get('/api/admin/crawl-sites', ...sites, async (ctx) => {
      ctx.body = { items: (await crawlSites(db)).map(toCrawlSiteJson) };
    })
    .post('/api/admin/crawl-sites', ...sites, validate(crawlSiteSchema), async (ctx) => {
      written(ctx, await insertCrawlSite(db, ctx.state.input, ctx.state.user.id));
      ctx.status = 201;
    })
    .get('/api/admin/crawl-sites/:id', ...sites, async (ctx) => {
      written(ctx, await crawlSiteById(db, ctx.params.id));
    })
    .put('/api/admin/crawl-sites/:id', ...sites, validate(crawlSiteSchema), async (ctx) => {
      written(ctx, await updateCrawlSite(db, ctx.params.id, ctx.state.input, ctx.state.user.id));
    })
    .delete('/api/admin/crawl-sites/:id', ...sites, async (ctx) => {
      if (!(await deleteCrawlSite(db, ctx.params.id))) throw notFound();
      ctx.status = 204;
    })
    .get('/api/admin/crawl-runs', ...monitoring, validate(crawlRunQuerySchema, 'query'), async (ctx) => {
      ctx.body = await crawlRuns(db, ctx.state.input);
    })
    .get('/api/admin/crawl-sites/:id/fetches', ...monitoring, validate(crawlFetchQuerySchema, 'query'), async (ctx) => {
      if (!(await crawlSiteById(db, ctx.params.id))) throw notFound();
      ctx.body = await crawlFetches(db, ctx.params.id, ctx.state.input);
    })
    .get('/api/admin/monitoring/subscriptions', ...monitoring, validate(adminSubscriptionQuerySchema, 'query'), async (ctx) => {
      ctx.body = await adminSubscriptions(db, ctx.state.input);
    });
}
