import Router from '@koa/router';
import { catalogueQuerySchema } from '../../domain/catalogue';
import { catalogueIpSummary, publicImage, searchCatalogue, viewCatalogueIp } from '../../db/catalogue';
import type { ApiDeps } from '../deps';
import { HttpError } from '../errors';
import { sendPublicPicture } from '../lib/sendPublicPicture';
import { anyone } from '../middleware/auth';
import { validate } from '../middleware/validate';

/**
 * The public IP catalogue (spec part 1 §2): anyone searches the listed IPs and reads one IP's detail.
 * An IP that is not listed (taken down, revoked, expired) is a 404 like one that never existed.
 */
const notListed = () => new HttpError(404, 'notFound', 'catalogue.notFound');

export function catalogueRoutes({ db, store, downloads }: ApiDeps): Router {
  return new Router()
    .get('/api/public/ip', anyone, validate(catalogueQuerySchema, 'query'), async (ctx) => {
      ctx.body = await searchCatalogue(db, ctx.state.input);
    })
    .get('/api/public/ip/:id', anyone, async (ctx) => {
      const ip = await viewCatalogueIp(db, ctx.params.id);
      if (!ip) throw notListed();
      ctx.body = { ip };
    })
    // The trade forms' header: no search counted, the form is not a view of the IP.
    .get('/api/public/ip/:id/summary', anyone, async (ctx) => {
      const ip = await catalogueIpSummary(db, ctx.params.id);
      if (!ip) throw notListed();
      ctx.body = { ip };
    })
    .get('/api/public/ip/:id/images/:uploadId', anyone, async (ctx) => {
      const file = await publicImage(db, ctx.params.id, ctx.params.uploadId);
      if (!file) throw notListed();
      await sendPublicPicture(ctx, { store, downloads }, file);
    });
}
