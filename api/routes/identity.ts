import Router from '@koa/router';
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/client';
import type { Knex } from 'knex';
import * as yup from 'yup';
import { IDENTITY_KINDS, IDENTITY_STATE, identitySchema, UPLOAD_FIELDS, uploadRefs, type IdentityKind } from '../../domain/identity';
import { certificationOf, deleteCertification, insertCertification, toCertificationJson, type CertificationRow } from '../../db/identity';
import { workflowUrl } from '../../temporal/config';
import { identityReview, resubmitIdentity } from '../../workflows/identityReview';
import { CaseId, CaseKind, CaseState, OwnerUserId } from '../../workflows/lib/searchAttributes';
import type { ApiDeps } from '../deps';
import { badRequest, conflict } from '../errors';
import { checkOwnedUploads } from '../lib/ownedUploads';
import { onlyFlaggedChanged } from '../lib/corrections';
import { allow } from '../middleware/auth';
import { validate } from '../middleware/validate';
import { runUpdate } from '../lib/workflowErrors';
import { checkInput } from '../../domain/validation/rules';

/** The certification data by its kind's schema; a failure is a 400 with field messages (errors middleware). */
const checkData = (kind: IdentityKind, data: unknown) => checkInput(identitySchema(kind), data ?? {});

/** Every referenced upload must be the caller's own and of the field's kind. */
const checkUploads = (k: Knex, userId: string, kind: IdentityKind, data: Record<string, unknown>) =>
  checkOwnedUploads(k, userId, uploadRefs(kind, data).map((r) => ({ ...r, kind: UPLOAD_FIELDS[kind][r.field] })));

export function identityRoutes({ db, temporal, cfg }: ApiDeps): Router {
  const json = (row: CertificationRow) => toCertificationJson(row, workflowUrl(cfg, row.workflow_id));
  const submitSchema = yup.object({ kind: yup.string().oneOf([...IDENTITY_KINDS]).required(), data: yup.object().required() }).noUnknown();
  const resubmitSchema = yup.object({ data: yup.object().required() }).noUnknown();

  return new Router()
    .get('/api/identity', allow('user'), async (ctx) => {
      const row = await certificationOf(db, ctx.state.user.id);
      ctx.body = { certification: row ? json(row) : null };
    })
    .post('/api/identity', allow('user'), validate(submitSchema), async (ctx) => {
      const user = ctx.state.user;
      const kind: IdentityKind = ctx.state.input.kind;
      if (kind !== user.kind) throw badRequest({ kind: { key: 'identity.wrongKind' } });
      const data = await checkData(kind, ctx.state.input.data);
      await checkUploads(db, user.id, kind, data);
      const existing = await certificationOf(db, user.id);
      if (existing) throw conflict(existing.state === IDENTITY_STATE.verified ? 'identity.alreadyVerified' : 'identity.underReview');
      const row = await insertCertification(db, user.id, kind, data);
      if (!row) throw conflict('identity.underReview');
      try {
        await temporal.workflow.start(identityReview, {
          taskQueue: cfg.taskQueue,
          workflowId: row.workflow_id,
          args: [{ certificationId: row.id, userId: user.id, kind, slaOverrideMs: slaOverride() }],
          typedSearchAttributes: [
            { key: CaseId, value: row.id },
            { key: CaseKind, value: 'identityReview' },
            { key: CaseState, value: 'under_review' },
            { key: OwnerUserId, value: user.id },
          ],
          memo: { title: `Identity certification (${kind}) ${row.id}` },
          staticSummary: `Identity certification (${kind})`,
          staticDetails: `Certification ${row.id} of user ${user.id}; the inbox task lives in queue "identity".`,
        });
      } catch (err) {
        if (!(err instanceof WorkflowExecutionAlreadyStartedError)) {
          await deleteCertification(db, row.id);
          throw err;
        }
      }
      ctx.status = 201;
      ctx.body = { certification: json(row) };
    })
    .put('/api/identity', allow('user'), validate(resubmitSchema), async (ctx) => {
      const user = ctx.state.user;
      const row = await certificationOf(db, user.id);
      if (!row || row.state !== IDENTITY_STATE.failed) throw conflict('identity.notAwaitingCorrection');
      const data = await checkData(row.kind, ctx.state.input.data);
      onlyFlaggedChanged(row.flags, row.data, data as Record<string, unknown>);
      await checkUploads(db, user.id, row.kind, data);
      await runUpdate(() => temporal.workflow.getHandle(row.workflow_id).executeUpdate(resubmitIdentity, { args: [{ userId: user.id, data }] }));
      ctx.body = { certification: json((await certificationOf(db, user.id))!) };
    });
}

/** IPCI_IDENTITY_SLA_MS shortens the review SLA for tests and demos; unset in production. */
function slaOverride(): number | undefined {
  const ms = Number(process.env.IPCI_IDENTITY_SLA_MS);
  return Number.isFinite(ms) && ms > 0 ? ms : undefined;
}
