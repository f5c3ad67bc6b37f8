import Router from '@koa/router';
import type { Middleware } from 'koa';
import {
  DICTIONARY_CODE_PATTERN,
  DICTIONARY_OPEN,
  dictionaryEntryCreateSchema,
  dictionaryEntryUpdateSchema,
  isDictionaryType,
  type DictionaryEntryCreate,
  type DictionaryEntryUpdate,
  type DictionaryType,
} from '../../domain/dictionaries';
import { dictionaryEntries, insertDictionaryEntry, updateDictionaryEntry } from '../../db/dictionaries';
import type { ApiDeps } from '../deps';
import { conflict, notFound } from '../errors';
import { allow, allowElement, anyone } from '../middleware/auth';
import { idParam } from '../middleware/params';
import { validate } from '../middleware/validate';

/** ctx.state.type from the path; an unknown dictionary names nothing (404). */
const typeParam: Middleware = async (ctx, next) => {
  if (!isDictionaryType(ctx.params.type)) throw notFound();
  ctx.state.type = ctx.params.type;
  await next();
};

/**
 * The ipCategory and rightScope dictionaries: read by everyone (forms, filters; the same for every
 * reader, so caches may keep it a minute), edited by admins in the back office.
 */
export function dictionaryRoutes({ db }: ApiDeps): Router {
  const editor = [allow('admin'), allowElement('admin.dictionaries.edit')];
  return new Router()
    .param('code', idParam(DICTIONARY_CODE_PATTERN))
    .get('/api/dictionaries/:type', anyone, typeParam, async (ctx) => {
      ctx.body = { items: await dictionaryEntries(db, ctx.state.type) };
      ctx.set('Cache-Control', 'public, max-age=60');
    })
    // The editor's own read: never from a cache, so a saved change shows at once.
    .get('/api/admin/dictionaries/:type', ...editor, typeParam, async (ctx) => {
      ctx.body = { items: await dictionaryEntries(db, ctx.state.type), open: DICTIONARY_OPEN[ctx.state.type as DictionaryType] };
    })
    .post('/api/admin/dictionaries/:type', ...editor, typeParam, validate(dictionaryEntryCreateSchema), async (ctx) => {
      const type: DictionaryType = ctx.state.type;
      const input = ctx.state.input as DictionaryEntryCreate;
      // ipCategory's codes are the domain's fixed list: its entries are seeded, never added.
      if (!DICTIONARY_OPEN[type]) throw conflict('dictionary.codesFixed');
      if (!(await insertDictionaryEntry(db, type, input))) throw conflict('dictionary.exists', { code: input.code });
      ctx.status = 201;
      ctx.body = { entry: input };
    })
    .put('/api/admin/dictionaries/:type/:code', ...editor, typeParam, validate(dictionaryEntryUpdateSchema), async (ctx) => {
      const entry = await updateDictionaryEntry(db, ctx.state.type, ctx.params.code, ctx.state.input as DictionaryEntryUpdate);
      if (!entry) throw notFound();
      ctx.body = { entry };
    });
}
