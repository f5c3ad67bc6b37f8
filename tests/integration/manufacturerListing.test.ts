import { randomUUID } from 'node:crypto';
import { messageTranslator } from '../../api/i18n';
import { MANUFACTURER_FIELDS, MANUFACTURER_REFUSAL_REASONS, type ManufacturerData } from '../../domain/manufacturers';
import { insertManufacturer } from '../../db/manufacturers';
import { manufacturerListing, type ManufacturerListingInput } from '../../workflows/manufacturerListing';
import { saveHistory } from '../support/histories';
import { apiBase, Caller, eventually, png, signedIn, taskPath, testDb } from '../support/http';
import { licencePdf, listingTestKit, showcasePicture } from '../support/listings';
import { staffAndTemporal } from '../support/staffAndTemporal';
import { messageOf, openTask, stepsOf } from '../support/cases';

const { temporal, reviewer, admin } = staffAndTemporal();

const picture = (caller: Caller, width = 600, height = 400) => showcasePicture(caller, 'factory.png', width, height);
const licence = licencePdf;

/** A complete application with the caller's own uploads; `token` makes its names findable apart from other tests'. */
async function formOf(caller: Caller, token = randomUUID().slice(0, 8), over: Partial<ManufacturerData> = {}): Promise<ManufacturerData> {
  return {
    nameZh: `华印防伪科技有限公司${token}`,
    nameEn: `Huayin Anti-Counterfeiting ${token}`,
    nameJa: `華印偽造防止${token}`,
    licence: [await licence(caller)],
    website: 'https://huayin-security.cn',
    postalCode: '100020',
    descriptionZh: '专业生产防伪标签与溯源二维码。',
    descriptionEn: 'Makes anti-counterfeiting labels and traceability QR codes.',
    descriptionJa: '偽造防止ラベルとトレーサビリティ QR コードを製造。',
    images: [await picture(caller), await picture(caller, 800, 500)],
    contactName: '李经理',
    contactPhone: '010-65881234',
    email: `sales-${token}@huayin-security.cn`,
    address: '北京市朝阳区酒仙桥路 10 号',
    ...over,
  };
}

const kit = listingTestKit<ManufacturerData, ManufacturerListingInput>({
  kind: 'manufacturerListing',
  area: 'manufacturer',
  directory: 'manufacturers',
  firstState: 'review',
  temporal,
  reviewer,
  formOf: (caller) => formOf(caller),
  insert: insertManufacturer,
  workflow: manufacturerListing,
  input: (manufacturerId, userId) => ({ manufacturerId, userId }),
});
const { applicationOf, inState, directory, startedWith } = kit;
const review = (id: string, decision: Record<string, unknown>) => kit.decide(id, 'review', decision);
/** The timeline once its last event is recorded (the row's state is written before the event). */
const stepsReaching = async (caller: Caller, id: string, last: number) => {
  await eventually(async () => (await stepsOf(caller, 'manufacturerListing', id)).length >= last).catch(() => undefined);
  return stepsOf(caller, 'manufacturerListing', id);
};

test('bad input: the agreement first, "fill in the manufacturer name completely" in three languages, field messages, picture rules, own files of the right kind — 4xx, never 500, nothing stored', async () => {
  const { caller } = await signedIn('enterprise');
  const data = await formOf(caller);
  const noAgreement = await caller.post('/api/manufacturer/application', data);
  expect(noAgreement.status).toBe(400);
  expect(noAgreement.body.fields).toEqual({ agreementAccepted: 'Read and accept the manufacturer listing agreement first' });

  const empty = { agreementAccepted: true, licence: [] };
  const en = await caller.post('/api/manufacturer/application', empty);
  expect(en.status).toBe(400);
  expect(en.body.fields).toEqual({
    nameZh: 'Please fill in the manufacturer name completely',
    licence: 'Upload the business licence copy',
    contactName: 'Enter the contact name',
    contactPhone: 'Enter the contact phone',
    address: 'Enter the address',
  });
  const { caller: zh } = await signedIn('enterprise', ['user'], 'zh-CN');
  expect((await zh.post('/api/manufacturer/application', empty)).body.fields.nameZh).toBe('请填写完整的厂商名称');
  const { caller: ja } = await signedIn('enterprise', ['user'], 'ja-JP');
  expect((await ja.post('/api/manufacturer/application', empty)).body.fields.nameZh).toBe('メーカー名を完全に入力してください');
  // Blanks only are no name.
  expect((await caller.post('/api/manufacturer/application', { ...data, nameZh: '   ', agreementAccepted: true })).body.fields).toEqual({ nameZh: 'Please fill in the manufacturer name completely' });

  const wrongTypes = await caller.post('/api/manufacturer/application', { ...data, nameZh: ['x'], images: 'x', website: 'ftp://x', postalCode: '!', email: 'no', contactPhone: 'abc', agreementAccepted: 'yes' });
  expect(wrongTypes.status).toBe(400);
  expect(Object.keys(wrongTypes.body.fields).sort()).toEqual(['agreementAccepted', 'contactPhone', 'email', 'images', 'nameZh', 'postalCode', 'website']);

  // Part 2 §5: landscape pictures of at least 420 × 290; at most 9.
  const portrait = await caller.upload('showcase', await png(400, 600), 'portrait.png');
  expect(portrait.status).toBe(422);
  const ten: string[] = [];
  for (let i = 0; i < 10; i++) ten.push(await picture(caller, 600 + i, 400));
  const tooMany = await caller.post('/api/manufacturer/application', { ...data, images: ten, agreementAccepted: true });
  expect(tooMany.status).toBe(400);
  expect(tooMany.body.fields).toEqual({ images: 'Upload at most 9 pictures at a time' });

  // A licence file where a picture belongs, another account's picture.
  const { caller: other } = await signedIn('enterprise');
  const foreign = await picture(other);
  const wrong = await caller.post('/api/manufacturer/application', { ...data, images: [data.licence[0], foreign], agreementAccepted: true });
  expect(wrong.status).toBe(400);
  expect(Object.keys(wrong.body.fields).sort()).toEqual(['images[0]', 'images[1]']);
  expect(await applicationOf(caller)).toBeNull();

  // Not signed in; malformed ids and queries.
  expect((await new Caller().post('/api/manufacturer/application', { ...data, agreementAccepted: true })).status).toBe(401);
  expect((await new Caller().get('/api/public/manufacturers/not-a-uuid')).status).toBe(404);
  expect((await new Caller().get(`/api/public/manufacturers/${randomUUID()}`)).body.message).toBe('No such manufacturer');
  expect((await new Caller().get('/api/public/manufacturers?after=garbage')).status).toBe(400);
  expect((await new Caller().get('/api/public/manufacturers?limit=0')).status).toBe(400);
}, 90_000);

test('review approves: listed in the directory with pictures in the reader language, searchable by name; the licence is never public', async () => {
  const { user, caller } = await signedIn('enterprise');
  const token = randomUUID().slice(0, 8);
  const data = await formOf(caller, token);
  const r = await caller.post('/api/manufacturer/application', { ...data, agreementAccepted: true });
  expect(r.status).toBe(201);
  const id = r.body.application.id as string;
  expect(r.body.application).toMatchObject({ state: 'review', round: 1, data, names: { zh: data.nameZh, en: data.nameEn, ja: data.nameJa }, reviewFlags: null });
  expect((await caller.post('/api/manufacturer/application', { ...data, agreementAccepted: true })).status).toBe(409);
  await messageOf(caller, 'manufacturerApplied');

  const task = await openTask('manufacturerListing', id, 'review');
  expect(task).toMatchObject({ queue: 'directory', candidate_role: 'reviewer', title: `${data.nameZh} (${user.username})` });
  expect(task.titles).toMatchObject({ 'en-US': `${data.nameEn} (${user.username})`, 'ja-JP': `${data.nameJa} (${user.username})` });
  const detail = (await reviewer.get(taskPath(task.id))).body;
  expect(detail.fields).toEqual(MANUFACTURER_FIELDS);
  expect(detail.categories).toEqual([...MANUFACTURER_REFUSAL_REASONS]);
  expect(detail.subject.application).toMatchObject({ id, state: 'review' });
  expect(Object.keys(detail.subject.uploads)).toEqual(expect.arrayContaining([...data.licence, ...data.images]));
  const handle = temporal.workflow.getHandle(`manufacturerListing/${id}`);
  const waiting = await handle.describe();
  expect(waiting.searchAttributes).toMatchObject({ CaseId: [id], CaseKind: ['manufacturerListing'], CaseState: ['review'], OwnerUserId: [user.id], InboxQueue: ['directory'] });
  expect(await waiting.memo).toEqual({ title: `Manufacturer listing ${id}` });

  // Not public before it is listed; correcting is only for a failed review.
  expect((await new Caller().get(`/api/public/manufacturers/${id}`)).status).toBe(404);
  expect((await caller.put('/api/manufacturer/application', data)).status).toBe(409);
  // A failure must name a refusal reason.
  expect((await reviewer.post(`${taskPath(task.id)}/complete`, { outcome: 'fail', reasons: { website: 'x' } })).status).toBe(400);

  await review(id, { outcome: 'approve' });
  const listed = await inState(caller, 'listed');
  expect(listed.listedAt).toEqual(expect.any(String));
  await messageOf(caller, 'manufacturerListed');

  const items = await directory(`q=${token}`);
  expect(items.map((m) => m.id)).toEqual([id]);
  expect(items[0]).toMatchObject({ names: { zh: data.nameZh, en: data.nameEn, ja: data.nameJa }, descriptions: { en: data.descriptionEn }, address: data.address, postalCode: '100020' });
  expect(JSON.stringify(items[0])).not.toContain(data.licence[0]);
  expect((await directory(`q=${encodeURIComponent(`偽造防止${token}`)}`)).map((m) => m.id)).toEqual([id]);
  const pub = (await new Caller().get(`/api/public/manufacturers/${id}`)).body.manufacturer;
  expect(pub.images).toEqual(data.images.map((u) => `/api/public/manufacturers/${id}/images/${u}`));
  const image = await fetch(apiBase() + pub.images[1]);
  expect(image.status).toBe(200);
  expect(image.headers.get('content-type')).toBe('image/png');
  expect((await new Caller().get(`/api/public/manufacturers/${id}/images/${data.licence[0]}`)).status).toBe(404);

  // Keyset pages of the directory, newest listing first.
  const second = await startedWith({});
  await review(second.id, { outcome: 'approve' });
  await inState(second.caller, 'listed');
  const shared = `华印防伪科技有限公司`;
  const page1 = await new Caller().get(`/api/public/manufacturers?q=${encodeURIComponent(shared)}&limit=1`);
  expect(page1.body.items.map((m: any) => m.id)).toEqual([second.id]);
  const page2 = await directory(`q=${encodeURIComponent(shared)}&limit=1&after=${page1.body.next}`);
  expect(page2).toHaveLength(1);
  expect(page2[0].id).not.toBe(second.id);

  expect(await stepsReaching(caller, id, 4)).toEqual(['applied:done', 'review:current', 'review:done', 'listed:done']);
  await saveHistory(temporal, `manufacturerListing/${id}`, 'manufacturerListing-approve');
}, 90_000);

test('review fails with flags and a refusal reason → the applicant corrects → resubmitted (round 2) → approved; nobody reads or changes another applicant’s application', async () => {
  const { user, caller } = await signedIn('enterprise');
  const data = await formOf(caller);
  const id = (await caller.post('/api/manufacturer/application', { ...data, agreementAccepted: true })).body.application.id as string;

  // Another account: no application of its own, this one's timeline and back office are not theirs.
  const { caller: stranger } = await signedIn('enterprise');
  expect(await applicationOf(stranger)).toBeNull();
  expect((await stranger.get(`/api/cases/manufacturerListing/${id}`)).status).toBe(403);
  expect((await stranger.put('/api/manufacturer/application', data)).status).toBe(404);
  expect((await stranger.get(`/api/admin/manufacturers/${id}`)).status).toBe(403);
  expect((await stranger.get(`/api/public/manufacturers/${id}`)).status).toBe(404);

  await review(id, { outcome: 'fail', category: 'nameIncomplete', reasons: { nameEn: 'Give the full English name', website: 'The website does not open' } });
  const correction = await inState(caller, 'correction');
  expect(correction).toMatchObject({ reviewFlags: { nameEn: 'Give the full English name', website: 'The website does not open' }, refusalReason: 'nameIncomplete', round: 1 });
  const msg = await messageOf(caller, 'manufacturerCorrection');
  expect(msg).toMatchObject({ bodyKey: 'manufacturerCorrectionBody', params: { reason: 'nameIncomplete' } });
  // The reason reads in the reader's language.
  expect(messageTranslator('en-US')('manufacturerCorrection', msg.params)).toContain('the manufacturer name is incomplete');
  expect(messageTranslator('zh-CN')('manufacturerCorrection', msg.params)).toContain('厂商名称不完整');

  // The applicant has it in hand: staff cannot edit meanwhile; bad corrections are field errors.
  expect(await admin.put(`/api/admin/manufacturers/${id}`, data)).toMatchObject({ status: 409, body: { message: 'The applicant is correcting the application; edit it once it is back with staff' } });
  const bad = await caller.put('/api/manufacturer/application', { ...data, nameZh: '' });
  expect(bad).toMatchObject({ status: 400, body: { fields: { nameZh: 'Please fill in the manufacturer name completely' } } });
  const corrected = await caller.put('/api/manufacturer/application', { ...data, nameEn: `${data.nameEn} Co., Ltd.`, website: 'https://www.huayin-security.cn' });
  expect(corrected.status).toBe(200);
  expect(corrected.body.application).toMatchObject({ state: 'review', round: 2, data: { website: 'https://www.huayin-security.cn' } });
  expect((await caller.put('/api/manufacturer/application', data)).status).toBe(409);

  // The reviewer sees the last round's flags on the resubmission.
  const second = await openTask('manufacturerListing', id, 'review');
  expect((await reviewer.get(taskPath(second.id))).body.subject.application).toMatchObject({ round: 2, reviewFlags: { website: 'The website does not open' } });
  await review(id, { outcome: 'approve' });
  const listed = await inState(caller, 'listed');
  expect(listed).toMatchObject({ round: 2, reviewFlags: null, refusalReason: null });
  expect((await new Caller().get(`/api/public/manufacturers/${id}`)).body.manufacturer.names.en).toBe(`${data.nameEn} Co., Ltd.`);

  expect(await stepsReaching(caller, id, 8)).toEqual([
    'applied:done',
    'review:current',
    'review:failed',
    'correction:current',
    'correction:done',
    'review:current',
    'review:done',
    'listed:done',
  ]);
  expect((await testDb()('manufacturers').where({ user_id: user.id })).length).toBe(1);
  await saveHistory(temporal, `manufacturerListing/${id}`, 'manufacturerListing-fail-resubmit-approve');
}, 90_000);

test('back office: list, detail, edit; recheck suspends and relists (admin only) across continue-as-new', async () => {
  const { caller, data, id, handle, user } = await startedWith({ rechecksPerRun: 2 });
  const token = data.nameZh.slice(-8);
  await review(id, { outcome: 'approve' });
  await inState(caller, 'listed');

  const list = (await admin.get(`/api/admin/manufacturers?q=${token}&state=listed`)).body.items;
  expect(list.map((a: any) => a.id)).toEqual([id]);
  expect(list[0].applicant.id).toBe(user.id);
  expect((await reviewer.get('/api/admin/manufacturers')).status).toBe(403);
  expect((await admin.get('/api/admin/manufacturers?state=nope')).status).toBe(400);
  const adminDetail = (await admin.get(`/api/admin/manufacturers/${id}`)).body;
  expect(adminDetail).toMatchObject({ application: { id, state: 'listed' }, applicant: { id: user.id }, task: null, workflowUrl: expect.stringContaining(`manufacturerListing%2F${id}`) });
  expect(Object.keys(adminDetail.uploads)).toEqual(expect.arrayContaining(data.licence));
  const edited = await admin.put(`/api/admin/manufacturers/${id}`, { ...data, address: '北京市朝阳区酒仙桥路 12 号' });
  expect(edited.body.application.data.address).toBe('北京市朝阳区酒仙桥路 12 号');
  expect((await admin.put(`/api/admin/manufacturers/${id}`, { ...data, nameZh: '' })).status).toBe(400);

  const suspend = { action: 'suspend', reason: 'Licence under investigation' };
  expect((await reviewer.post(`/api/admin/manufacturers/${id}/recheck`, suspend)).status).toBe(403);
  expect((await admin.post(`/api/admin/manufacturers/${id}/recheck`, { action: 'relist', reason: 'x' })).status).toBe(409);
  expect((await admin.post(`/api/admin/manufacturers/${id}/recheck`, { action: 'suspend', reason: '' })).status).toBe(400);
  const suspended = await admin.post(`/api/admin/manufacturers/${id}/recheck`, suspend);
  expect(suspended.body.application).toMatchObject({ state: 'suspended', suspendedReason: 'Licence under investigation' });
  expect(await directory(`q=${token}`)).toEqual([]);
  expect((await new Caller().get(`/api/public/manufacturers/${id}`)).status).toBe(404);
  expect((await messageOf(caller, 'manufacturerSuspended')).params.reason).toBe('Licence under investigation');
  const firstRun = (await handle.describe()).runId;
  const relisted = await admin.post(`/api/admin/manufacturers/${id}/recheck`, { action: 'relist', reason: 'Investigation closed' });
  expect(relisted.body.application).toMatchObject({ state: 'listed', suspendedReason: null });
  expect((await directory(`q=${token}`)).map((m) => m.id)).toEqual([id]);
  await messageOf(caller, 'manufacturerRelisted');

  // Two rechecks were this run's budget: the listing goes on in a new run, which takes the next.
  await eventually(async () => (await handle.describe()).runId !== firstRun);
  const again = await admin.post(`/api/admin/manufacturers/${id}/recheck`, { action: 'suspend', reason: 'Complaint upheld' });
  expect(again.body.application.state).toBe('suspended');
  const messages = ((await caller.get('/api/messages?limit=50')).body.items as any[]).filter((m) => m.titleKey === 'manufacturerSuspended');
  expect(messages).toHaveLength(2);
  expect((await stepsReaching(caller, id, 7)).slice(-5)).toEqual(['review:done', 'listed:done', 'suspended:current', 'suspended:done', 'suspended:current']);
  await saveHistory(temporal, handle.workflowId, 'manufacturerListing-suspend-relist-continue');
}, 90_000);
