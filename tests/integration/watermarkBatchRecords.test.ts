import sharp from 'sharp';
import { purgeAccount } from '../../db/retention';
import { abandonWatermarkBatch, createWatermarkBatch } from '../../db/watermarks';
import { syntheticImage } from '../../watermark/synthetic';
import { galleryUpload, grantCapacity } from '../support/gallery';
import { closeTestDb, signedIn, testDb } from '../support/http';

/*
 * The watermark batches' records outside a batch's run (db/watermarks): a batch whose workflow could
 * not be started ends rather than waiting for ever, and the account purge removes a user's batches
 * and items and unlinks the identification checks that named them.
 */

afterAll(closeTestDb);

async function withPicture() {
  const { caller, user } = await signedIn('personal');
  await grantCapacity(user.id, 2);
  const bytes = await sharp(Buffer.from(syntheticImage(400, 300, 61)), { raw: { width: 400, height: 300, channels: 3 } }).jpeg().toBuffer();
  const r = await galleryUpload(caller, bytes, 'p.jpg');
  expect(r.status).toBe(201);
  return { caller, user, fileId: r.body.file.id as string };
}

test('a batch whose workflow could not be started is finished with its items failed, and its original says so', async () => {
  const { caller, user, fileId } = await withPicture();
  const { batchId } = await createWatermarkBatch(testDb(), { userId: user.id, media: 'image', ipciId: null, files: [{ id: fileId, name: 'p.jpg' }] });
  expect((await testDb()('gallery_files').where({ id: fileId }).first('watermark_state')).watermark_state).toBe('pending');
  await abandonWatermarkBatch(testDb(), batchId);
  const { body } = await caller.get(`/api/watermarks/batches/${batchId}`);
  expect(body.batch).toMatchObject({ state: 'finished', total: 1, done: 0, failed: 1 });
  expect(body.batch.items[0]).toMatchObject({ state: 'failed', error: 'watermark.batch.itemFailed', errorMessage: 'Watermarking this file failed; please try it again' });
  expect((await testDb()('gallery_files').where({ id: fileId }).first('watermark_state')).watermark_state).toBe('failed');
});

test('the account purge removes the batches and items and unlinks the checks that found them', async () => {
  const { user, fileId } = await withPicture();
  const checker = await signedIn('personal');
  const { batchId, items } = await createWatermarkBatch(testDb(), { userId: user.id, media: 'image', ipciId: null, files: [{ id: fileId, name: 'p.jpg' }] });
  const check = (checkerId: string | null, ownerId: string | null) => ({
    origin: checkerId ? 'owner' : 'public',
    checker_id: checkerId,
    media: 'image',
    found: true,
    item_id: items[0].id,
    owner_id: ownerId,
    file_name: 'suspect.jpg',
    file_size: 1000,
    sha256: 'a'.repeat(64),
  });
  const [theirs] = await testDb()('watermark_checks').insert(check(checker.user.id, user.id)).returning('id');
  const [own] = await testDb()('watermark_checks').insert(check(user.id, user.id)).returning('id');
  await testDb()('users').where({ id: user.id }).update({ status: 'cancelled', retain_until: '2000-01-01' });

  expect(await purgeAccount(testDb(), user.id)).toBe(true);
  expect(await testDb()('watermark_batches').where({ id: batchId }).first()).toBeUndefined();
  expect(await testDb()('watermark_items').where({ user_id: user.id }).first()).toBeUndefined();
  // The checker's log line stays (their own record), without the purged owner or the item.
  expect(await testDb()('watermark_checks').where({ id: theirs.id }).first('checker_id', 'owner_id', 'item_id')).toEqual({ checker_id: checker.user.id, owner_id: null, item_id: null });
  expect(await testDb()('watermark_checks').where({ id: own.id }).first('checker_id', 'owner_id')).toEqual({ checker_id: null, owner_id: null });
  expect(await testDb()('gallery_files').where({ user_id: user.id }).first()).toBeUndefined();
});
