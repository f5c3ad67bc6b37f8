import Router from '@koa/router';
import type { Context } from 'koa';
import {
  certificateFileName,
  SIGNATURE_KEY_HEADER,
  SIGNING_KEY_FILE_NAME,
  SIGNING_KEY_PATH,
  SIGNING_KEYS_API,
  signatureFileName,
  type VerificationOutcome,
} from '../../domain/certificate';
import { ipciState, isIpciIdentifier, isPubliclyVerifiable, parseIpciCode } from '../../domain/ipci';
import { isStaff } from '../../domain/roles';
import { countSearch, ipciByCode, ipciById, ipciStatus, type IpciRow } from '../../db/ipcis';
import { currentKey, keyById, publishedKeys } from '../../db/signingKeys';
import type { ApiDeps } from '../deps';
import { badRequest, conflict, forbidden, HttpError } from '../errors';
import { sendObject } from '../lib/sendObject';
import { allow, anyone } from '../middleware/auth';
import { idParam } from '../middleware/params';
import { rateLimit } from '../middleware/rateLimit';

/**
 * The electronic certificate in public: verification by code (the QR code's page), the published
 * signing keys, and the owner's (or staff's) download of the PDF and its detached signature.
 */

/**
 * Verification stays open to anyone, but codes are sequential: one address may check this many a
 * minute, enough for people and too few to walk the register.
 */
export const VERIFY_LIMIT = { prefix: 'verify', points: 30, seconds: 60 } as const;

const notFoundCode = () => new HttpError(404, 'notFound', 'certificate.notFound');

function outcomeOf(row: IpciRow): VerificationOutcome {
  const status = ipciStatus(row);
  if (status.invalid) return 'invalid';
  return isPubliclyVerifiable(status) ? 'verified' : 'takenDown';
}

const statementKey = (row: IpciRow, outcome: VerificationOutcome) =>
  outcome === 'invalid' ? `certificate.outcome.${row.invalid_reason === 'revoked' ? 'revoked' : 'expired'}` : `certificate.outcome.${outcome}`;

/**
 * The public answer. A certificate that third parties can no longer verify (title take-down,
 * invalid) is named by its code and state only: holder and IP stay private.
 */
function verificationJson(ctx: Context, row: IpciRow) {
  const status = ipciStatus(row);
  const outcome = outcomeOf(row);
  const head = { code: row.code, state: ipciState(status), outcome, verifiable: isPubliclyVerifiable(status), statement: ctx.state.t(statementKey(row, outcome)) };
  // A revocation after an upheld objection says why by its public category only (no personal data).
  if (row.invalid_reason === 'revoked' && row.revocation_category) return { ...head, revocationCategory: row.revocation_category };
  if (!head.verifiable) return head;
  return {
    ...head,
    identifier: row.id,
    kind: row.kind,
    holder: row.holder,
    ipNames: { zh: row.ip_name_zh, en: row.ip_name_en, ja: row.ip_name_ja },
    issuedAt: row.issued_at.toISOString(),
    validUntil: row.valid_until,
    tradeTakenDown: status.takenDown.includes('trade'),
    // Lets anyone holding a copy check it is this certificate, byte for byte, and with which key it was signed.
    certificate: row.certificate_generated_at ? { sha256: row.certificate_sha256, keyId: row.certificate_key_id, signature: row.certificate_signature } : null,
  };
}

function sendPem(ctx: Context, pem: string, fileName = SIGNING_KEY_FILE_NAME) {
  ctx.type = 'application/x-pem-file';
  ctx.set('Content-Disposition', `attachment; filename="${fileName}"`);
  ctx.set('Cache-Control', 'public, max-age=300');
  ctx.body = pem;
}

export function certificateRoutes({ db, store, downloads }: ApiDeps): Router {
  /** The caller's (or, for staff, anyone's) IPCI whose certificate is in the store; 409 while it is not there yet. */
  async function certificateOf(ctx: Context): Promise<{ row: IpciRow; key: string }> {
    const row = isIpciIdentifier(ctx.params.id) ? await ipciById(db, ctx.params.id) : undefined;
    if (!row) throw new HttpError(404, 'notFound', 'ipci.notFound');
    if (row.user_id !== ctx.state.user.id && !isStaff(ctx.state.user.roles)) throw forbidden();
    const key = row.certificate_key;
    if (!key || !row.certificate_signature || !(await store.head(key))) throw conflict('ipci.certificateNotGenerated');
    return { row, key };
  }

  return new Router()
    // Signing keys are named by the first 16 hex digits of their fingerprint.
    .param('keyId', idParam(/^[0-9a-f]{16}$/))
    .get('/api/public/ipci/:code', anyone, rateLimit(db, VERIFY_LIMIT), async (ctx) => {
      const parts = parseIpciCode(ctx.params.code);
      if (!parts) throw badRequest({ code: { key: 'title.ipciCode' } });
      const row = await ipciByCode(db, parts.code);
      if (!row) throw notFoundCode();
      await countSearch(db, row.id);
      ctx.set('Cache-Control', 'no-store');
      ctx.body = { ipci: verificationJson(ctx, row) };
    })
    .get(SIGNING_KEYS_API, anyone, async (ctx) => {
      const keys = await publishedKeys(db);
      ctx.body = { keys: keys.map((k, i) => ({ ...k, current: i === 0 })) };
    })
    .get(`${SIGNING_KEYS_API}/:keyId.pem`, anyone, async (ctx) => {
      const key = await keyById(db, ctx.params.keyId);
      if (!key) throw notFoundCode();
      sendPem(ctx, key.publicPem, `ipci-signing-key-${key.keyId}.pem`);
    })
    .get([SIGNING_KEY_PATH, '/api/public/signing-key'], anyone, async (ctx) => {
      const key = await currentKey(db);
      if (!key) throw new HttpError(404, 'notFound', 'certificate.noKey');
      ctx.set('X-IPCI-Key-Id', key.keyId);
      sendPem(ctx, key.publicPem);
    })
    .get('/api/ipcis/:id/certificate.pdf', allow('user', 'reviewer', 'admin'), async (ctx) => {
      const { row, key } = await certificateOf(ctx);
      // no-cache: a certificate drawn again (a lost file) keeps its address.
      await sendObject(ctx, { store, downloads }, key, { mime: 'application/pdf', fileName: certificateFileName(row.code), disposition: 'attachment', cache: 'private, no-cache' });
    })
    .get('/api/ipcis/:id/certificate.sig', allow('user', 'reviewer', 'admin'), async (ctx) => {
      const { row } = await certificateOf(ctx);
      ctx.type = 'text/plain';
      ctx.set('Content-Disposition', `attachment; filename="${signatureFileName(row.code)}"`);
      ctx.set(SIGNATURE_KEY_HEADER, row.certificate_key_id ?? '');
      ctx.set('Cache-Control', 'private, no-cache');
      ctx.body = `${row.certificate_signature}\n`;
    });
}
