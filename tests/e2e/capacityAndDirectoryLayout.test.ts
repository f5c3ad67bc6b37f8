import type { Browser, Page } from 'playwright-core';
import { buildUiIfStale } from '../../scripts/lib/uiBuild';
import { insertManufacturer } from '../../db/manufacturers';
import { apiBase, Caller, closeTestDb, DEMO, eventually, testDb } from '../support/http';
import { certifiedUser } from '../support/identity';
import { lawFirmRow } from '../support/lawFirms';
import { payOrder } from '../support/orders';
import { launchChromium, openSized, overflow, SIZES } from '../support/browser';

/**
 * The capacity pages (buying, opening, the user's capacity and its records, the back office's
 * packages) and the directories' back office fit a phone and a desktop in every language: nothing
 * reaches past the window, a list wider than a phone scrolls inside its card. With
 * IPCI_SCREENSHOT_DIR set each page is kept as <page>-<lang>-<width>.png.
 */
let browser: Browser;
let buyer: readonly [string, string];
let orderId: string;
let manufacturerId: string;
let firmId: string;

/** Long names without spaces that must wrap or scroll inside their card on a phone, never widen the page. */
const LONG = 'GuangdongHongKongMacaoGreaterBayAreaAntiCounterfeitingTechnologyCompanyLimited';

beforeAll(async () => {
  buildUiIfStale(() => undefined);
  browser = await launchChromium();
  const admin = await new Caller().login(...DEMO.admin);
  const pkg = await admin.post('/api/admin/capacity/packages', { nameZh: '防伪旗舰版超大容量套餐', nameEn: 'Anti-counterfeit Flagship Extra-Large Capacity', nameJa: '偽造防止フラッグシップ大容量', capacity: 2, capacityUnit: 'T', validityMonths: 24, price: '12999.00', onSale: true });
  if (pkg.status !== 201) throw new Error(`package: ${pkg.status} ${JSON.stringify(pkg.body)}`);

  // A certified buyer who bought and paid it: the capacity is granted, its records list the recharge.
  const { user, caller } = await certifiedUser();
  buyer = [user.username, user.password];
  const bought = await caller.post('/api/capacity/purchases', { packageId: pkg.body.package.id });
  if (bought.status !== 201) throw new Error(`purchase: ${bought.status} ${JSON.stringify(bought.body)}`);
  orderId = bought.body.orderId;
  await payOrder(caller, orderId);
  await eventually(async () => (await caller.get(`/api/orders/${orderId}`)).body.order.orderState === 2, 30_000);

  const maker = await certifiedUser();
  const row = (await insertManufacturer(testDb(), maker.user.id, {
    nameZh: `粤港澳大湾区防伪科技有限公司${LONG}`,
    nameEn: LONG,
    nameJa: '',
    licence: [maker.photo],
    website: 'https://www.greater-bay-area-anti-counterfeiting-technology.com.cn/about',
    postalCode: '518000',
    descriptionZh: '专业生产防伪标签。',
    descriptionEn: '',
    descriptionJa: '',
    images: [],
    contactName: '李经理',
    contactPhone: '0755-88886666',
    email: 'sales.department@greater-bay-area-anti-counterfeiting.com.cn',
    address: `深圳市南山区科技园${LONG}`,
  }))!;
  manufacturerId = row.id;
  await testDb()('manufacturers').where({ id: row.id }).update({ state: 'listed', listed_at: new Date() });
  firmId = (await lawFirmRow(maker.user.id, { data: { nameEn: LONG } })).id;
}, 240_000);

/** Every column of a list is in sight without scrolling sideways (on a phone each row is a card): the `last` column of each page ends inside the window. */
async function inSight(page: Page, viewport: { width: number }, lists: Array<[string, string]>) {
  for (const [url, last] of lists) {
    await page.goto(apiBase() + url);
    const box = await page.locator(last).first().boundingBox();
    expect([url, box!.x + box!.width <= viewport.width]).toEqual([url, true]);
  }
}

afterAll(async () => {
  await browser?.close();
  await closeTestDb();
});

describe.each(['zh-CN', 'en-US', 'ja-JP'])('in %s', (lang) => {
  test.each(SIZES)('the capacity pages fit a %s px window', async (size, viewport) => {
    const page = await openSized(browser, viewport, lang, buyer);
    const pages = [
      ['capacitypay', `/${lang}/ipci/protect/capacitypay`, '[data-testid="capacity-package"]'],
      ['opensuccess', `/${lang}/ipci/protect/opensuccess?orderId=${orderId}`, '[data-testid="open-to-capacity"]'],
      ['capacity', `/${lang}/ipci/usercenter/capacity`, '[data-testid="capacity-numbers"]'],
      ['capacitydetail', `/${lang}/ipci/usercenter/capacitydetail`, '[data-testid="capacity-record"]'],
    ];
    for (const [name, url, ready] of pages) expect([name, await overflow(page, url, ready, `${name}-${lang}-${size}`)]).toEqual([name, 0]);
    await inSight(page, viewport, [
      [`/${lang}/ipci/usercenter/capacity`, '[data-testid="capacity-grant"] td:last-child'],
      [`/${lang}/ipci/usercenter/capacitydetail`, '[data-testid="capacity-record"] td:last-child'],
    ]);
    await page.context().close();
  }, 120_000);

  test.each(SIZES)('the back office packages and directories fit a %s px window', async (size, viewport) => {
    const page = await openSized(browser, viewport, lang, DEMO.admin);
    const pages = [
      ['admin-package', '/admin/package', '[data-testid="admin-package-row"]'],
      ['admin-manufacturer', '/admin/manufacturer', '[data-testid="admin-manufacturer-row"]'],
      ['admin-manufacturer-audit', `/admin/manufacturer/audit/${manufacturerId}`, '[data-testid="admin-manufacturer-audit"]'],
      ['admin-manufacturer-detail', `/admin/manufacturer/detail/${manufacturerId}`, '[data-testid="admin-manufacturer-detail"]'],
      ['admin-manufacturer-edit', `/admin/manufacturer/edit/${manufacturerId}`, '#admin-manufacturer-form-nameZh'],
      ['admin-manufacturer-recheck', `/admin/manufacturer/recheck/${manufacturerId}`, '[data-testid="admin-manufacturer-recheck"]'],
      ['admin-lawfirm', '/admin/lawFirm', '[data-testid="admin-lawfirm-row"]'],
      ['admin-lawfirm-detail', `/admin/lawFirm/detail/${firmId}`, '[data-testid="admin-lawfirm-detail"]'],
    ];
    for (const [name, url, ready] of pages) expect([name, await overflow(page, url, ready, `${name}-${lang}-${size}`)]).toEqual([name, 0]);
    await inSight(page, viewport, [
      ['/admin/package', '[data-testid="admin-package-row"] [data-testid="admin-package-toggle"]'],
      ['/admin/manufacturer', '[data-testid="admin-manufacturer-row"] a[href^="/admin/manufacturer/recheck/"]'],
      ['/admin/lawFirm', '[data-testid="admin-lawfirm-row"] a[href^="/admin/lawFirm/recheck/"]'],
    ]);
    await page.context().close();
  }, 120_000);
});
