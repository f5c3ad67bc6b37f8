import type { Context, Middleware } from 'koa';
import type { LicenceConflict } from '../../domain/licences';
import { LicenceConflictError } from '../../db/licences';
import { HttpError } from '../errors';

/**
 * 409 trade.licenceConflict with the conflicting licences (reserved ones flagged), so the caller
 * sees what stands in the way; `field` also names the form field the message belongs to.
 */
export function refuseConflicts(ctx: Context, conflicts: LicenceConflict[], field?: string): void {
  const message: string = ctx.state.t('trade.licenceConflict');
  ctx.status = 409;
  ctx.body = { status: 409, code: 'conflict', message, conflicts, ...(field && { fields: { [field]: message } }) };
}

/**
 * Answers a licence conflict raised further down the route as refuseConflicts does: a db write
 * refused under the IP's lock (LicenceConflictError) or a workflow's trade.licenceConflict refusal.
 */
export const answerLicenceConflicts =
  (field?: string): Middleware =>
  async (ctx, next) => {
    try {
      await next();
    } catch (err) {
      if (err instanceof LicenceConflictError) return refuseConflicts(ctx, err.conflicts, field);
      if (err instanceof HttpError && err.key === 'trade.licenceConflict') return refuseConflicts(ctx, (err.params.conflicts as LicenceConflict[]) ?? [], field);
      throw err;
    }
  };
