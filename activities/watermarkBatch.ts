import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { Knex } from 'knex';
import { siteOrigin } from '../api/lib/siteOrigin';
import { verifyPagePath } from '../domain/certificate';
import { GALLERY_UPLOAD_KIND } from '../domain/gallery';
import { isVideoMime, markBytes } from '../domain/watermark';
import { publishC2paCertificate } from '../db/c2paCertificates';
import { ipciById } from '../db/ipcis';
import { insertMessage } from '../db/messages';
import { certifiedNames } from '../db/protection';
import { countBatch, finishWatermarkBatch, itemMark, itemToEmbed, setItemState, storeWatermarkedCopy } from '../db/watermarks';
import type { ObjectStore } from '../storage';
import { withLocalCopy } from '../storage/localCopy';
import { DEFAULT_PSNR, embedWatermark, payloadBigInt, readWatermark } from '../watermark';
import { signCredentials, type CredentialsClaim, type CredentialsType } from '../watermark/credentials';
import { credentialsKey } from '../watermark/credentialsKey';
import { FfmpegFailed, FfmpegMissing } from '../watermark/ffmpeg';
import { embedVideo, readVideo, VideoUnreadable, videoPsnr } from '../watermark/video';
import { heartbeat } from './lib/heartbeat';

/** What a copy's content credentials state (watermark/credentials.ts signs them): who, which IP, which item. */
export interface WatermarkClaim {
  itemId: string;
  owner: { id: string; name: string };
  ipci: { id: string; code: string; names: { zh: string; en: string; ja: string } } | null;
}

export interface MarkedCopy {
  bytes: Buffer;
  mime: string;
  ext: string;
  /** Against the original as decoded; Infinity when nothing changed (never for a real picture). */
  psnr: number;
  /** The copy carries a C2PA manifest. */
  credentials: boolean;
}

/**
 * A failure of the file itself (it does not decode, the mark does not read back): retrying cannot
 * help, so the item fails with this errors.* key and the batch goes on.
 */
export class ItemRefused extends Error {
  constructor(readonly key: string, options?: ErrorOptions) {
    super(key, options);
  }
}

/**
 * The codec's default strength first; a picture that does not read back at it (small ones, a tile
 * or two, now and then) is marked again a little stronger. JPEG's rounding costs up to ~0.8 dB of
 * the target, so a copy is kept only when its measured PSNR is still at issue 14's 40 dB bar
 * (measured on 256–320 px pictures: a target of 41 lands at 40.2 dB at the worst).
 */
export const EMBEDDING_PSNR = [DEFAULT_PSNR, 41];
export const MIN_COPY_PSNR = 40;

const IMAGE_FORMATS: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png' };

/**
 * One picture made into its marked copy, in the original's format (the codec writes JPEG at
 * quality 95 without chroma subsampling, PNG losslessly), and checked: the copy as written is read
 * back and must give `mark`, else nobody could ever identify it. Every addition to a picture's copy
 * goes through here: `claim` is what content credentials state; the watermark itself needs only the
 * mark. (A video is marked file to file by storeMarkedVideo.)
 */
export async function markedCopy(original: Buffer, mime: string, mark: bigint, claim: WatermarkClaim): Promise<MarkedCopy> {
  const ext = IMAGE_FORMATS[mime];
  if (!ext) throw new ItemRefused('watermark.batch.itemUnsupported');
  for (const psnr of EMBEDDING_PSNR) {
    let embedded: { image: Buffer; psnr: number };
    try {
      embedded = await embedWatermark(original, markBytes(mark), { psnr });
    } catch (err) {
      throw new ItemRefused('watermark.batch.itemUndecodable', { cause: err });
    }
    const reading = await readWatermark(embedded.image);
    if (reading && payloadBigInt(reading.payload) === mark && embedded.psnr >= MIN_COPY_PSNR) {
      // Metadata beside the pixels: the copy's pixels, and so its mark, stay exactly as verified.
      const bytes = await signCredentials(embedded.image, mime as CredentialsType, credentialsClaim(claim));
      return { bytes, mime, ext, psnr: embedded.psnr, credentials: true };
    }
  }
  throw new ItemRefused('watermark.batch.itemUnverified');
}

/**
 * What the copy's C2PA manifest states: the owner as `claim` names them, the IP by its Chinese name
 * (the one every IPCI has), the certificate's code and its public verification page.
 */
const credentialsClaim = (claim: WatermarkClaim): CredentialsClaim => ({
  owner: claim.owner.name,
  ipciCode: claim.ipci?.code ?? null,
  ipName: claim.ipci?.names.zh ?? null,
  verifyUrl: claim.ipci ? siteOrigin() + verifyPagePath(claim.ipci.code) : null,
  itemId: claim.itemId,
  createdAt: new Date(),
});

/**
 * The owner as a copy names them, and as the identification page does: the IPCI's holder as its
 * certificate prints it, else their certified name; the account name only when neither exists.
 */
async function ownerOnCopy(k: Knex, item: { user_id: string; ipci_id: string | null; owner_name: string }): Promise<string> {
  const ipci = item.ipci_id ? await ipciById(k, item.ipci_id) : undefined;
  return ipci?.holder || (await certifiedNames(k, item.user_id))?.[0] || item.owner_name;
}

/** Where an item's copy is kept: derived from the item, so a retried activity overwrites rather than adds. */
export const copyKey = (itemId: string, ext: string) => `watermarked/${itemId}.${ext}`;

/** "poster.png" → "poster-watermarked.png" (the copy's name in the gallery and its download). */
export const copyName = (sourceName: string, ext: string) => `${sourceName.replace(/\.[^.]*$/, '') || 'image'}-watermarked.${ext}`.slice(-255);

async function readObject(store: ObjectStore, key: string): Promise<Buffer> {
  const object = await store.get(key);
  // Deleted since the activity looked: a retry finds it gone and fails the item.
  if (!object) throw new Error(`stored object ${key} is missing`);
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

type ItemToEmbed = NonNullable<Awaited<ReturnType<typeof itemToEmbed>>>;

/** A copy stored under its item's key (copyKey): what its gallery row needs. */
interface StoredCopy {
  mime: string;
  ext: string;
  size: number;
  psnr: number;
  credentials: boolean;
}

/**
 * A picture's marked copy (markedCopy), made in memory — a picture is at most MAX_WATERMARK_PIXELS —
 * and stored under its item's key.
 */
async function storeMarkedPicture(k: Knex, store: ObjectStore, item: ItemToEmbed, sourceKey: string): Promise<StoredCopy> {
  const original = await readObject(store, sourceKey);
  const claim: WatermarkClaim = {
    itemId: item.id,
    owner: { id: item.user_id, name: await ownerOnCopy(k, item) },
    ipci: item.ipci_id ? { id: item.ipci_id, code: item.ipci_code!, names: { zh: item.ip_name_zh!, en: item.ip_name_en!, ja: item.ip_name_ja! } } : null,
  };
  const copy = await markedCopy(original, item.mime!, itemMark(item), claim);
  heartbeat({ step: 'storing' });
  if (copy.credentials) {
    // Before the copy exists anywhere: the identification page knows it for the platform's by this certificate.
    const signer = await credentialsKey();
    await publishC2paCertificate(k, signer.sha256, signer.pem);
  }
  const size = copy.bytes.length;
  await store.put(copyKey(item.id, copy.ext), Readable.from([copy.bytes]), { contentType: copy.mime, originalName: copyName(item.source_name, copy.ext), maxBytes: size });
  return { mime: copy.mime, ext: copy.ext, size, psnr: copy.psnr, credentials: copy.credentials };
}

/**
 * A video's marked copy, file to file: a 300-s 1080p original and its copy (2–3× larger) are hundreds
 * of MB, never held in memory. The original is streamed to a temporary folder, marked into a copy
 * beside it (watermark/video embedVideo), the copy read back (it must give the item's mark), measured
 * and streamed to the store under its item's key. Embedding such a video takes 10 minutes or more:
 * the activity heartbeats every couple of seconds of frames.
 */
async function storeMarkedVideo(store: ObjectStore, item: ItemToEmbed, sourceKey: string): Promise<StoredCopy> {
  const mark = itemMark(item);
  const mime = item.mime!;
  try {
    return await withLocalCopy(store, sourceKey, async (original) => {
      const marked = path.join(path.dirname(original), 'marked.mp4');
      await embedVideo(original, marked, markBytes(mark), (seconds) => heartbeat({ step: 'embedding', seconds }));
      const reading = await readVideo(marked, (seconds) => heartbeat({ step: 'verifying', seconds }));
      if (!reading || payloadBigInt(reading.payload) !== mark) throw new ItemRefused('watermark.batch.itemUnverified');
      heartbeat({ step: 'measuring' });
      const psnr = await videoPsnr(marked, original);
      const { size } = await stat(marked);
      heartbeat({ step: 'storing' });
      await store.put(copyKey(item.id, 'mp4'), createReadStream(marked), { contentType: mime, originalName: copyName(item.source_name, 'mp4'), maxBytes: size });
      return { mime, ext: 'mp4', size, psnr, credentials: false };
    });
  } catch (err) {
    if (err instanceof FfmpegMissing) throw new ItemRefused('video.ffmpegMissing', { cause: err });
    if (err instanceof VideoUnreadable || err instanceof FfmpegFailed) throw new ItemRefused('video.unreadable', { cause: err });
    throw err;
  }
}

/** Where the batch's closing message leads: the page that shows it. */
const batchLink = (batchId: string) => `usercenter/addwatermarkimage?batch=${batchId}`;

/**
 * Side effects of the watermarkBatch workflow. Each is idempotent: an item already done or failed
 * is left as it is, a copy's object is written under its item's key, and the copy's rows and the
 * item's completion are one transaction that checks the item is still unfinished.
 */
export function watermarkBatchActivities(k: Knex, store: ObjectStore) {
  const fail = async (itemId: string, batchId: string, key: string) => {
    await setItemState(k, itemId, 'failed', key);
    await countBatch(k, batchId);
  };

  return {
    /** One item: embed, verify, store the copy against the capacity left. */
    async embedWatermarkItem(input: { itemId: string }): Promise<'done' | 'failed' | 'skipped'> {
      const item = await itemToEmbed(k, input.itemId);
      if (!item) throw new Error(`watermark item ${input.itemId} does not exist`);
      if (item.state === 'done' || item.state === 'failed') return 'skipped';
      const sourceKey = item.storage_key && item.mime && (await store.head(item.storage_key)) ? item.storage_key : null;
      if (!sourceKey) {
        // The original was deleted after the batch was asked for.
        await fail(item.id, item.batch_id, 'watermark.batch.itemSourceGone');
        return 'failed';
      }
      await setItemState(k, item.id, 'embedding');
      heartbeat({ step: 'embedding' });
      let copy: StoredCopy;
      try {
        copy = isVideoMime(item.mime!) ? await storeMarkedVideo(store, item, sourceKey) : await storeMarkedPicture(k, store, item, sourceKey);
      } catch (err) {
        if (!(err instanceof ItemRefused)) throw err;
        await fail(item.id, item.batch_id, err.key);
        return 'failed';
      }
      const key = copyKey(item.id, copy.ext);
      const name = copyName(item.source_name, copy.ext);
      const stored = await storeWatermarkedCopy(k, {
        itemId: item.id,
        fileId: randomUUID(),
        folderId: item.folder_id,
        psnr: copy.psnr,
        credentials: copy.credentials,
        upload: { owner_id: item.user_id, kind: GALLERY_UPLOAD_KIND, mime: copy.mime, ext: copy.ext, size: String(copy.size), width: item.width, height: item.height, original_name: name, storage_key: key },
      });
      if (stored.state === 'capacity') {
        await store.delete(key);
        await fail(item.id, item.batch_id, 'watermark.batch.itemCapacity');
        return 'failed';
      }
      await countBatch(k, item.batch_id);
      return stored.state === 'done' ? 'done' : 'skipped';
    },

    /** The workflow gave up on an item (its activity kept failing): failed, so the batch can finish. */
    async failWatermarkItem(input: { itemId: string; batchId: string }): Promise<void> {
      await fail(input.itemId, input.batchId, 'watermark.batch.itemFailed');
    },

    /** Counters, finished, and the owner told in their language how it went. */
    async finishWatermarkBatch(input: { batchId: string }): Promise<{ total: number; done: number; failed: number }> {
      const { userId, ...counts } = await finishWatermarkBatch(k, input.batchId);
      await insertMessage(k, {
        dedupeKey: `watermarkBatch/${input.batchId}/finished`,
        userId,
        titleKey: counts.failed ? 'watermarkBatchPartly' : 'watermarkBatchFinished',
        params: counts,
        actionLink: batchLink(input.batchId),
      });
      return counts;
    },
  };
}
