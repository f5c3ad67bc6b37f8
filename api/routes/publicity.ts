import Router from '@koa/router';
import { adminPublicityListQuerySchema, PUBLICITY_NO_PATTERN, publicityListQuerySchema, publicitySchema } from '../../domain/protection';
import { UUID_PATTERN } from '../../domain/validation/rules';
import { adminPublicityPage, insertPublicity, publicityEntry, publicPublicityPage, toPublicityJson, toPublicPublicityJson, updatePublicity } from '../../db/publicity';
import type { ApiDeps } from '../deps';
import { notFound } from '../errors';
import { allow, allowElement, anyone } from '../middleware/auth';
import { idParam } from '../middleware/params';
import { validate } from '../middleware/validate';

/** A public link names an entry by its id or by its publicity number (protect/publicity?no=RP…). */
const ENTRY_REF = new RegExp(`${UUID_PATTERN.source}|${PUBLICITY_NO_PATTERN.source}`, 'i');

/**
 * The rights-protection publicity list (spec part 2 §1): anyone reads the published entries; admins
 * write, publish and withdraw them (admin/rightPublic). A draft or a withdrawn entry is a 404 to the
 * public, like one that never existed; public answers carry only the text staff approved.
 */
export function publicityRoutes({ db }: ApiDeps): Router {
  const admin = [allow('admin'), allowElement('admin.publicity.manage')];
  return new Router()
    .param('ref', idParam(ENTRY_REF))
    .get('/api/public/protection/publicity', anyone, validate(publicityListQuerySchema, 'query'), async (ctx) => {
      const { rows, next } = await publicPublicityPage(db, ctx.state.input);
      ctx.body = { items: rows.map(toPublicPublicityJson), next };
    })
    .get('/api/public/protection/publicity/:ref', anyone, async (ctx) => {
      const row = await publicityEntry(db, ctx.params.ref, { publishedOnly: true });
      if (!row) throw notFound();
      ctx.body = { entry: toPublicPublicityJson(row) };
    })
    .get('/api/admin/protection/publicity', ...admin, validate(adminPublicityListQuerySchema, 'query'), async (ctx) => {
      const { rows, next } = await adminPublicityPage(db, ctx.state.input);
      ctx.body = { items: rows.map(toPublicityJson), next };
    })
    .post('/api/admin/protection/publicity', ...admin, validate(publicitySchema), async (ctx) => {
      ctx.status = 201;
      ctx.body = { entry: toPublicityJson(await insertPublicity(db, ctx.state.input, ctx.state.user.id)) };
    })
    .get('/api/admin/protection/publicity/:id', ...admin, async (ctx) => {
      const row = await publicityEntry(db, ctx.params.id);
      if (!row) throw notFound();
      ctx.body = { entry: toPublicityJson(row) };
    })
    .put('/api/admin/protection/publicity/:id', ...admin, validate(publicitySchema), async (ctx) => {
      const row = await updatePublicity(db, ctx.params.id, ctx.state.input, ctx.state.user.id);
      if (!row) throw notFound();
      ctx.body = { entry: toPublicityJson(row) };
    });
}
