import { randomUUID } from 'node:crypto';
import { invalidate, setTakeDown } from '../../db/listings';
import { formatIpciCode } from '../../domain/ipci';
import { IDENTITY_STATE } from '../../domain/identityState';
import { listedIp } from '../support/catalogue';
import { Caller, closeTestDb, newUser, png, signedIn, testDb } from '../support/http';

/**
 * The public IP catalogue on the real API and Postgres: search by names in three scripts, holder and
 * code; every filter and sort with keyset pages; the detail and its search count; IPs that are not
 * listed disappear from both. Each test names its IPs with words of its own, so rows other test
 * files write to the shared database never match.
 */

const visitor = new Caller('en-US');
afterAll(closeTestDb);

/** A word no other row has: Latin letters, or Han characters from a rarely used block. */
const latinWord = () => `zq${randomUUID().replace(/-/g, '').slice(0, 10)}`;
const hanWord = (n = 4) => String.fromCodePoint(...Array.from({ length: n }, () => 0x4e00 + Math.floor(Math.random() * 0x5000)));

const search = async (query: Record<string, string | number>) => {
  const r = await visitor.get(`/api/public/ip?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`);
  expect(r.status).toBe(200);
  return r.body as { items: Array<{ id: string; code: string; names: { zh: string }; searchCount: number; rating: { average: number } }>; next: string | null };
};
const ids = async (query: Record<string, string | number>) => (await search(query)).items.map((i) => i.id).sort();

/** Every page of a query, following `next`. */
async function allPages(query: Record<string, string | number>) {
  const seen: string[] = [];
  let after: string | null = null;
  do {
    const page = await search({ ...query, ...(after ? { after } : {}) });
    seen.push(...page.items.map((i) => i.id));
    after = page.next;
  } while (after);
  return seen;
}

describe('search', () => {
  test('a Chinese name is found by a word from its middle; English by a prefix; Japanese, holder and code', async () => {
    const owner = await newUser('enterprise');
    const middle = hanWord();
    const en = latinWord();
    const holder = `${hanWord(3)}文化传媒有限公司`;
    const ip = await listedIp(owner.id, { names: { zh: `山海${middle}传说`, en: `The ${en} Legend`, ja: `やまうみ${middle}でんせつ` }, holder });
    const other = await listedIp(owner.id, { names: { zh: `山海传说${hanWord()}`, en: 'Other', ja: 'その他' } });

    expect(await ids({ q: middle })).toEqual([ip.id]);
    expect(await ids({ q: middle.slice(2) + '传' })).toEqual([ip.id]);
    expect(await ids({ q: en.slice(0, 7) })).toEqual(expect.arrayContaining([ip.id]));
    expect(await ids({ q: `${en.toUpperCase()} leg` })).toEqual([ip.id]);
    expect(await ids({ q: `${middle}でん` })).toEqual([ip.id]);
    expect(await ids({ q: holder.slice(0, 3) })).toEqual([ip.id]);
    expect(await ids({ q: ip.code })).toEqual([ip.id]);
    expect(await ids({ q: formatIpciCode(ip.code) })).toEqual([ip.id]);
    expect(await ids({ q: formatIpciCode(ip.code).toLowerCase().replace(/-/g, ' ') })).toEqual([ip.id]);
    expect(await ids({ q: other.code })).toEqual([other.id]);
    expect(await ids({ q: `${middle}${latinWord()}` })).toEqual([]);
    expect(await ids({ q: '!!!' })).toEqual([]);
  });

  test('each filter narrows the list', async () => {
    const owner = await newUser('personal');
    const word = latinWord();
    const names = (n: number) => ({ zh: `滤镜${n}`, en: `${word} ${n}`, ja: `フィルタ${n}` });
    const a = await listedIp(owner.id, { names: names(1), data: { exclusive: 'Y', sublicensing: 'Y', termType: 'Y', ipCategory: 'animation', ipCountry: 'CN' } });
    const b = await listedIp(owner.id, { names: names(2), data: { exclusive: 'N', sublicensing: 'N', termType: 'D', ipCategory: 'music', ipCountry: 'JP' } });
    const c = await listedIp(owner.id, { names: names(3), data: { exclusive: 'S', sublicensing: 'S', termType: 'N', ipCategory: 'music', ipCountry: 'JP' } });
    await testDb()('ip_listings').where({ ipci_id: c.id }).update({ trade_status: 'exclusive' });
    const q = { q: word };
    expect(await ids(q)).toEqual([a.id, b.id, c.id].sort());
    expect(await ids({ ...q, exclusive: 'Y' })).toEqual([a.id]);
    expect(await ids({ ...q, exclusive: 'S' })).toEqual([c.id]);
    expect(await ids({ ...q, sublicensing: 'N' })).toEqual([b.id]);
    expect(await ids({ ...q, termType: 'N' })).toEqual([c.id]);
    expect(await ids({ ...q, category: 'music' })).toEqual([b.id, c.id].sort());
    expect(await ids({ ...q, country: 'CN' })).toEqual([a.id]);
    expect(await ids({ ...q, tradeStatus: 'exclusive' })).toEqual([c.id]);
    expect(await ids({ ...q, tradeStatus: 'open' })).toEqual([a.id, b.id].sort());
    expect(await ids({ ...q, category: 'music', country: 'JP', termType: 'D' })).toEqual([b.id]);
  });

  test('every sort pages by keyset without duplicates or gaps, ties included', async () => {
    const owner = await newUser('personal');
    const word = latinWord();
    const made = [];
    for (let n = 0; n < 7; n++) made.push(await listedIp(owner.id, { names: { zh: `排序${n}`, en: `${word} ${n}`, ja: `ソート${n}` } }));
    const counts = [5, 0, 5, 9, 0, 0, 1];
    const stars = [[4, 3], [5, 9], [0, 0], [4, 3], [1, 1], [0, 0], [3, 1]]; // [count, sum]
    for (const [i, ip] of made.entries()) {
      await testDb()('ip_listings').where({ ipci_id: ip.id }).update({ search_count: counts[i], rating_count: stars[i][0], rating_sum: stars[i][1] });
    }
    const everyId = made.map((m) => m.id).sort();
    for (const sort of ['newest', 'popular', 'rated']) {
      const paged = await allPages({ q: word, sort, limit: 2 });
      expect(paged).toHaveLength(7);
      expect([...paged].sort()).toEqual(everyId);
      expect(paged).toEqual((await search({ q: word, sort, limit: 50 })).items.map((i) => i.id));
    }
    const popular = (await search({ q: word, sort: 'popular' })).items.map((i) => i.searchCount);
    expect(popular).toEqual([...counts].sort((x, y) => y - x));
    const rated = (await search({ q: word, sort: 'rated' })).items.map((i) => i.rating.average);
    expect(rated).toEqual([...rated].sort((x, y) => y - x));
    expect(rated[0]).toBeCloseTo(9 / 5);
    const newest = await allPages({ q: word, limit: 3 });
    expect(newest).toEqual([...made].reverse().map((m) => m.id));
  });

  test('bad filters and cursors are 400 with field messages', async () => {
    for (const q of ['exclusive=X', 'sublicensing=maybe', 'termType=P', 'tradeStatus=sold', 'country=XX', 'category=%3Cb%3E', 'sort=price', 'limit=0', 'limit=500', 'limit=x', `q=${'a'.repeat(101)}`, 'after=nonsense', 'q=a&q=b']) {
      const r = await visitor.get(`/api/public/ip?${q}`);
      expect(r.status).toBe(400);
      expect(Object.keys(r.body.fields ?? {})).not.toHaveLength(0);
    }
    // A cursor of another sort.
    const owner = await newUser('personal');
    const word = latinWord();
    for (let n = 0; n < 2; n++) await listedIp(owner.id, { names: { zh: `游标${n}`, en: `${word} ${n}`, ja: `カーソル${n}` } });
    const { next } = await search({ q: word, limit: 1 });
    expect(next).toBeTruthy();
    expect((await visitor.get(`/api/public/ip?q=${word}&sort=popular&after=${next}`)).status).toBe(400);
  });
});

describe('detail', () => {
  test('everything of the detail page; each view counts one search', async () => {
    const { user: owner, caller: ownerCaller } = await signedIn('enterprise');
    const cover = (await ownerCaller.upload('ipImage', await png(), 'cover.png')).body.id as string;
    const proof = randomUUID();
    const ip = await listedIp(owner.id, { data: { cover, showRiskPublicly: true, everDefendant: true, riskDescription: '2019 年一起已和解的纠纷', disclosureFile: proof, videoLink: 'https://example.com/v' } });
    const other = await listedIp(owner.id);
    await testDb()('identity_certifications').insert({
      user_id: owner.id,
      kind: 'enterprise',
      state: IDENTITY_STATE.verified,
      data: JSON.stringify({ companyNameZh: '景德镇文化传媒有限公司', companyNameEn: 'Jingdezhen Culture Media Co., Ltd.' }),
      workflow_id: `identityReview/${randomUUID()}`,
    });
    const buyer = await newUser('personal');
    const [trade] = await testDb()('trades')
      .insert({ mode: 'selfService', ipci_id: ip.id, buyer_id: buyer.id, seller_id: owner.id, state: 'completed', step: 'completed', application: '{}', workflow_id: `tradeOrder/${randomUUID()}` })
      .returning('id');
    await testDb()('evaluations').insert([
      { trade_id: trade.id, from_user_id: buyer.id, to_user_id: owner.id, ipci_id: ip.id, side: 'buyer', stars: 4, comment: '合作顺利', anonymous: false },
      { trade_id: trade.id, from_user_id: owner.id, to_user_id: buyer.id, ipci_id: ip.id, side: 'seller', stars: 5, comment: 'about the buyer', anonymous: false },
    ]);
    await testDb()('trade_records').insert([
      { ipci_id: ip.id, user_id: owner.id, licensee: '某玩具公司', scope: ['merchandise'], sublicensing: 'N', entered_on: '2026-03-01', visible: true },
      { ipci_id: ip.id, user_id: owner.id, licensee: 'Hidden Ltd', scope: [], sublicensing: 'N', entered_on: '2026-03-02', visible: false },
    ]);

    const before = (await search({ q: ip.code })).items[0].searchCount;
    const r = await visitor.get(`/api/public/ip/${ip.id}`);
    expect(r.status).toBe(200);
    const d = r.body.ip;
    expect(d).toMatchObject({
      id: ip.id,
      code: ip.code,
      names: { zh: '青花瓷之韵', en: 'Charm of Blue and White' },
      holder: '景德镇文化传媒有限公司',
      exclusive: 'Y',
      sublicensing: 'Y',
      termType: 'N',
      category: 'fineArt',
      country: 'CN',
      copyright: { usageScope: '衍生品、出版物', rightsRegion: '全球', termFrom: '2026-01-01', termTo: '2036-12-31', risk: { everDefendant: true, governmentBanned: false, description: '2019 年一起已和解的纠纷' } },
      certificate: { code: ip.code, verifyPath: `right/certificate/${ip.code}` },
      related: { videoLink: 'https://example.com/v', siteLink: 'https://example.com/qinghua' },
      owner: { verified: { kind: 'enterprise', names: { zh: '景德镇文化传媒有限公司', en: 'Jingdezhen Culture Media Co., Ltd.' } }, credit: { count: 1 } },
      ratings: { count: 1, average: 4, items: [{ stars: 4, comment: '合作顺利', evaluator: buyer.displayName }] },
    });
    expect(d.copyright.images.main).toHaveLength(5);
    expect(JSON.stringify(d)).not.toContain(proof);
    expect(d.tradeRecords.map((t: { licensee: string }) => t.licensee)).toEqual(['某玩具公司']);
    expect(d.otherIps.map((o: { id: string }) => o.id)).toEqual([other.id]);
    expect(d.rating).toEqual({ count: 1, average: 4 }); // the listing's own, kept by the evaluations trigger

    await visitor.get(`/api/public/ip/${ip.id}`);
    expect((await search({ q: ip.code })).items[0].searchCount).toBe(before + 2);

    // The cover is served to anyone; a picture the IP does not publish is not.
    const image = await fetch(`${process.env.IPCI_TEST_API}${d.copyright.images.cover}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect((await visitor.get(`/api/public/ip/${ip.id}/images/${proof}`)).status).toBe(404);
    expect((await visitor.get(`/api/public/ip/${other.id}/images/${cover}`)).status).toBe(404);
  });

  test("the trade forms' summary counts no search; the detail page counts one", async () => {
    const { user: owner, caller: ownerCaller } = await signedIn('enterprise');
    const cover = (await ownerCaller.upload('ipImage', await png(), 'cover.png')).body.id as string;
    const ip = await listedIp(owner.id, { data: { cover } });
    const count = async () => (await testDb()('ip_listings').where({ ipci_id: ip.id }).first('search_count')).search_count as number;
    const before = await count();

    const summary = await visitor.get(`/api/public/ip/${ip.id}/summary`);
    expect(summary.status).toBe(200);
    expect(summary.body).toEqual({
      ip: { id: ip.id, code: ip.code, names: { zh: '青花瓷之韵', en: 'Charm of Blue and White', ja: '青花の韻' }, holder: '景德镇文化传媒有限公司', cover: `/api/public/ip/${ip.id}/images/${cover}` },
    });
    await visitor.get(`/api/public/ip/${ip.id}/summary`);
    expect(await count()).toBe(before);

    expect((await visitor.get(`/api/public/ip/${ip.id}`)).status).toBe(200);
    expect(await count()).toBe(before + 1);

    // Like the detail: an IP that is not listed, or no IP at all, is a 404.
    await setTakeDown(testDb(), ip.id, 'trade', true);
    expect((await visitor.get(`/api/public/ip/${ip.id}/summary`)).body).toMatchObject({ code: 'notFound', message: 'This IP is not listed in the catalogue (it may have been taken down)' });
    expect((await visitor.get(`/api/public/ip/${randomUUID()}/summary`)).status).toBe(404);
    expect((await visitor.get('/api/public/ip/not-an-id/summary')).status).toBe(404);
    expect(await count()).toBe(before + 1);
  });

  test('the risk disclosure shows only when the holder chose to; a personal owner shows masked', async () => {
    const owner = await newUser('personal');
    const ip = await listedIp(owner.id, { data: { showRiskPublicly: false, everDefendant: true, riskDescription: 'private' } });
    await testDb()('identity_certifications').insert({
      user_id: owner.id,
      kind: 'personal',
      state: IDENTITY_STATE.verified,
      data: JSON.stringify({ name: '张三丰' }),
      workflow_id: `identityReview/${randomUUID()}`,
    });
    const d = (await visitor.get(`/api/public/ip/${ip.id}`)).body.ip;
    expect(d.copyright.risk).toBeNull();
    expect(JSON.stringify(d)).not.toContain('private');
    expect(d.owner).toEqual({ verified: { kind: 'personal', names: { zh: '张**', en: null, ja: null } }, credit: { score: 80, count: 0, averageStars: null } });
  });

  test('taken down, revoked or expired IPs disappear from the list and the detail at once', async () => {
    const owner = await newUser('personal');
    const word = latinWord();
    const mk = (n: number) => listedIp(owner.id, { names: { zh: `下架${n}`, en: `${word} ${n}`, ja: `取下げ${n}` } });
    const [kept, takenDown, titleDown, revoked, expired] = [await mk(1), await mk(2), await mk(3), await mk(4), await mk(5)];
    expect(await ids({ q: word })).toHaveLength(5);
    await setTakeDown(testDb(), takenDown.id, 'trade', true);
    await setTakeDown(testDb(), titleDown.id, 'title', true);
    await invalidate(testDb(), revoked.id, 'revoked');
    await invalidate(testDb(), expired.id, 'expired');
    expect(await ids({ q: word })).toEqual([kept.id]);
    for (const gone of [takenDown, titleDown, revoked, expired]) {
      const r = await visitor.get(`/api/public/ip/${gone.id}`);
      expect(r.status).toBe(404);
      expect(r.body.message).toBe('This IP is not listed in the catalogue (it may have been taken down)');
    }
    expect((await visitor.get(`/api/public/ip/${kept.id}`)).status).toBe(200);
    // Relisted: back at once.
    await setTakeDown(testDb(), takenDown.id, 'trade', false);
    expect(await ids({ q: word })).toEqual([kept.id, takenDown.id].sort());
  });

  test('unknown or malformed ids are 404', async () => {
    expect((await visitor.get(`/api/public/ip/${randomUUID()}`)).status).toBe(404);
    expect((await visitor.get('/api/public/ip/not-an-id')).status).toBe(404);
    expect((await visitor.get(`/api/public/ip/${randomUUID()}/images/nope`)).status).toBe(404);
  });
});
