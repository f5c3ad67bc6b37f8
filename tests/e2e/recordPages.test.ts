import type { Browser } from 'playwright-core';
import { buildUiIfStale } from '../../scripts/lib/uiBuild';
import { launchChromium, openSized, overflow, SIZES } from '../support/browser';
import { listedIp } from '../support/catalogue';
import { Caller, closeTestDb, DEMO, eventually, png, signedIn, taskPath, testDb } from '../support/http';
import { certifiedUser } from '../support/identity';

/**
 * The records-entrusted pages at 390 px and 1440 px in three languages: the seller's trade records
 * (list with credit and evaluations, add, detail), the back office's trade records, evaluations,
 * dictionaries and manual trades, and an entrusted trade's negotiation task — nothing wider than
 * the window. IPCI_SCREENSHOT_DIR=/some/dir keeps a screenshot of each to look at.
 */

let browser: Browser;
let seller: { username: string; password: string };
let recordId: string;
let evaluationId: string;
let tradeId: string;
let negotiationTaskId: string;

const request = (ipciId: string) => ({
  ipciId,
  exclusive: false,
  channels: ['toys', 'apparel'],
  region: '',
  description: '毛绒玩具与服饰授权，覆盖华东地区的线下门店与线上旗舰店。A long description that must wrap on a phone.',
  contactPerson: '李四',
  phone: '13800138000',
  email: 'buyer@example.com',
});

beforeAll(async () => {
  buildUiIfStale(() => undefined);
  browser = await launchChromium();
  const owner = await signedIn('enterprise');
  seller = owner.user;
  const ip = await listedIp(owner.user.id);
  const voucher = (await owner.caller.upload('licence', await png(), 'voucher.png')).body.id;
  const rec = await owner.caller.post('/api/trade-records', {
    ipciId: ip.id,
    licensee: '星光玩具有限公司（Starlight Toys International Licensing Co., Ltd.）',
    scope: ['toys', 'stationery', 'household', 'onlineStores'],
    sublicensing: 'S',
    exclusive: true,
    region: 'CN',
    termPermanent: false,
    termFrom: '2026-01-01',
    termTo: '2028-12-31',
    enteredOn: '2026-01-05',
    voucher,
  });
  recordId = rec.body.record.id;

  // A completed entrusted trade, evaluated by both sides; a second one waits in negotiation.
  const reviewer = await new Caller().login(...DEMO.reviewer);
  const decide = async (id: string, step: string, body: Record<string, unknown>) => {
    const task = await eventually(() => testDb()('tasks').where({ case_id: id, step }).whereIn('status', ['open', 'claimed']).first());
    expect((await reviewer.post(`${taskPath(task.id)}/complete`, body)).status).toBe(200);
    return task.id as string;
  };
  const buyer = await certifiedUser();
  const done = (await buyer.caller.post('/api/trades/entrusted', request(ip.id))).body.trade.id;
  await decide(done, 'platformContact', { outcome: 'approve', reasons: {}, values: { contactSummary: 'Phoned the buyer' } });
  await decide(done, 'negotiation', { outcome: 'approve', reasons: {}, values: { licencePrice: '12000', licenceExclusive: 'no', licenceChannels: 'apparel', licenceRegion: 'worldwide', licenceTerm: 'permanent' } });
  await eventually(async () => (await testDb()('trades').where({ id: done }).first()).state === 'completed');
  evaluationId = (await buyer.caller.post(`/api/trades/${done}/evaluation`, { stars: 4, comment: '沟通顺畅，授权文件齐全。Smooth and well documented.', anonymous: true })).body.evaluation.id;
  await owner.caller.post(`/api/trades/${done}/evaluation`, { stars: 5, comment: 'Paid on time' });

  const other = await certifiedUser();
  tradeId = (await other.caller.post('/api/trades/entrusted', request(ip.id))).body.trade.id;
  await decide(tradeId, 'platformContact', { outcome: 'approve', reasons: {}, values: { contactSummary: 'Emailed the buyer the holder’s terms' } });
  negotiationTaskId = (await eventually(() => testDb()('tasks').where({ case_id: tradeId, step: 'negotiation', status: 'open' }).first())).id;
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await closeTestDb();
});

describe.each(['zh-CN', 'en-US', 'ja-JP'])('in %s', (lang) => {
  test.each(SIZES)('the records pages fit a %s px window', async (size, viewport) => {
    const asSeller = await openSized(browser, viewport, lang, [seller.username, seller.password]);
    const mine = [
      ['list', `/${lang}/ipci/usercenter/traderecord`, '[data-testid="evaluation-row"]'],
      ['add', `/${lang}/ipci/usercenter/addtraderecord`, '[data-testid="record-form"]'],
      ['detail', `/${lang}/ipci/usercenter/traderecorddetail/${recordId}`, '[data-testid="trade-record-detail"]'],
    ];
    for (const [name, url, ready] of mine) expect([name, await overflow(asSeller, url, ready, `records-${name}-${lang}-${size}`)]).toEqual([name, 0]);
    await asSeller.context().close();

    const asAdmin = await openSized(browser, viewport, lang, DEMO.admin);
    const staff = [
      ['admin-list', '/admin/transactionRecord', '[data-testid="admin-record-row"]'],
      ['admin-add', '/admin/transactionRecord/add', '[data-testid="record-form"]'],
      ['admin-detail', `/admin/transactionRecord/${recordId}`, '[data-testid="admin-record-detail"]'],
      ['admin-edit', `/admin/transactionRecord/${recordId}/edit`, '[data-testid="record-form"]'],
      ['evaluations', '/admin/evaluationRecords', '[data-testid="admin-evaluation-row"]'],
      ['evaluation', `/admin/evaluationRecords/${evaluationId}`, '[data-testid="admin-evaluation-detail"]'],
      ['ip-category', '/admin/ipCategory', '[data-testid="dictionary-row"]'],
      ['right-scope', '/admin/rightScope', '[data-testid="dictionary-row"]'],
      ['manual-list', '/admin/manualWork', '[data-testid="admin-trade-row"]'],
      ['manual-detail', `/admin/manualWork/${tradeId}`, '[data-testid="open-task"]'],
      ['task', `/manage/tasks/${encodeURIComponent(negotiationTaskId)}`, '[data-testid="entrusted-subject"]'],
    ];
    for (const [name, url, ready] of staff) expect([name, await overflow(asAdmin, url, ready, `records-${name}-${lang}-${size}`)]).toEqual([name, 0]);
    await asAdmin.context().close();
  }, 180_000);
});
