import Router from '@koa/router';
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/client';
import type { Context, Middleware } from 'koa';
import type { Knex } from 'knex';
import * as yup from 'yup';
import {
  REGISTRATION_STATES,
  registrationActions,
  registrationSchema,
  titleAuditSlaWorkingDays,
  titleDraftSchema,
  titleUploadRefs,
  WIZARD_STEPS,
  type TitleRegistration,
} from '../../domain/titleRegistration';
import { dictionaryEntries } from '../../db/dictionaries';
import { findUploads, toUploadJson } from '../../db/uploads';
import {
  createDraft,
  deleteDraft,
  draftOf,
  draftsPage,
  orderAndIpci,
  registerDraft,
  registration,
  registrationsPage,
  saveDraft,
  toDraftJson,
  toRegistrationCore,
  type RegistrationRow,
} from '../../db/titleRegistrations';
import { workflowUrl } from '../../temporal/config';
import { cancelOrder } from '../../workflows/orderPayment';
import { cancelTitle, reorderTitle, resubmitTitle, titleAudit } from '../../workflows/titleAudit';
import { CaseId, CaseKind, CaseState, OwnerUserId } from '../../workflows/lib/searchAttributes';
import type { ApiDeps } from '../deps';
import { badRequest, conflict, notFound } from '../errors';
import { allow, anyone } from '../middleware/auth';
import { requireVerifiedIdentity } from '../middleware/identity';
import { validate } from '../middleware/validate';
import { onlyFlaggedChanged } from '../lib/corrections';
import { envMs } from '../lib/envMs';
import { checkOwnedUploads } from '../lib/ownedUploads';
import { runUpdate } from '../lib/workflowErrors';
import { keysetCursor } from '../../domain/validation/keyset';
import { checkInput, UUID_PATTERN } from '../../domain/validation/rules';

const PAGE = { limit: yup.number().integer().min(1).max(100).default(20), after: keysetCursor(['date', 'uuid']) };
const pageSchema = yup.object(PAGE).noUnknown();
const listSchema = yup.object({ ...PAGE, state: yup.string().oneOf([...REGISTRATION_STATES]) }).noUnknown();
const draftBody = yup.object({ data: yup.object().default({}), step: yup.string().oneOf([...WIZARD_STEPS]) }).noUnknown();
const submitBody = yup.object({ draftId: yup.string().uuid().required() }).noUnknown();
const resubmitBody = yup.object({ data: yup.object().required() }).noUnknown();

/** Every upload a registration or draft names: the caller's own, of the field's kind (ipImage / proof). */
const checkUploads = (k: Knex, userId: string, data: Record<string, unknown>) => checkOwnedUploads(k, userId, titleUploadRefs(data));

/** Registration with an existing IPCI code (§2 step 2): the code must be issued and the caller's. */
async function checkExistingIpci(k: Knex, userId: string, data: Partial<TitleRegistration>): Promise<void> {
  if (data.registrationMode !== 'existingIpci' || !data.existingIpciCode) return;
  const ipci = await k('ipcis').where({ code: data.existingIpciCode }).first('user_id');
  if (!ipci || ipci.user_id !== userId) throw badRequest({ existingIpciCode: { key: 'title.ipciNotYours' } });
}

/**
 * A category the back office deactivated is no longer offered, so a registration may not name it;
 * a resubmission that keeps the category it was filed under is left alone.
 */
async function checkActiveCategory(k: Knex, data: Partial<TitleRegistration>, filedUnder?: unknown): Promise<void> {
  if (!data.ipCategory || data.ipCategory === filedUnder) return;
  const entry = (await dictionaryEntries(k, 'ipCategory')).find((e) => e.code === data.ipCategory);
  if (!entry?.active) throw badRequest({ ipCategory: { key: 'title.categoryInactive' } });
}

/** The draft's fields as given (a partial save), each checked by the draft schema. */
async function draftFields(raw: Record<string, unknown>): Promise<Record<string, unknown>> {
  const clean = (await checkInput(titleDraftSchema, raw)) as Record<string, unknown>;
  return Object.fromEntries(Object.keys(raw).filter((f) => f in titleDraftSchema.fields).map((f) => [f, clean[f]]));
}

const isEntered = (v: unknown) => v !== undefined && v !== null && v !== '' && v !== false && !(Array.isArray(v) && v.length === 0);

async function uploadsOf(k: Knex, data: Record<string, unknown>) {
  const ids = [...new Set(titleUploadRefs(data).map((r) => r.id))].filter((id) => UUID_PATTERN.test(id));
  return Object.fromEntries((await findUploads(k, ids)).map((u) => [u.id, toUploadJson(u)]));
}

export function titleAuditRoutes({ db, temporal, cfg }: ApiDeps): Router {
  const user = allow('user');
  const verified = requireVerifiedIdentity(db);
  const handle = (row: RegistrationRow) => temporal.workflow.getHandle(row.workflow_id);

  const listItem = (row: RegistrationRow) => ({
    id: row.id,
    state: row.state,
    mode: row.mode,
    ipNameZh: row.ip_name_zh,
    ipNameEn: row.ip_name_en,
    ipNameJa: row.ip_name_ja,
    cover: (row.data.cover as string | undefined) || null,
    round: row.round,
    failureReason: row.failure_reason,
    submittedAt: row.submitted_at.toISOString(),
    decidedAt: row.decided_at?.toISOString() ?? null,
    actions: registrationActions(row.state),
    orderId: row.current_order_id,
    ipciId: row.ipci_id,
  });

  const detail = async (row: RegistrationRow) => ({
    registration: {
      ...toRegistrationCore(row),
      actions: registrationActions(row.state),
      orderId: row.current_order_id,
      ...(await orderAndIpci(db, row)),
      workflowUrl: workflowUrl(cfg, row.workflow_id),
    },
    uploads: await uploadsOf(db, row.data),
  });

  /** The caller's registration (404 for anyone else's: nobody learns it exists). */
  const loadRegistration: Middleware = async (ctx, next) => {
    const row = await registration(db, ctx.params.id);
    if (!row || row.user_id !== ctx.state.user.id) throw notFound();
    ctx.state.registration = row;
    await next();
  };
  const reload = async (ctx: Context) => (ctx.body = await detail((await registration(db, (ctx.state.registration as RegistrationRow).id))!));

  const start = async (row: RegistrationRow) => {
    try {
      await temporal.workflow.start(titleAudit, {
        taskQueue: cfg.taskQueue,
        workflowId: row.workflow_id,
        args: [
          {
            registrationId: row.id,
            userId: row.user_id,
            mode: row.mode,
            slaWorkingDays: titleAuditSlaWorkingDays(process.env.IPCI_TITLE_AUDIT_SLA),
            slaOverrideMs: envMs('IPCI_TITLE_SLA_MS'),
            paymentTimeoutMs: envMs('IPCI_ORDER_TIMEOUT_MS'),
          },
        ],
        typedSearchAttributes: [
          { key: CaseId, value: row.id },
          { key: CaseKind, value: 'titleAudit' },
          { key: CaseState, value: 'toAudit' },
          { key: OwnerUserId, value: row.user_id },
        ],
        memo: { title: `Title registration ${row.id}` },
        staticSummary: `Title registration (${row.mode})`,
        staticDetails: `Registration ${row.id} of user ${row.user_id}; the audit task lives in queue "title", the fee's order in a child orderPayment.`,
      });
    } catch (err) {
      if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
    }
  };

  return (
    new Router()
      // The audit duration this platform is configured with (IPCI_TITLE_AUDIT_SLA): the pages state it, nothing else.
      .get('/api/title/terms', anyone, (ctx) => {
        ctx.body = { auditWorkingDays: titleAuditSlaWorkingDays(process.env.IPCI_TITLE_AUDIT_SLA) };
      })
      // ---- drafts: saved as the user goes through the wizard --------------------------------------
      .post('/api/title/drafts', user, verified, validate(draftBody), async (ctx) => {
        const data = await draftFields(ctx.state.input.data);
        // The wizard creates its draft on the first save of something entered: no 'Untitled draft' per click.
        if (!Object.values(data).some(isEntered)) throw badRequest({ data: { key: 'title.draftEmpty' } });
        await checkUploads(db, ctx.state.user.id, data);
        ctx.status = 201;
        ctx.body = { draft: toDraftJson(await createDraft(db, ctx.state.user.id, data, ctx.state.input.step ?? 'notice')) };
      })
      .get('/api/title/drafts', user, validate(pageSchema, 'query'), async (ctx) => {
        const { rows, next } = await draftsPage(db, ctx.state.user.id, ctx.state.input);
        ctx.body = { items: rows.map(toDraftJson), next };
      })
      .get('/api/title/drafts/:id', user, async (ctx) => {
        const draft = await draftOf(db, ctx.state.user.id, ctx.params.id);
        if (!draft) throw notFound();
        ctx.body = { draft: toDraftJson(draft), uploads: await uploadsOf(db, draft.data) };
      })
      .put('/api/title/drafts/:id', user, verified, validate(draftBody), async (ctx) => {
        const data = await draftFields(ctx.state.input.data);
        await checkUploads(db, ctx.state.user.id, data);
        const draft = await saveDraft(db, ctx.state.user.id, ctx.params.id, data, ctx.state.input.step);
        if (!draft) throw notFound();
        ctx.body = { draft: toDraftJson(draft) };
      })
      .delete('/api/title/drafts/:id', user, verified, async (ctx) => {
        if (!(await deleteDraft(db, ctx.state.user.id, ctx.params.id))) throw notFound();
        ctx.status = 204;
      })

      // ---- registrations ------------------------------------------------------------------------
      .post('/api/title/registrations', user, verified, validate(submitBody), async (ctx) => {
        const userId = ctx.state.user.id;
        const { draftId } = ctx.state.input;
        const draft = await draftOf(db, userId, draftId);
        if (!draft) {
          // Submitted already (a double click, a retry): the registration it became.
          const existing = await registration(db, draftId);
          if (!existing || existing.user_id !== userId) throw notFound();
          ctx.body = await detail(existing);
          return;
        }
        const data = (await checkInput(registrationSchema, draft.data)) as TitleRegistration & Record<string, unknown>;
        await checkUploads(db, userId, data);
        await checkExistingIpci(db, userId, data);
        await checkActiveCategory(db, data);
        const result = await registerDraft(db, draft, data, start);
        if (!result) throw notFound();
        ctx.status = result.created ? 201 : 200;
        ctx.body = await detail(result.row);
      })
      .get('/api/title/registrations', user, validate(listSchema, 'query'), async (ctx) => {
        const { rows, next } = await registrationsPage(db, ctx.state.user.id, ctx.state.input);
        ctx.body = { items: rows.map(listItem), next };
      })
      .get('/api/title/registrations/:id', user, loadRegistration, async (ctx) => {
        ctx.body = await detail(ctx.state.registration);
      })
      .put('/api/title/registrations/:id', user, verified, validate(resubmitBody), loadRegistration, async (ctx) => {
        const row: RegistrationRow = ctx.state.registration;
        if (row.state !== 'failed') throw conflict('title.notAwaitingCorrection');
        const data = (await checkInput(registrationSchema, ctx.state.input.data)) as TitleRegistration & Record<string, unknown>;
        onlyFlaggedChanged(row.flags, row.data, data);
        await checkUploads(db, row.user_id, data);
        await checkExistingIpci(db, row.user_id, data);
        await checkActiveCategory(db, data, row.data.ipCategory);
        await runUpdate(() => handle(row).executeUpdate(resubmitTitle, { args: [{ userId: row.user_id, data }] }));
        await reload(ctx);
      })
      .post('/api/title/registrations/:id/cancel', user, verified, loadRegistration, async (ctx) => {
        const row: RegistrationRow = ctx.state.registration;
        if (!registrationActions(row.state).includes('cancel')) throw conflict('title.notCancellable');
        // An order waiting for money is cancelled first, by its own rules (e.g. not while finance
        // checks a remittance); the registration follows once the order has ended.
        if (row.state === 'pendingPayment' && row.current_order_id) {
          const order = temporal.workflow.getHandle(`orderPayment/${row.current_order_id}`);
          await runUpdate(() => order.executeUpdate(cancelOrder, { args: [{ userId: 'system' }] }));
        }
        await runUpdate(() => handle(row).executeUpdate(cancelTitle, { args: [{ userId: row.user_id }] }));
        await reload(ctx);
      })
      .post('/api/title/registrations/:id/order', user, verified, loadRegistration, async (ctx) => {
        const row: RegistrationRow = ctx.state.registration;
        await runUpdate(() => handle(row).executeUpdate(reorderTitle, { args: [{ userId: row.user_id }] }));
        await reload(ctx);
      })
  );
}
