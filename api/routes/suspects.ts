import Router from '@koa/router';
import type { Context } from 'koa';
import { suspectListQuerySchema, type SuspectListQuery, type SuspectState } from '../../domain/monitoring';
import { authorisedSiteSchema, siteHost, type AuthorisedSiteInput } from '../../domain/suspects';
import { authorisedSites, authoriseSite, removeAuthorisedSite, toAuthorisedSiteJson } from '../../db/authorisedSites';
import { findSuspect, newSuspectCount, setSuspectState, suspectNeighbours, suspectsPage, toSuspectDetailJson, toSuspectJson, type SuspectRow } from '../../db/suspects';
import type { ApiDeps } from '../deps';
import { conflict, HttpError, notFound } from '../errors';
import { sendObject } from '../lib/sendObject';
import { headType } from '../lib/sniff';
import { allow } from '../middleware/auth';
import { validate } from '../middleware/validate';

/** Picture types a browser shows without running anything; a crawled SVG or anything else is only offered as a download. */
const SHOWN_TYPES: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/gif': 'gif', 'image/webp': 'webp' };
/** Enough of a file's start for its magic number. */
const HEAD_BYTES = 4100;

/**
 * Suspected infringements for their owner (user centre `suspecttort`, issue 15): the list with its
 * filters and the count of new ones, the detail with previous/next in the list's order, ignore and
 * unignore, marking the site authorised (and the list of authorised sites), and the evidence files:
 * the matched picture as found and the page as fetched. Every look-up takes the caller's id, so
 * another user's suspect answers 404 like one that does not exist. Reports are api/routes/tortReports.ts.
 */
export function suspectRoutes({ db, store, downloads }: ApiDeps): Router {
  const me = (ctx: Context): string => ctx.state.user.id;

  async function own(ctx: Context): Promise<SuspectRow> {
    const s = await findSuspect(db, me(ctx), ctx.params.id);
    if (!s) throw notFound();
    return s;
  }

  /** A state move, 409 with `refusal` when the suspect is not in one of `from`. */
  async function move(ctx: Context, from: readonly SuspectState[], to: SuspectState, refusal: string): Promise<void> {
    const moved = await setSuspectState(db, me(ctx), ctx.params.id, from, to);
    if (moved === undefined) throw notFound();
    if (moved === null) throw conflict(refusal);
    ctx.body = { suspect: toSuspectJson(moved) };
  }

  /** The type the stored copy's first bytes show. */
  async function storedType(key: string): Promise<string> {
    const object = await store.get(key, { start: 0, end: HEAD_BYTES - 1 });
    if (!object) throw new HttpError(404, 'notFound', 'suspects.noCopy');
    const chunks: Buffer[] = [];
    for await (const chunk of object.body) chunks.push(chunk as Buffer);
    return headType(Buffer.concat(chunks));
  }

  return new Router()
    .get('/api/suspects', allow('user'), validate(suspectListQuerySchema, 'query'), async (ctx) => {
      const q = ctx.state.input as SuspectListQuery;
      const [{ rows, next }, newCount] = await Promise.all([suspectsPage(db, me(ctx), q), newSuspectCount(db, me(ctx), q.subscriptionId)]);
      ctx.body = { items: rows.map(toSuspectJson), next, newCount };
    })
    .get('/api/suspects/:id', allow('user'), validate(suspectListQuerySchema, 'query'), async (ctx) => {
      const s = await own(ctx);
      const [suspect, around] = await Promise.all([toSuspectDetailJson(db, s), suspectNeighbours(db, me(ctx), s, ctx.state.input as SuspectListQuery)]);
      ctx.body = { suspect, ...around };
    })
    .post('/api/suspects/:id/ignore', allow('user'), async (ctx) => {
      await move(ctx, ['new', 'authorised'], 'ignored', 'suspects.cannotIgnore');
    })
    .post('/api/suspects/:id/unignore', allow('user'), async (ctx) => {
      const s = await own(ctx);
      // Back to what filing would make it now: authorised if its site is authorised meanwhile.
      const authorised = (await authorisedSites(db, me(ctx))).some((site) => site.host === s.website);
      await move(ctx, ['ignored'], authorised ? 'authorised' : 'new', 'suspects.notIgnored');
    })
    .post('/api/suspects/:id/authorise-site', allow('user'), async (ctx) => {
      const s = await own(ctx);
      const { affected } = await authoriseSite(db, me(ctx), s.website);
      ctx.body = { suspect: toSuspectJson((await findSuspect(db, me(ctx), s.id))!), host: s.website, affected };
    })
    .get('/api/suspects/:id/copy', allow('user'), async (ctx) => {
      const s = await own(ctx);
      if (!s.copy_key) throw new HttpError(404, 'notFound', 'suspects.noCopy');
      const mime = await storedType(s.copy_key);
      const ext = SHOWN_TYPES[mime];
      // Shown beside the original when it is a plain picture; anything else only as a download.
      await sendObject(ctx, { store, downloads }, s.copy_key, ext ? { mime, fileName: `${s.number}.${ext}`, disposition: 'inline' } : { mime: 'application/octet-stream', fileName: s.number, disposition: 'attachment' });
    })
    .get('/api/suspects/:id/snapshot', allow('user'), async (ctx) => {
      const s = await own(ctx);
      if (!s.snapshot_key) throw new HttpError(404, 'notFound', 'suspects.noSnapshot');
      // The page as fetched is someone else's HTML: never rendered on this site's origin, only saved.
      await sendObject(ctx, { store, downloads }, s.snapshot_key, { mime: 'application/octet-stream', fileName: `${s.number}.html`, disposition: 'attachment' });
    })
    .get('/api/monitoring/authorised-sites', allow('user'), async (ctx) => {
      const sites = await authorisedSites(db, me(ctx));
      // Trade records name their licensee but no web site (db/tradeRecords.ts), so there is nothing
      // to propose from them yet; the field is kept for when records carry one.
      ctx.body = { items: sites.map(toAuthorisedSiteJson), proposed: [] as string[] };
    })
    .post('/api/monitoring/authorised-sites', allow('user'), validate(authorisedSiteSchema), async (ctx) => {
      const { host } = ctx.state.input as AuthorisedSiteInput;
      const { site, affected } = await authoriseSite(db, me(ctx), siteHost(host)!);
      ctx.status = 201;
      ctx.body = { site: toAuthorisedSiteJson(site), affected };
    })
    .delete('/api/monitoring/authorised-sites/:id', allow('user'), async (ctx) => {
      if (!(await removeAuthorisedSite(db, me(ctx), ctx.params.id))) throw notFound();
      ctx.status = 204;
    });
}
