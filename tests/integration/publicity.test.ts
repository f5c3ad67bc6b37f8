import { randomUUID } from 'node:crypto';
import { createPublicityDraft } from '../../db/publicity';
import type { PublicityData } from '../../domain/protection';
import { encodeKeyset } from '../../domain/validation/keyset';
import { ipCaller } from '../support/accounts';
import { Caller, closeTestDb, DEMO, signedIn, testDb } from '../support/http';
import { ipciRow } from '../support/ipcis';

let admin: Caller;
const anyone = () => ipCaller();

beforeAll(async () => {
  admin = await ipCaller().login(...DEMO.admin);
});
afterAll(closeTestDb);

const LIST = '/api/public/protection/publicity';
const ADMIN = '/api/admin/protection/publicity';

/** The applicant's details a case holds and no public answer may show. */
const APPLICANT = { mailbox: 'applicant.secret@example.com', infringerContact: '王五', infringerPhone: '13700137000', proof: [randomUUID()] };

/**
 * A processed case written as the protection workflow leaves it (no workflow here: the case process
 * is tested with it), so createPublicityDraft runs on a real row.
 */
async function processedCase(ipName = `山海图${randomUUID().slice(0, 6)}`) {
  const { user } = await signedIn('personal');
  const ipci = await ipciRow(user.id, { ip_name_zh: ipName });
  const id = randomUUID();
  await testDb()('protection_cases').insert({
    id,
    user_id: user.id,
    ipci_id: ipci.id,
    kind: 'administrative',
    state: 'processed',
    data: JSON.stringify({ kind: 'administrative', ipciId: ipci.id, ipName, ipIntroduction: '一幅山水画', infringer: '某玩具厂', description: '未经许可印制', supplementary: [], lawFirmId: '', ...APPLICANT }),
    result: 'resolved',
    outcome: '侵权商品已下架',
    workflow_id: `protectionCase/${id}`,
    processed_at: new Date(),
  });
  return { id, ipName, user };
}

/** A complete entry as the admin form sends it; `token` makes the entry findable alone. */
const entry = (token: string, over: Partial<PublicityData> = {}): PublicityData => ({
  kind: 'administrative',
  titleZh: `维权公示 ${token}`,
  titleEn: `Publicity ${token}`,
  titleJa: '',
  ipNameZh: '山海图',
  ipNameEn: 'Mountains and Seas',
  ipNameJa: '',
  infringer: '某玩具厂',
  result: 'resolved',
  summaryZh: '经平台协调，侵权商品已下架。',
  summaryEn: '',
  summaryJa: '',
  processedOn: '2026-11-20',
  published: false,
  ...over,
});
const editable = (e: Record<string, unknown>): PublicityData => {
  const { id: _id, publicityNo: _no, caseId: _case, publishedAt: _at, createdAt: _c, updatedAt: _u, ...data } = e;
  return data as PublicityData;
};

describe('publicity from a processed case', () => {
  test('a draft is not public; published it shows in the list and by id and number; withdrawn it is gone; no applicant data', async () => {
    const c = await processedCase();
    const no = await createPublicityDraft(testDb(), c.id);
    expect(no).toMatch(/^RP\d{10}$/);
    const draft = await testDb()('protection_publicity').where({ publicity_no: no }).first();
    expect(draft).toMatchObject({ case_id: c.id, published: false, published_at: null });

    expect((await anyone().get(`${LIST}/${no}`)).status).toBe(404);
    expect((await anyone().get(`${LIST}/${draft.id}`)).status).toBe(404);
    expect((await anyone().get(`${LIST}?q=${no}`)).body.items).toEqual([]);

    // The back office sees the draft, prefilled from the case, with the case it came from.
    const got = await admin.get(`${ADMIN}/${draft.id}`);
    expect(got.status).toBe(200);
    expect(got.body.entry).toMatchObject({ publicityNo: no, caseId: c.id, published: false, titleZh: c.ipName, ipNameZh: c.ipName, summaryZh: '侵权商品已下架', result: 'resolved' });
    expect((await admin.get(`${ADMIN}?published=false&q=${no}`)).body.items.map((i: any) => i.id)).toEqual([draft.id]);

    const published = await admin.put(`${ADMIN}/${draft.id}`, { ...editable(got.body.entry), summaryEn: 'The goods were taken down.', published: true });
    expect(published.status).toBe(200);
    expect(published.body.entry).toMatchObject({ published: true, summaryEn: 'The goods were taken down.' });
    const publishedAt = published.body.entry.publishedAt;
    expect(publishedAt).toEqual(expect.any(String));

    const list = await anyone().get(`${LIST}?q=${no}`);
    expect(list.body.items.map((i: any) => i.publicityNo)).toEqual([no]);
    const byNo = await anyone().get(`${LIST}/${no}`);
    const byId = await anyone().get(`${LIST}/${draft.id}`);
    expect(byNo.status).toBe(200);
    expect(byId.body).toEqual(byNo.body);
    expect(byNo.body.entry).toMatchObject({ id: draft.id, publicityNo: no, published: true, summaryEn: 'The goods were taken down.', caseId: null });
    // Only the approved text: nothing of the applicant, the case's contact details or its files.
    for (const body of [list.body, byNo.body]) {
      const text = JSON.stringify(body);
      for (const secret of [c.id, c.user.id, c.user.username, APPLICANT.mailbox, APPLICANT.infringerContact, APPLICANT.infringerPhone, APPLICANT.proof[0], '未经许可印制']) expect(text).not.toContain(secret);
    }

    // Saving a published entry again keeps its publication date (its place in the list).
    const resaved = await admin.put(`${ADMIN}/${draft.id}`, { ...editable(published.body.entry), titleEn: 'Shanhai' });
    expect(resaved.body.entry.publishedAt).toBe(publishedAt);

    const withdrawn = await admin.put(`${ADMIN}/${draft.id}`, { ...editable(resaved.body.entry), published: false });
    expect(withdrawn.body.entry).toMatchObject({ published: false, publishedAt: null });
    expect((await anyone().get(`${LIST}/${no}`)).status).toBe(404);
    expect((await anyone().get(`${LIST}?q=${no}`)).body.items).toEqual([]);
    expect((await admin.get(`${ADMIN}/${draft.id}`)).body.entry.published).toBe(false);
  });
});

describe('publicity written by staff', () => {
  test('admin creates an entry with a new number; published now, it is listed first', async () => {
    const token = randomUUID().slice(0, 8);
    const created = await admin.post(ADMIN, entry(token, { published: true }));
    expect(created.status).toBe(201);
    expect(created.body.entry).toMatchObject({ publicityNo: expect.stringMatching(/^RP\d{10}$/), caseId: null, published: true, titleZh: `维权公示 ${token}` });
    expect((await anyone().get(LIST)).body.items[0].id).toBe(created.body.entry.id);
    const draft = await admin.post(ADMIN, entry(token));
    expect(draft.body.entry.publicityNo).not.toBe(created.body.entry.publicityNo);
    expect((await anyone().get(`${LIST}?q=${token}`)).body.items.map((i: any) => i.id)).toEqual([created.body.entry.id]);
    expect((await admin.get(`${ADMIN}?q=${token}`)).body.items.map((i: any) => i.id)).toEqual([draft.body.entry.id, created.body.entry.id]);
    expect((await admin.get(`${ADMIN}?q=${token}&published=true`)).body.items.map((i: any) => i.id)).toEqual([created.body.entry.id]);
  });

  test.each([
    ['en-US', 'This field is required'],
    ['zh-CN', '此项为必填项'],
    ['ja-JP', 'この項目は必須です'],
  ])('validation errors name the fields (%s)', async (lang, required) => {
    const caller = await ipCaller(lang).login(...DEMO.admin);
    const r = await caller.post(ADMIN, { ...entry('x'), titleZh: ' ', result: 'won', processedOn: '20.11.2026' });
    expect(r.status).toBe(400);
    expect(r.body.fields).toMatchObject({ titleZh: required, result: expect.any(String), processedOn: expect.any(String) });
    expect(r.body.fields.result).not.toBe(required);
    const created = (await admin.post(ADMIN, entry('x'))).body.entry;
    const put = await caller.put(`${ADMIN}/${created.id}`, { ...entry('x'), summaryZh: '', extra: 1 });
    expect(put.status).toBe(400);
  });

  test('only admins with the element: a user and a reviewer are refused, anonymous 401; unknown entries are 404', async () => {
    const { caller: user } = await signedIn('personal');
    const reviewer = await ipCaller().login(...DEMO.reviewer);
    for (const c of [user, reviewer]) {
      expect((await c.get(ADMIN)).status).toBe(403);
      expect((await c.post(ADMIN, entry('x'))).status).toBe(403);
    }
    expect((await anyone().get(ADMIN)).status).toBe(401);
    expect((await admin.get(`${ADMIN}/${randomUUID()}`)).status).toBe(404);
    expect((await admin.put(`${ADMIN}/${randomUUID()}`, entry('x'))).status).toBe(404);
    expect((await admin.get(`${ADMIN}/RP2026000001`)).status).toBe(404);
    expect((await anyone().get(`${LIST}/RP2026`)).status).toBe(404);
    expect((await anyone().get(`${LIST}/${randomUUID()}`)).status).toBe(404);

    // Without the element (an admin edited the roles), an admin is refused too.
    await testDb()('role_elements').where({ role: 'admin', element_id: 'admin.publicity.manage' }).delete();
    try {
      expect((await admin.get(ADMIN)).status).toBe(403);
    } finally {
      await testDb()('role_elements').insert({ role: 'admin', element_id: 'admin.publicity.manage' }).onConflict(['role', 'element_id']).ignore();
    }
    expect((await admin.get(ADMIN)).status).toBe(200);
  });
});

describe('the public list', () => {
  test('search over number, titles and IP name, the kind filter and keyset pages', async () => {
    const token = randomUUID().slice(0, 8);
    const made: any[] = [];
    for (const [i, kind] of (['administrative', 'legal', 'administrative'] as const).entries()) {
      made.push((await admin.post(ADMIN, entry(token, { kind, ipNameZh: `青龙${token}${i}`, published: true }))).body.entry);
    }
    const ids = (r: { body: { items: any[] } }) => r.body.items.map((i) => i.id);
    const newest = [...made].reverse().map((e) => e.id);
    expect(ids(await anyone().get(`${LIST}?q=${token}`))).toEqual(newest);
    expect(ids(await anyone().get(`${LIST}?q=${encodeURIComponent(`Publicity ${token.toUpperCase()}`)}`))).toEqual(newest);
    expect(ids(await anyone().get(`${LIST}?q=${encodeURIComponent(`青龙${token}1`)}`))).toEqual([made[1].id]);
    expect(ids(await anyone().get(`${LIST}?q=${made[2].publicityNo}`))).toEqual([made[2].id]);
    expect(ids(await anyone().get(`${LIST}?q=${token}&kind=legal`))).toEqual([made[1].id]);
    expect(ids(await anyone().get(`${LIST}?q=${token}&kind=administrative`))).toEqual([made[2].id, made[0].id]);
    // A % or _ is a character to find, not a pattern.
    expect(ids(await anyone().get(`${LIST}?q=${encodeURIComponent(`${token}%`)}`))).toEqual([]);

    const first = await anyone().get(`${LIST}?q=${token}&limit=2`);
    expect(ids(first)).toEqual(newest.slice(0, 2));
    expect(first.body.next).toEqual(expect.any(String));
    const second = await anyone().get(`${LIST}?q=${token}&limit=2&after=${first.body.next}`);
    expect(ids(second)).toEqual(newest.slice(2));
    expect(second.body.next).toBeNull();
  });

  test('a forged cursor or a bad filter is a 400, not a 500', async () => {
    for (const after of ['not-a-cursor', encodeKeyset(['2026-13-45T00:00:00Z', randomUUID()]), encodeKeyset([1, 2]), Buffer.from('{').toString('base64url')]) {
      const r = await anyone().get(`${LIST}?after=${after}`);
      expect(r.status).toBe(400);
      expect(r.body.fields).toHaveProperty('after');
      expect((await admin.get(`${ADMIN}?after=${after}`)).status).toBe(400);
    }
    expect((await anyone().get(`${LIST}?kind=criminal`)).status).toBe(400);
    expect((await anyone().get(`${LIST}?limit=0`)).status).toBe(400);
    expect((await admin.get(`${ADMIN}?published=maybe`)).status).toBe(400);
  });
});
