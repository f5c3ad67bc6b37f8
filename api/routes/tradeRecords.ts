import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import type { Knex } from 'knex';
import { activeEntries } from '../../domain/dictionaries';
import {
  adminTradeRecordListSchema,
  ipciLookupSchema,
  tradeRecordCreateSchema,
  tradeRecordListSchema,
  tradeRecordUpdateSchema,
  tradeRecordVisibilitySchema,
  VOUCHER_UPLOAD_KIND,
  type TradeRecordCreate,
  type TradeRecordUpdate,
} from '../../domain/tradeRecords';
import { dictionaryEntries } from '../../db/dictionaries';
import { findUploads, toUploadJson } from '../../db/uploads';
import {
  adminTradeRecordsPage,
  findTradeRecord,
  insertTradeRecord,
  ownTradeRecordsPage,
  setTradeRecordVisible,
  toTradeRecordJson,
  updateTradeRecord,
  type TradeRecordRow,
} from '../../db/tradeRecords';
import type { ApiDeps } from '../deps';
import { badRequest, conflict, notFound } from '../errors';
import { answerLicenceConflicts } from '../lib/licenceConflicts';
import { checkOwnedUploads } from '../lib/ownedUploads';
import { allow, allowElement } from '../middleware/auth';
import { validate } from '../middleware/validate';

/** 400 on `scope` unless every code is an active rightScope entry (a record keeps an inactive one it already had). */
async function checkScope(k: Knex, scope: readonly string[], kept: readonly string[] = []): Promise<void> {
  const active = activeEntries(await dictionaryEntries(k, 'rightScope')).map((e) => e.code);
  if (scope.some((c) => !active.includes(c) && !kept.includes(c))) throw badRequest({ scope: { key: 'dictionary.unknownCode' } });
}

/** The voucher, when given, is an upload of the caller's of the voucher kind (a document or an image, checked by content on upload). */
async function checkVoucher(k: Knex, userId: string, r: TradeRecordUpdate, kept: string | null = null): Promise<void> {
  if (r.voucher && r.voucher !== kept) await checkOwnedUploads(k, userId, [{ field: 'voucher', id: r.voucher, kind: VOUCHER_UPLOAD_KIND }]);
}

async function detail(k: Knex, row: TradeRecordRow) {
  const uploads = row.voucher_upload_id ? await findUploads(k, [row.voucher_upload_id]) : [];
  return { record: toTradeRecordJson(row), uploads: Object.fromEntries(uploads.map((u) => [u.id, toUploadJson(u)])) };
}

/**
 * Trade records: the user centre's own records (traderecord, addtraderecord, traderecorddetail)
 * and the back office's transactionRecord pages (any IP, written in its holder's name).
 */
export function tradeRecordRoutes({ db }: ApiDeps): Router {
  const user = allow('user');
  const admin = [allow('admin'), allowElement('admin.tradeRecords.manage')];

  /** The caller's own record; anyone else's is 404 (nobody learns it exists). */
  const own: Middleware = async (ctx, next) => {
    const row = await findTradeRecord(db, ctx.params.id);
    if (!row || row.user_id !== ctx.state.user.id) throw notFound();
    ctx.state.record = row;
    await next();
  };
  const any: Middleware = async (ctx, next) => {
    const row = await findTradeRecord(db, ctx.params.id);
    if (!row) throw notFound();
    ctx.state.record = row;
    await next();
  };

  /** Edits a hand-written record (409 for one a trade wrote); the voucher is checked as the editor's upload. */
  const edit = async (ctx: Context) => {
    const row: TradeRecordRow = ctx.state.record;
    const input = ctx.state.input as TradeRecordUpdate;
    if (row.trade_id) throw conflict('tradeRecord.readOnly');
    await checkScope(db, input.scope, row.scope);
    await checkVoucher(db, ctx.state.user.id, input, row.voucher_upload_id);
    if (!(await updateTradeRecord(db, row.id, input))) throw conflict('tradeRecord.readOnly');
    ctx.body = await detail(db, (await findTradeRecord(db, row.id))!);
  };

  /** Adds a record for an IPCI; `holderOnly`: the caller must be its holder (user centre). */
  const create = (holderOnly: boolean) => async (ctx: Context) => {
    const input = ctx.state.input as TradeRecordCreate;
    const ipci = await db('ipcis').where({ id: input.ipciId }).first('user_id');
    if (!ipci || (holderOnly && ipci.user_id !== ctx.state.user.id)) throw badRequest({ ipciId: { key: 'tradeRecord.notYourIp' } });
    await checkScope(db, input.scope);
    await checkVoucher(db, ctx.state.user.id, input);
    const { ipciId, ...record } = input;
    const id = await insertTradeRecord(db, ipciId, ipci.user_id, record);
    ctx.status = 201;
    ctx.body = await detail(db, (await findTradeRecord(db, id))!);
  };

  const visibility = async (ctx: Context) => {
    const row: TradeRecordRow = ctx.state.record;
    await setTradeRecordVisible(db, row.id, ctx.state.input.visible);
    ctx.body = await detail(db, (await findTradeRecord(db, row.id))!);
  };

  // A record whose licence conflicts with a reserved or active one is refused, the message on its scope.
  const conflicts = answerLicenceConflicts('scope');

  return (
    new Router()
      .get('/api/trade-records', user, validate(tradeRecordListSchema, 'query'), async (ctx) => {
        ctx.body = await ownTradeRecordsPage(db, ctx.state.user.id, ctx.state.input);
      })
      .post('/api/trade-records', user, validate(tradeRecordCreateSchema), conflicts, create(true))
      .get('/api/trade-records/:id', user, own, async (ctx) => {
        ctx.body = await detail(db, ctx.state.record);
      })
      .put('/api/trade-records/:id', user, own, validate(tradeRecordUpdateSchema), conflicts, edit)
      .put('/api/trade-records/:id/visibility', user, own, validate(tradeRecordVisibilitySchema), visibility)
      // ---- back office ----------------------------------------------------------------------
      .get('/api/admin/trade-records', ...admin, validate(adminTradeRecordListSchema, 'query'), async (ctx) => {
        ctx.body = await adminTradeRecordsPage(db, ctx.state.input);
      })
      .post('/api/admin/trade-records', ...admin, validate(tradeRecordCreateSchema), conflicts, create(false))
      // The add form names the IP by its IPCI code: which IPCI it is and whose (the record is kept in the holder's name).
      .get('/api/admin/trade-records/ipci', ...admin, validate(ipciLookupSchema, 'query'), async (ctx) => {
        const row = await db('ipcis as i')
          .join('users as u', 'u.id', 'i.user_id')
          .where('i.code', ctx.state.input.code)
          .first('i.id', 'i.code', 'i.ip_name_zh', 'i.ip_name_en', 'i.ip_name_ja', 'u.id as owner_id', 'u.display_name as owner_name');
        if (!row) throw notFound();
        ctx.body = { ipci: { id: row.id, code: row.code, names: { zh: row.ip_name_zh, en: row.ip_name_en, ja: row.ip_name_ja }, owner: { id: row.owner_id, name: row.owner_name } } };
      })
      .get('/api/admin/trade-records/:id', ...admin, any, async (ctx) => {
        ctx.body = await detail(db, ctx.state.record);
      })
      .put('/api/admin/trade-records/:id', ...admin, any, validate(tradeRecordUpdateSchema), conflicts, edit)
      .put('/api/admin/trade-records/:id/visibility', ...admin, any, validate(tradeRecordVisibilitySchema), visibility)
  );
}
