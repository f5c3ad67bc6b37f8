import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { apiBase } from './http';

/** Debian's Chromium, headless, without the background traffic this machine's closed network refuses. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
  });
}

/** A fresh browser profile (own cookies) reading the site in `lang`. */
export async function openPage(browser: Browser, base: string, lang: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  await context.addCookies([{ name: 'cookie-lang', value: lang, url: base }]);
  return { context, page: await context.newPage() };
}

/** Fills the login form the page shows (the user centre's or the staff one) and sends it. */
export async function logIn(page: Page, username: string, password: string): Promise<void> {
  await page.locator('#login-username').fill(username);
  await page.locator('#login-password').fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).last().click();
}

/** Clicks a download button (a Blueprint AnchorButton) and answers the downloaded bytes and the address they came from. */
export async function downloadBy(page: Page, name: string): Promise<{ bytes: Buffer; url: string }> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name }).first().click()]);
  const chunks: Buffer[] = [];
  for await (const chunk of await file.createReadStream()) chunks.push(chunk as Buffer);
  return { bytes: Buffer.concat(chunks), url: file.url() };
}

/** The window sizes layout tests check every page at: a phone and a desktop. */
export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1440, height: 900 };
export const SIZES = [
  ['390', PHONE],
  ['1440', DESKTOP],
] as const;

/** How far the page reaches past the window's right edge (evaluated in the page; this project has no DOM types). */
export const OVERFLOW = 'document.scrollingElement.scrollWidth - window.innerWidth';

/** IPCI_SCREENSHOT_DIR=/some/dir keeps a full-page screenshot `<name>.png` there to look at; unset, nothing is kept. */
export async function screenshot(page: Page, name: string): Promise<void> {
  const dir = process.env.IPCI_SCREENSHOT_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

/** A fresh browser profile with a window of `viewport`, reading the test API's site in `lang`, signed in as `login` when given. */
export async function openSized(browser: Browser, viewport: { width: number; height: number }, lang: string, login?: readonly [string, string]): Promise<Page> {
  const context = await browser.newContext({ viewport });
  await context.addCookies([{ name: 'cookie-lang', value: lang, url: apiBase() }]);
  if (login) {
    const res = await context.request.post(`${apiBase()}/api/auth/login`, { data: { login: login[0], password: login[1] } });
    if (res.status() !== 200) throw new Error(`login as ${login[0]}: ${res.status()}`);
  }
  return context.newPage();
}

/** Opens `url` once `ready` shows and answers how far the page reaches past the window's right edge (0: it fits); screenshot `shot`. */
export async function overflow(page: Page, url: string, ready: string, shot: string): Promise<number> {
  await page.goto(apiBase() + url);
  await page.locator(ready).first().waitFor();
  await page.waitForLoadState('networkidle');
  await screenshot(page, shot);
  return page.evaluate<number>(OVERFLOW);
}
