import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import type { MatchEvidence } from '../../domain/monitoring';
import { appStore } from '../../storage/appStore';
import { Caller, testDb } from './http';
import { certifiedUser } from './identity';
import { ipciRow } from './ipcis';

/**
 * A suspected infringement as the matcher files it, written directly (the crawl and the matcher have
 * their own tests): a certified holder with a valid IPCI, an active subscription with a comparison
 * picture, the crawled copy in the store, and the suspect with its evidence and page snapshot.
 */
export async function suspectOf(holder: { user: { id: string }; caller: Caller }, ipciId: string, over: { evidence?: MatchEvidence; website?: string } = {}) {
  const db = testDb();
  const subscriptionId = randomUUID();
  await db('monitoring_subscriptions').insert({ id: subscriptionId, user_id: holder.user.id, ipci_id: ipciId, plan: 'month', state: 'active', workflow_id: `monitoringSubscription/${subscriptionId}` });
  const original = await sharp({ create: { width: 600, height: 600, channels: 3, background: { r: 200, g: 40, b: 60 } } }).png().toBuffer();
  const upload = await holder.caller.upload('monitorPicture', original, 'original.png');
  if (upload.status !== 201) throw new Error(`comparison picture: ${upload.status} ${JSON.stringify(upload.body)}`);
  const [picture] = await db('monitoring_pictures').insert({ subscription_id: subscriptionId, upload_id: upload.body.id, width: 600, height: 600 }).returning('id');
  // The copy as found: a WebP, which evidence uploads do not take as such.
  // Each suspect its own copy (crawl_images are unique by address and content).
  const colour = () => Math.floor(Math.random() * 256);
  const copy = await sharp({ create: { width: 300, height: 300, channels: 3, background: { r: colour(), g: colour(), b: colour() } } }).webp().toBuffer();
  const sha = createHash('sha256').update(copy).digest('hex');
  const key = `crawl/images/${sha}`;
  await appStore().put(key, Readable.from([copy]), { contentType: 'image/webp', maxBytes: copy.length + 1 });
  const website = over.website ?? 'shop.example.com';
  const imageUrl = `https://${website}/img/${randomUUID()}.webp`;
  const [image] = await db('crawl_images').insert({ url: imageUrl, sha256: sha, width: 300, height: 300, thumbnail_key: key }).returning('id');
  const { rows } = await db.raw(`select nextval('suspect_serial') as serial`);
  const number = `ST20261125${String(rows[0].serial).padStart(6, '0')}`;
  const [suspect] = await db('suspects')
    .insert({
      number,
      subscription_id: subscriptionId,
      user_id: holder.user.id,
      ipci_id: ipciId,
      match_kind: 'image',
      work_title: '山海图',
      website,
      page_url: `https://${website}/item/${randomUUID()}`,
      image_url: imageUrl,
      image_id: image.id,
      picture_id: picture.id,
      evidence: JSON.stringify(over.evidence ?? { kind: 'image', pictureId: picture.id, method: 'global', distance: 12, keywords: ['山海图'] }),
      snapshot_sha256: 'a'.repeat(64),
      snapshot_title: '山海图 T恤 热卖',
      snapshot_text: '山海图 T恤，纯棉，全国包邮。',
      fetched_at: new Date('2026-11-25T02:00:00Z'),
      detected_at: new Date('2026-11-25T02:05:00Z'),
    })
    .returning('*');
  return { suspect, subscriptionId, originalUploadId: upload.body.id as string };
}

/** A certified holder (张三) with a valid IPCI naming them and one suspect found for it. */
export async function holderWithSuspect(lang = 'en-US', over: Parameters<typeof suspectOf>[2] = {}) {
  const who = await certifiedUser(lang);
  const ipci = await ipciRow(who.user.id, { valid_until: '2090-12-31' });
  return { ...who, ipci, ...(await suspectOf(who, ipci.id, over)) };
}
