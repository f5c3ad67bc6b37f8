import type { Browser } from 'playwright-core';
import { buildUiIfStale } from '../../scripts/lib/uiBuild';
import { chinaDate } from '../../domain/dates';
import { apiBase, Caller, closeTestDb, DEMO, newUser, PDF } from '../support/http';
import { certifiedUser } from '../support/identity';
import { ipciRow } from '../support/ipcis';
import { lawFirmRow } from '../support/lawFirms';
import { DESKTOP, launchChromium, openSized, overflow, OVERFLOW, PHONE, screenshot, SIZES } from '../support/browser';

/**
 * Issue 10 §3 "Phones": the public pages (the certificate verification page first: its QR code is
 * read on phones), log-in, the user centre and the mobile landing reflow at 390 px — nothing wider
 * than the screen — and keep the desktop layout at 1440 px, where the admin users table fits its card.
 * IPCI_SCREENSHOT_DIR=/some/dir keeps a screenshot of every page and size to look at.
 */
let browser: Browser;
let code: string;
let registrationId: string;
let user: { username: string; password: string };
let firmId: string;
let holder: { username: string; password: string };
let caseId: string;
let publicityId: string;

/** Long names, and a mailbox and addresses without a space in them, that must wrap on a phone rather than widen the page. */
const FIRM = 'Guangdong–Hong Kong–Macao Greater Bay Area Intellectual Property Law Firm (GuangdongHongKongMacaoGreaterBayAreaIPLawFirm)';
const INFRINGER = 'Greater Bay Area Cultural Poster Trading Company Limited (GreaterBayAreaCulturalPosterTradingCo)';
const MAILBOX = 'intellectual.property.department@guangdong-hongkong-macao-greater-bay-area.com.cn';
const SHOP = 'https://shop.greater-bay-area-posters.com.cn/products/mountains-and-seas-scroll-poster-2026';

beforeAll(async () => {
  buildUiIfStale(() => undefined);
  browser = await launchChromium();
  const owner = await newUser('personal');
  user = owner;
  ({ code, registrationId } = await ipciRow(owner.id));
  // The account's own firm is listed: its user-centre page, the directory and the firm's page have something to lay out.
  firmId = (await lawFirmRow(owner.id, { recommended: true, data: { nameEn: FIRM, email: MAILBOX, website: SHOP } })).id;

  // A holder with a rights-protection case awaiting acceptance, and a published publicity entry.
  const who = await certifiedUser();
  holder = who.user;
  const ipci = await ipciRow(who.user.id, { valid_until: '2090-12-31' });
  const proof = (await who.caller.upload('evidence', PDF, 'proof.pdf')).body.id;
  const c = await who.caller.post('/api/protection/cases', {
    kind: 'administrative',
    ipciId: ipci.id,
    ipName: '山海图',
    ipIntroduction: '一幅描绘山海的长卷。',
    infringer: INFRINGER,
    description: `The posters are sold at ${SHOP} without a licence.`,
    proof: [proof],
    mailbox: MAILBOX,
    lawFirmId: '',
  });
  if (c.status !== 201) throw new Error(`protection case: ${c.status} ${JSON.stringify(c.body)}`);
  caseId = c.body.case.id;
  const admin = await new Caller().login(...DEMO.admin);
  const entry = await admin.post('/api/admin/protection/publicity', {
    kind: 'administrative',
    titleZh: '山海图海报侵权案',
    titleEn: `Posters of Mountains and Seas sold by ${INFRINGER}`,
    titleJa: '山海図ポスター侵害事件',
    ipNameZh: '山海图',
    ipNameEn: 'Mountains and Seas',
    ipNameJa: '山海図',
    infringer: INFRINGER,
    result: 'resolved',
    summaryZh: '侵权海报已下架。',
    summaryEn: 'The posters were taken down.',
    summaryJa: 'ポスターは撤去された。',
    processedOn: chinaDate(new Date()),
    published: true,
  });
  if (entry.status !== 201) throw new Error(`publicity entry: ${entry.status} ${JSON.stringify(entry.body)}`);
  publicityId = entry.body.entry.id;
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await closeTestDb();
});

const pages = (lang: string) =>
  [
    ['verification', `/${lang}/ipci/right/certificate/${code}`, '[data-testid="verify-banner"]'],
    ['home', `/${lang}/ipci`, '.ipci-hero'],
    ['login', `/${lang}/ipci/login`, '#login-username'],
    ['mobile', `/${lang}/ipcimobile`, '[data-testid="mobile-home"]'],
    ['search', `/${lang}/ipci/right/certificate`, '[data-testid="certificate-search"]'],
    ['introduce', `/${lang}/ipci/introduce`, '.ipci-intro-steps'],
    ['register', `/${lang}/ipci/register`, '[data-testid="register-form"]'],
    ['forgot', `/${lang}/ipci/forgotpassword`, '[data-testid="forgot-form"]'],
    ['trade', `/${lang}/ipci/trade`, '[data-testid="trade-intro"]'],
    ['protect', `/${lang}/ipci/protect`, '[data-testid="protect-centre"]'],
    ['protect-process', `/${lang}/ipci/protect/rightprocess`, '[data-testid="timeline-flow"]'],
    ['publicity', `/${lang}/ipci/protect/publicity`, '[data-testid="publicity-row"]'],
    ['law-firms', `/${lang}/ipci/protect/legalrights`, '[data-testid="lawfirm-card"]'],
    ['law-firm', `/${lang}/ipci/protect/legalrightsdetail/${firmId}`, '[data-testid="lawfirm-detail"]'],
  ] as const;

/** The user centre's areas that are open, each read once its page title is there. */
const USER_CENTRE_AREAS = ['identity', 'security', 'password', 'sessions', 'invitation', 'msg', 'traceability', 'certificates', 'orderrecord', 'trade', 'rightprotect', 'lawfirm'];

describe.each(['zh-CN', 'en-US', 'ja-JP'])('in %s', (lang) => {
  test.each(SIZES)('public pages fit a %s px window', async (size, viewport) => {
    const page = await openSized(browser, viewport, lang);
    for (const [name, url, ready] of pages(lang)) {
      expect([name, await overflow(page, url, ready, `${name}-${lang}-${size}`)]).toEqual([name, 0]);
    }
    await page.context().close();
  }, 120_000);

  test.each(SIZES)('the user centre fits a %s px window; on a phone its menu folds behind a toggle', async (size, viewport) => {
    const page = await openSized(browser, viewport, lang, [user.username, user.password]);
    expect(await overflow(page, `/${lang}/ipci/usercenter`, '[data-testid="uc-user"]', `usercenter-${lang}-${size}`)).toBe(0);
    for (const area of USER_CENTRE_AREAS) {
      expect([area, await overflow(page, `/${lang}/ipci/usercenter/${area}`, '.ipci-uc-content .ipci-page-title', `usercenter-${area}-${lang}-${size}`)]).toEqual([area, 0]);
    }
    await page.goto(`${apiBase()}/${lang}/ipci/usercenter`);
    await page.locator('[data-testid="uc-user"]').waitFor();
    const menu = page.getByRole('menu', { name: /./ }).first();
    if (viewport === PHONE) {
      expect(await menu.isVisible()).toBe(false);
      await page.locator('.ipci-uc-menu-toggle').click();
      await menu.waitFor();
      await screenshot(page, `usercenter-menu-${lang}-${size}`);
      expect(await page.evaluate<number>(OVERFLOW)).toBe(0);
    } else {
      expect(await menu.isVisible()).toBe(true);
      expect(await page.locator('.ipci-uc-menu-toggle').isVisible()).toBe(false);
    }
    await page.context().close();
  }, 120_000);
});

test.each(SIZES)('the admin users table fits its card at 1440 px and scrolls inside it at 390 px (%s)', async (size, viewport) => {
  const page = await openSized(browser, viewport, 'en-US', DEMO.admin);
  expect(await overflow(page, '/admin/userManagement', '[data-testid="users-table"]', `admin-users-${size}`)).toBe(0);
  const [table, card] = await page.evaluate<[number, number]>(
    `(() => { const t = document.querySelector('[data-testid="users-table"]'); return [t.getBoundingClientRect().width, t.closest('.ipci-list-scroll').clientWidth]; })()`,
  );
  if (viewport === DESKTOP) expect(table).toBeLessThanOrEqual(card);
  await page.context().close();
}, 120_000);

/** Rights protection and the law-firm listing on a phone: the holder's form and cases, the listing agreement and form, the back office's pages of one case, entry and firm. */
test.each(['zh-CN', 'en-US', 'ja-JP'])('the rights-protection and law-firm pages fit a 390 px window (%s)', async (lang) => {
  const page = await openSized(browser, PHONE, lang, [holder.username, holder.password]);
  const mine = [
    ['protect-form', `/${lang}/ipci/protect/rightprocess`, '[data-testid="protection-form"]'],
    ['rightprotect', `/${lang}/ipci/usercenter/rightprotect`, '[data-testid="protection-row"]'],
    ['protectdetail', `/${lang}/ipci/usercenter/protectdetail/${caseId}`, '[data-testid="protection-fact-description"]'],
    ['lawapply', `/${lang}/ipci/protect/lawapply`, '[data-testid="lawfirm-agreement"]'],
  ];
  for (const [name, url, ready] of mine) expect([name, await overflow(page, url, ready, `${name}-${lang}-390`)]).toEqual([name, 0]);
  // The listing form opens once the agreement is accepted.
  await page.locator('[data-testid="lawfirm-agreement"] .bp6-checkbox').click();
  await page.locator('[data-testid="lawfirm-agreement-continue"]').click();
  await page.locator('[data-testid="lawfirm-form"]').waitFor();
  await screenshot(page, `lawapply-form-${lang}-390`);
  expect(['lawapply-form', await page.evaluate<number>(OVERFLOW)]).toEqual(['lawapply-form', 0]);
  await page.context().close();

  const staff = await openSized(browser, PHONE, lang, DEMO.admin);
  const pages = [
    ['admin-protection', `/admin/rightProtect/audit/${caseId}`, '[data-testid="admin-protection-applicant"]'],
    ['admin-publicity', `/admin/rightPublic/detail/${publicityId}`, '[data-testid="publicity-facts"]'],
    ['admin-publicity-edit', `/admin/rightPublic/edit/${publicityId}`, '[data-testid="publicity-form"]'],
    ['admin-lawfirm', `/admin/lawFirm/detail/${firmId}`, '[data-testid="admin-lawfirm-detail"]'],
  ];
  for (const [name, url, ready] of pages) expect([name, await overflow(staff, url, ready, `${name}-${lang}-390`)]).toEqual([name, 0]);
  await staff.context().close();
}, 120_000);

/** Staff work from phones too: every back-office page fits, its tables scrolling within themselves. */
const BACK_OFFICE = ['/admin', '/manage/inbox', '/manage/inbox?queue=cancellation', '/admin/roles', '/admin/invitationStatistics', '/admin/outbox', '/admin/myMsg', '/admin/calendar', '/admin/ciOrder', '/admin/selfWork', '/admin/ipAuthOrder', '/admin/updatePassword', '/admin/rightProtect', '/admin/rightPublic', '/admin/lawFirm'];

test.each(['zh-CN', 'en-US', 'ja-JP'])('the back office fits a 390 px window (%s)', async (lang) => {
  const page = await openSized(browser, PHONE, lang, DEMO.admin);
  for (const url of BACK_OFFICE) {
    expect([url, await overflow(page, url, '.ipci-page-title', `admin${url.replace(/\W+/g, '-')}-${lang}-390`)]).toEqual([url, 0]);
  }
  await page.context().close();
}, 120_000);

test.each(['zh-CN', 'en-US', 'ja-JP'])('on a desktop the title audit diagram shows every step within its card (%s)', async (lang) => {
  const page = await openSized(browser, DESKTOP, lang, [user.username, user.password]);
  await page.goto(`${apiBase()}/${lang}/ipci/usercenter/traceability/${registrationId}`);
  await page.locator('[data-testid="step-issued"]').waitFor();
  const [scroll, visible] = await page.evaluate<[number, number]>(
    `(() => { const s = document.querySelector('.ipci-flow-scroll'); return [s.scrollWidth, s.clientWidth]; })()`,
  );
  expect(scroll).toBeLessThanOrEqual(visible);
  await screenshot(page, `timeline-${lang}-1440`);
  await page.context().close();
}, 120_000);
