import { randomUUID } from 'node:crypto';
import Router from '@koa/router';
import * as yup from 'yup';
import { CAPACITY_RECORD_TYPE } from '../../domain/capacity';
import { keysetCursor } from '../../domain/validation/keyset';
import { trimmed } from '../../domain/validation/rules';
import { activeGrants, capacityOf, capacityRecords, findPackage, openPackageOrder, shopPackages, toGrantJson, toPackageJson } from '../../db/capacity';
import { capacityPurchase, capacityPurchaseOrder } from '../../workflows/capacityPurchase';
import { CaseId, CaseKind, OwnerUserId } from '../../workflows/lib/searchAttributes';
import type { ApiDeps } from '../deps';
import { conflict, HttpError } from '../errors';
import { envMs } from '../lib/envMs';
import { runUpdate } from '../lib/workflowErrors';
import { allow, anyone } from '../middleware/auth';
import { requireVerifiedIdentity } from '../middleware/identity';
import { validate } from '../middleware/validate';

const CAPACITY_RECORD_PAGE_SIZE = 20;

const purchaseSchema = yup.object({ packageId: trimmed().required().uuid('validation.invalid') }).noUnknown();

/** `capacitydetail`: both kinds of record, or recharges (1) or consumption (2) only, newest first. */
const recordQuerySchema = yup
  .object({
    type: yup
      .number()
      .transform((v: unknown, original: unknown) => (original === '' ? undefined : typeof original === 'string' ? v : Number.NaN))
      .typeError('validation.oneOf')
      .oneOf(Object.values(CAPACITY_RECORD_TYPE)),
    limit: yup.number().integer().min(1).max(100).default(CAPACITY_RECORD_PAGE_SIZE),
    after: keysetCursor(['date', 'uuid']),
  })
  .noUnknown();

const packageMissing = () => new HttpError(404, 'notFound', 'capacity.packageNotFound');

/**
 * Anti-counterfeiting capacity (issue 14). Public: the packages on sale (protect/capacitypay). A
 * certified user buys one through a capacityPurchase workflow, which makes the order the pay page
 * takes; the user's capacity (usercenter/capacity) and its recharge and consumption records
 * (usercenter/capacitydetail) are theirs alone.
 */
export function capacityRoutes({ db, temporal, cfg }: ApiDeps): Router {
  const user = allow('user');

  return new Router()
    .get('/api/public/capacity/packages', anyone, async (ctx) => {
      ctx.body = { items: (await shopPackages(db)).map(toPackageJson) };
    })
    .post('/api/capacity/purchases', user, requireVerifiedIdentity(db), validate(purchaseSchema), async (ctx) => {
      const me: string = ctx.state.user.id;
      const pkg = await findPackage(db, ctx.state.input.packageId);
      if (!pkg) throw packageMissing();
      if (!pkg.on_sale) throw conflict('capacity.packageUnavailable');
      // A second click (or another tab) opens the order already waiting for money rather than a second bill.
      const open = await openPackageOrder(db, me, pkg.id);
      if (open) {
        ctx.body = { orderId: open };
        return;
      }
      const purchaseId = randomUUID();
      const handle = await temporal.workflow.start(capacityPurchase, {
        taskQueue: cfg.taskQueue,
        workflowId: `capacityPurchase/${purchaseId}`,
        args: [{ purchaseId, userId: me, packageId: pkg.id, paymentTimeoutMs: envMs('CAPACITY_PAYMENT_MS'), slaOverrideMs: envMs('CAPACITY_SLA_MS') }],
        typedSearchAttributes: [
          { key: CaseId, value: purchaseId },
          { key: CaseKind, value: 'capacityPurchase' },
          { key: OwnerUserId, value: me },
        ],
        memo: { title: `Capacity package ${pkg.name_zh}` },
        staticSummary: 'Anti-counterfeit capacity package purchase',
        staticDetails: `Package ${pkg.id} bought by user ${me}; the order is paid in a child orderPayment workflow.`,
      });
      const { orderId } = await runUpdate(() => handle.executeUpdate(capacityPurchaseOrder, { args: [{ userId: me }] }));
      ctx.status = 201;
      ctx.body = { orderId };
    })
    .get('/api/capacity', user, async (ctx) => {
      const me: string = ctx.state.user.id;
      const now = new Date();
      const [summary, grants] = await Promise.all([capacityOf(db, me, now), activeGrants(db, me, now)]);
      ctx.body = { ...summary, grants: grants.map(toGrantJson) };
    })
    .get('/api/capacity/records', user, validate(recordQuerySchema, 'query'), async (ctx) => {
      ctx.body = await capacityRecords(db, ctx.state.user.id, ctx.state.input);
    });
}
