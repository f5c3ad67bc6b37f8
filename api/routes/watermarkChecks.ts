import Router from '@koa/router';
import type { Context } from 'koa';
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { verifyPagePath } from '../../domain/certificate';
import type { Credentials, CredentialsSummary } from '../../domain/credentials';
import { isPubliclyVerifiable } from '../../domain/ipci';
import { ipNameIn, ipNamesOf } from '../../domain/ipNames';
import { checkInput } from '../../domain/validation/rules';
import { watermarkCheckListSchema, watermarkCheckUploadSchema } from '../../domain/watermark';
import { isPlatformC2paCertificate } from '../../db/c2paCertificates';
import { ipciById, ipciStatus } from '../../db/ipcis';
import { certifiedNames } from '../../db/protection';
import {
  checkThumbnailKey,
  detectedChecksPage,
  detectedThumbnailKey,
  insertWatermarkCheck,
  ownChecksPage,
  toDetectedCheckJson,
  type CheckOrigin,
} from '../../db/watermarkChecks';
import { findItemByMark, type WatermarkItemRow } from '../../db/watermarks';
import type { ApiDeps } from '../deps';
import { notFound } from '../errors';
import { safeError } from '../lib/safeError';
import { sendObject } from '../lib/sendObject';
import { siteOrigin } from '../lib/siteOrigin';
import { refuseDeclaredSize, withSuspect, type Suspect, type SuspectKind } from '../lib/suspectFile';
import { allow, anyone } from '../middleware/auth';
import { rateLimit } from '../middleware/rateLimit';
import { validate } from '../middleware/validate';

/**
 * Reading a suspect costs the server a decode and a search over the picture: one address (or one
 * signed-in user) may ask this many a minute — plenty for people checking what they found, too few
 * to use the platform as a bulk scanner.
 */
export const CHECK_LIMIT = { prefix: 'watermarkCheck', points: 20, seconds: 60 } as const;

type Found = { item: WatermarkItemRow; ownerId: string; ipciId: string | null };

/**
 * Online identification (issue 14): anyone's suspect file on protect/antifake, the owner's own on
 * watermarkdetect. Every check is logged (watermark_checks), found or not; one that found a mark keeps
 * a small WebP of the suspect for the mark's owner, who sees every such check in `detected watermark`.
 */
export function watermarkCheckRoutes({ db, store, downloads }: ApiDeps): Router {
  /**
   * Reads the request's suspect and logs the check. The evidence thumbnail is drawn only when a mark
   * was found; if drawing it fails the check is still answered and logged, without one.
   */
  async function identify(ctx: Context, origin: CheckOrigin): Promise<{ suspect: Suspect; found: Found | undefined; credentials: CredentialsSummary | null }> {
    const { size } = await checkInput(watermarkCheckUploadSchema, ctx.query);
    refuseDeclaredSize(size);
    return withSuspect(ctx, async (suspect: Suspect, kind: SuspectKind) => {
      const reading = await kind.read(suspect);
      const { mark } = reading;
      const found = mark === null ? undefined : await findItemByMark(db, mark);
      const credentials = await credentialsSummary(reading.credentials ?? null);
      const id = randomUUID();
      let thumbnailKey: string | null = null;
      if (found) {
        try {
          const webp = await kind.thumbnail(suspect);
          await store.put(checkThumbnailKey(id), Readable.from([webp]), { contentType: 'image/webp', maxBytes: webp.length });
          thumbnailKey = checkThumbnailKey(id);
        } catch (err) {
          console.error(`[watermarkChecks] check ${id} logged without its thumbnail: ${safeError(err)}`);
        }
      }
      try {
        await insertWatermarkCheck(db, {
          id,
          origin,
          checkerId: ctx.state.user?.id ?? null,
          media: suspect.media,
          itemId: found?.item.id ?? null,
          ownerId: found?.ownerId ?? null,
          credentials,
          fileName: suspect.name,
          fileSize: suspect.size,
          sha256: suspect.sha256,
          thumbnailKey,
        });
      } catch (err) {
        if (thumbnailKey) await store.delete(thumbnailKey);
        throw err;
      }
      return { suspect, found, credentials };
    });
  }

  /**
   * A manifest names its signer, but anyone can make a valid one that calls itself the platform:
   * only a signer certificate the platform published (c2pa_certificates) makes it the platform's.
   */
  async function credentialsSummary(c: Credentials | null): Promise<CredentialsSummary | null> {
    if (!c) return null;
    return { ...c, platform: c.certificateSha256 ? await isPlatformC2paCertificate(db, c.certificateSha256) : false };
  }

  /**
   * What the public is told about a found mark: who registered it — the holder as the IPCI
   * certificate prints it, else the owner's certified name, never a contact —, the IP in the reader's
   * language and the certificate's code and verification page. A certificate third parties can no
   * longer rely on (taken down for title, expired, revoked) is named by code and outcome only, as its
   * verification page does; what is unknown (no IPCI, an owner not certified) is null.
   */
  async function publicAnswer(ctx: Context, { item, ownerId, ipciId }: Found) {
    const [ipci, names, owner] = await Promise.all([
      ipciId ? ipciById(db, ipciId) : undefined,
      certifiedNames(db, ownerId),
      db('users').where({ id: ownerId }).first('purged_at'),
    ]);
    const verifiable = ipci ? isPubliclyVerifiable(ipciStatus(ipci)) : false;
    const certified = owner && !owner.purged_at ? (names?.[0] ?? null) : null;
    return {
      found: true,
      media: item.media,
      owner: ipci && verifiable ? ipci.holder : certified,
      ipName: ipci && verifiable ? ipNameIn(ipNamesOf(ipci), ctx.state.lang) : null,
      ipciCode: ipci?.code ?? null,
      ipciVerifiable: ipci ? verifiable : null,
      verifyUrl: ipci ? `${siteOrigin()}${verifyPagePath(ipci.code)}` : null,
      registeredAt: item.created_at,
    };
  }

  return new Router()
    .post('/api/watermark-checks', anyone, rateLimit(db, CHECK_LIMIT), async (ctx) => {
      const { found, credentials } = await identify(ctx, 'public');
      ctx.body = { ...(found ? await publicAnswer(ctx, found) : { found: false }), credentials };
    })
    /**
     * The owner's watermarkdetect: only the caller's own marks are named. Another user's mark is
     * "not one of yours" without a word about whose (that check still shows in that owner's list).
     */
    .post('/api/watermarks/detect', allow('user'), rateLimit(db, CHECK_LIMIT, (ctx) => ctx.state.user.id), async (ctx) => {
      const { suspect, found, credentials } = await identify(ctx, 'owner');
      if (!found) {
        ctx.body = { found: false, credentials };
        return;
      }
      if (found.ownerId !== ctx.state.user.id) {
        // The manifest is the file's own metadata: telling the caller what their file says names no one new.
        ctx.body = { found: true, mine: false, credentials };
        return;
      }
      const { item } = found;
      ctx.body = {
        found: true,
        mine: true,
        media: suspect.media,
        itemId: item.id,
        name: item.source_name,
        copyFileId: item.copy_file_id,
        createdAt: item.created_at,
        ipciCode: item.ipci_code,
        ipName: item.ipci_id ? ipNameIn(ipNamesOf({ ip_name_zh: item.ip_name_zh ?? '', ip_name_en: item.ip_name_en, ip_name_ja: item.ip_name_ja }), ctx.state.lang) : null,
        credentials,
      };
    })
    /** The caller's own checks, newest first: what they checked and whether it was one of theirs. */
    .get('/api/watermarks/detect', allow('user'), validate(watermarkCheckListSchema, 'query'), async (ctx) => {
      const me = ctx.state.user.id;
      const { rows, next } = await ownChecksPage(db, me, ctx.state.input);
      // Another owner's copy is not named: only whether the mark was the caller's.
      ctx.body = {
        items: rows.map((r) => {
          const mine = r.owner_id === me;
          return { ...toDetectedCheckJson(mine ? r : { ...r, item_id: null, thumbnail_key: null }), found: r.found, mine };
        }),
        next,
      };
    })
    .get('/api/watermark-checks/detected', allow('user'), validate(watermarkCheckListSchema, 'query'), async (ctx) => {
      const { rows, next } = await detectedChecksPage(db, ctx.state.user.id, ctx.state.input);
      ctx.body = { items: rows.map(toDetectedCheckJson), next };
    })
    .get('/api/watermark-checks/detected/:id/thumbnail', allow('user'), async (ctx) => {
      const key = await detectedThumbnailKey(db, ctx.state.user.id, ctx.params.id);
      if (!key) throw notFound();
      await sendObject(ctx, { store, downloads }, key, { mime: 'image/webp' });
    });
}
