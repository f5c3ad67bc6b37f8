import Router from '@koa/router';
import * as yup from 'yup';
import type { Context } from 'koa';
import { capacityPackageSchema } from '../../domain/capacity';
import { keysetCursor } from '../../domain/validation/keyset';
import { adminPackagePage, deleteUnsoldPackage, findPackage, insertPackage, toPackageJson, updatePackage } from '../../db/capacity';
import type { ApiDeps } from '../deps';
import { conflict, HttpError } from '../errors';
import { allow, allowElement } from '../middleware/auth';
import { validate } from '../middleware/validate';

const listQuerySchema = yup
  .object({
    limit: yup.number().integer().min(1).max(100).default(20),
    after: keysetCursor(['date', 'uuid']),
  })
  .noUnknown();

/** The form's fields and nothing else: the same schema the admin page's form checks with. */
const packageBody = capacityPackageSchema.noUnknown();

const packageMissing = () => new HttpError(404, 'notFound', 'capacity.packageNotFound');

/**
 * Back office `package` (admin + admin.packages.manage): the anti-counterfeit packages, newest first
 * with what each sold; created and edited with capacityPackageSchema. A package someone ordered is
 * never deleted (its bills and grants name it): staff take it off sale, and buyers keep what they paid for.
 */
export function capacityAdminRoutes({ db }: ApiDeps): Router {
  const admin = allow('admin');
  const element = allowElement('admin.packages.manage');
  const fresh = async (id: string) => ({ package: toPackageJson((await findPackage(db, id))!) });
  const load = async (ctx: Context) => {
    const row = await findPackage(db, ctx.params.id);
    if (!row) throw packageMissing();
    return row;
  };

  return new Router()
    .get('/api/admin/capacity/packages', admin, element, validate(listQuerySchema, 'query'), async (ctx) => {
      const { rows, next } = await adminPackagePage(db, ctx.state.input);
      ctx.body = { items: rows.map(toPackageJson), next };
    })
    .post('/api/admin/capacity/packages', admin, element, validate(packageBody), async (ctx) => {
      const row = await insertPackage(db, ctx.state.input);
      ctx.status = 201;
      ctx.body = await fresh(row.id);
    })
    .get('/api/admin/capacity/packages/:id', admin, element, async (ctx) => {
      ctx.body = { package: toPackageJson(await load(ctx)) };
    })
    .put('/api/admin/capacity/packages/:id', admin, element, validate(packageBody), async (ctx) => {
      const row = await updatePackage(db, ctx.params.id, ctx.state.input);
      if (!row) throw packageMissing();
      ctx.body = await fresh(row.id);
    })
    .delete('/api/admin/capacity/packages/:id', admin, element, async (ctx) => {
      const row = await load(ctx);
      if (!(await deleteUnsoldPackage(db, row.id))) throw conflict('capacity.packageSold');
      ctx.status = 204;
    });
}
