import type { Browser } from 'playwright-core';
import { buildUiIfStale } from '../../scripts/lib/uiBuild';
import { apiBase, closeTestDb, DEMO, newUser } from '../support/http';
import { ipciRow } from '../support/ipcis';
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

beforeAll(async () => {
  buildUiIfStale(() => undefined);
  browser = await launchChromium();
  const owner = await newUser('personal');
  user = owner;
  ({ code, registrationId } = await ipciRow(owner.id));
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
  ] as const;

/** The user centre's areas that are open, each read once its page title is there. */
const USER_CENTRE_AREAS = ['identity', 'security', 'password', 'sessions', 'invitation', 'msg', 'traceability', 'certificates', 'orderrecord', 'trade'];

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

/** Staff work from phones too: every back-office page fits, its tables scrolling within themselves. */
const BACK_OFFICE = ['/admin', '/manage/inbox', '/manage/inbox?queue=cancellation', '/admin/roles', '/admin/invitationStatistics', '/admin/outbox', '/admin/myMsg', '/admin/calendar', '/admin/ciOrder', '/admin/selfWork', '/admin/ipAuthOrder', '/admin/updatePassword'];

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
