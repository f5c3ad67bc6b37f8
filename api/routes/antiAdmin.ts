import Router from '@koa/router';
import { adminWatermarkCheckSchema, adminWatermarkItemSchema, antiOrderListSchema, antiStatisticsSchema, statisticsRange } from '../../domain/antiAdmin';
import { adminWatermarkChecks, adminWatermarkItems, antiOrderDetail, antiOrderPage, antiStatistics } from '../../db/antiAdmin';
import type { ApiDeps } from '../deps';
import { notFound } from '../errors';
import { allow, allowElement } from '../middleware/auth';
import { validate } from '../middleware/validate';

/**
 * The anti-counterfeiting back office (issue 14), read-only, admin only:
 * - admin.antiOrders.view: `antifakeOrder` (+detail: the order, its buyer, the capacity grant it gave)
 *   and `antiStatistics` (per China day over a range).
 * - admin.watermarks.view: image/video watermark (items), image/video detection and detected watermark (checks).
 * The orders' payment steps stay with orderPayment (/api/orders/:id, which staff may read).
 */
export function antiAdminRoutes({ db }: ApiDeps): Router {
  const admin = allow('admin');
  const orders = allowElement('admin.antiOrders.view');
  const watermarks = allowElement('admin.watermarks.view');

  return new Router()
    .get('/api/admin/antiOrders', admin, orders, validate(antiOrderListSchema, 'query'), async (ctx) => {
      ctx.body = await antiOrderPage(db, ctx.state.input);
    })
    .get('/api/admin/antiOrders/:id', admin, orders, async (ctx) => {
      const detail = await antiOrderDetail(db, ctx.params.id);
      if (!detail) throw notFound();
      ctx.body = detail;
    })
    .get('/api/admin/antiStatistics', admin, orders, validate(antiStatisticsSchema, 'query'), async (ctx) => {
      const { from, to } = statisticsRange(ctx.state.input);
      ctx.body = await antiStatistics(db, from, to);
    })
    .get('/api/admin/watermarkItems', admin, watermarks, validate(adminWatermarkItemSchema, 'query'), async (ctx) => {
      ctx.body = await adminWatermarkItems(db, ctx.state.input);
    })
    .get('/api/admin/watermarkChecks', admin, watermarks, validate(adminWatermarkCheckSchema, 'query'), async (ctx) => {
      ctx.body = await adminWatermarkChecks(db, ctx.state.input);
    });
}
