import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { accountRetentionActivities } from '../../activities/accountRetention';
import { insertMessage } from '../../db/messages';
import { thumbnailKey } from '../../db/gallery';
import { purgeAccount } from '../../db/retention';
import { appStore } from '../../storage/appStore';
import { ACCOUNT_RETENTION_SCHEDULE } from '../../temporal/schedules';
import { Caller, newUser, png, testDb } from '../support/http';
import { staffAndTemporal } from '../support/staffAndTemporal';
import { galleryUpload, grantCapacity } from '../support/gallery';

const { temporal } = staffAndTemporal({ signIn: [] });
/** The store the API and the worker use (same configuration). */
const store = appStore();
const stored = async (key: string) => (await store.head(key)) !== null;

/** A cancelled account that kept its certification, an upload and a message until `retainUntil`. */
async function cancelledAccount(retainUntil: string) {
  const user = await newUser('personal');
  const caller = await new Caller().login(user.username, user.password);
  const upload = (await caller.upload('idPhoto', await png(300, 200), 'front.png')).body;
  await testDb()('identity_certifications').insert({
    user_id: user.id,
    kind: 'personal',
    state: 3,
    data: JSON.stringify({ name: '王小明', idNumber: '11010519491231002X', idFront: upload.id }),
    workflow_id: `identityReview/${randomUUID()}`,
  });
  await insertMessage(testDb(), { dedupeKey: `retention/${user.id}`, userId: user.id, titleKey: 'identityVerified' });
  await testDb()('users').where({ id: user.id }).update({ status: 'cancelled', cancelled_at: testDb().fn.now(), retain_until: retainUntil, display_name: '已注销用户' });
  const { storage_key: storageKey } = await testDb()('uploads').where({ id: upload.id }).first('storage_key');
  return { user, storageKey };
}

const runPurge = () =>
  temporal.workflow.execute('accountRetention', { taskQueue: process.env.TEMPORAL_TASK_QUEUE!, workflowId: `accountRetention/test-${randomUUID()}` });

test('after the retention period a cancelled account is purged: certification, uploads and their objects, messages gone; a tombstone stays', async () => {
  const due = await cancelledAccount('2020-12-31');
  const kept = await cancelledAccount('2099-12-31');
  expect(await stored(due.storageKey)).toBe(true);

  expect(await runPurge()).toBeGreaterThanOrEqual(1);

  const row = await testDb()('users').where({ id: due.user.id }).first();
  expect(row.username).toMatch(/^cancelled_[0-9a-f]{16}$/);
  expect(row).toMatchObject({ status: 'cancelled', password_hash: '!', special: [] });
  expect(row.purged_at).not.toBeNull();
  for (const table of ['identity_certifications', 'messages', 'sessions']) {
    expect(await testDb()(table).where({ user_id: due.user.id }).count({ n: '*' })).toEqual([{ n: '0' }]);
  }
  expect(await testDb()('uploads').where({ owner_id: due.user.id }).count({ n: '*' })).toEqual([{ n: '0' }]);
  expect(await stored(due.storageKey)).toBe(false);
  expect(await testDb()('storage_deletions').where({ key: due.storageKey }).first()).toBeUndefined();
  // The purged account cannot be logged into under either name.
  expect((await new Caller().post('/api/auth/login', { login: due.user.username, password: due.user.password })).status).toBe(401);

  // Still within its term: untouched.
  expect(await testDb()('identity_certifications').where({ user_id: kept.user.id }).count({ n: '*' })).toEqual([{ n: '1' }]);
  expect(await stored(kept.storageKey)).toBe(true);
  expect((await testDb()('users').where({ id: kept.user.id }).first('purged_at')).purged_at).toBeNull();

  // Idempotent: a second run finds nothing more of it to purge, and the activity may run twice at once.
  await runPurge();
  const activity = accountRetentionActivities(testDb(), store);
  await Promise.all([activity.purgeExpiredAccounts(), activity.purgeExpiredAccounts()]);
  expect((await testDb()('users').where({ id: due.user.id }).first('username')).username).toBe(row.username);
  expect(await stored(kept.storageKey)).toBe(true);
});

test('objects whose rows were deleted by a run that then crashed are deleted by the next run', async () => {
  const due = await cancelledAccount('2021-06-30');
  // The purge's transaction commits (rows gone, keys recorded) and the worker dies before deleting the objects.
  expect(await purgeAccount(testDb(), due.user.id)).toBe(true);
  expect(await purgeAccount(testDb(), due.user.id)).toBe(false);
  expect(await testDb()('uploads').where({ owner_id: due.user.id }).first()).toBeUndefined();
  expect(await stored(due.storageKey)).toBe(true);
  expect(await testDb()('storage_deletions').where({ key: due.storageKey }).first()).toBeDefined();
  // A leftover whose object an earlier attempt did delete before dying: deleting it again is fine.
  const gone = `retention-test/${randomUUID()}`;
  await testDb()('storage_deletions').insert({ key: gone });
  const other = `retention-test/${randomUUID()}`;
  await store.put(other, Readable.from([Buffer.from('kept')]), { contentType: 'text/plain', maxBytes: 10 });

  await runPurge();

  expect(await stored(due.storageKey)).toBe(false);
  expect(await testDb()('storage_deletions').whereIn('key', [due.storageKey, gone]).count({ n: '*' })).toEqual([{ n: '0' }]);
  // Only recorded objects go.
  expect(await stored(other)).toBe(true);
  await store.delete(other);
});

test("a purged account's gallery goes too: its files, folders, their objects and thumbnails", async () => {
  const user = await newUser('personal');
  const caller = await new Caller().login(user.username, user.password);
  await grantCapacity(user.id, 2);
  const folder = (await caller.post('/api/gallery/folders', { name: '产品图' })).body;
  const file = (await galleryUpload(caller, await png(), 'product.png', { folderId: folder.id })).body.file;
  const { storage_key: storageKey } = await testDb()('uploads').join('gallery_files as f', 'f.upload_id', 'uploads.id').where('f.id', file.id).first('storage_key');
  expect((await caller.get(`/api/gallery/files/${file.id}/thumbnail`)).status).toBe(200);
  await testDb()('users').where({ id: user.id }).update({ status: 'cancelled', cancelled_at: testDb().fn.now(), retain_until: '2021-01-31' });

  await runPurge();

  for (const table of ['gallery_files', 'gallery_folders']) expect(await testDb()(table).where({ user_id: user.id }).count({ n: '*' })).toEqual([{ n: '0' }]);
  expect(await testDb()('uploads').where({ owner_id: user.id }).first()).toBeUndefined();
  for (const key of [storageKey, thumbnailKey(file.id)]) expect(await stored(key)).toBe(false);
});

test('the purge runs daily at 03:00 China time as a Temporal Schedule, visible to operators', async () => {
  const schedule = await temporal.schedule.getHandle(ACCOUNT_RETENTION_SCHEDULE).describe();
  expect(schedule.action).toMatchObject({ type: 'startWorkflow', workflowType: 'accountRetention' });
  expect(schedule.spec.timezone).toBe('Asia/Shanghai');
  expect(schedule.spec.calendars?.[0]).toMatchObject({ hour: [{ start: 3, end: 3, step: 1 }], minute: [{ start: 0, end: 0, step: 1 }] });
});
