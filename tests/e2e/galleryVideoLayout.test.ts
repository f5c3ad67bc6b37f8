import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { buildUiIfStale } from '../../scripts/lib/uiBuild';
import { inTempDir } from '../../storage/localCopy';
import { syntheticImage } from '../../watermark/synthetic';
import { syntheticVideo } from '../../watermark/syntheticVideo';
import { galleryUpload, grantCapacity } from '../support/gallery';
import { apiBase, closeTestDb, signedIn } from '../support/http';
import { launchChromium, openSized, overflow, OVERFLOW, PHONE, screenshot, SIZES } from '../support/browser';

/**
 * The gallery with a video among its pictures, in Chromium at a phone's and a desktop's width in
 * every language: the page fits, the video's tile shows the frame the API made its thumbnail from
 * and is tagged as a video, and choosing it offers its watermark. With IPCI_SCREENSHOT_DIR set each page is kept as gallery-video-<lang>-<width>.png.
 */
let browser: Browser;
let owner: readonly [string, string];
let videoId: string;

beforeAll(async () => {
  buildUiIfStale(() => undefined);
  browser = await launchChromium();
  const { user, caller } = await signedIn('personal');
  owner = [user.username, user.password];
  await grantCapacity(user.id, 10);
  const picture = await sharp(Buffer.from(syntheticImage(640, 420, 4)), { raw: { width: 640, height: 420, channels: 3 } }).jpeg({ quality: 85 }).toBuffer();
  expect((await galleryUpload(caller, picture, 'poster.jpg')).status).toBe(201);
  const video = await inTempDir(async (dir) => {
    await syntheticVideo(path.join(dir, 'v.mp4'), { width: 640, height: 360, seconds: 3, seed: 6 });
    return readFile(path.join(dir, 'v.mp4'));
  });
  const up = await galleryUpload(caller, video, 'GreaterBayAreaSpringFestivalTrailerFinalCut.mp4');
  expect(up.status).toBe(201);
  videoId = up.body.file.id;
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await closeTestDb();
});

const TAG: Record<string, string> = { 'zh-CN': '视频', 'en-US': 'Video', 'ja-JP': '動画' };

test('on a phone, watermarking the video from the gallery opens its batch, which ends with the copy to download', async () => {
  const page = await openSized(browser, PHONE, 'zh-CN', owner);
  await page.goto(`${apiBase()}/zh-CN/ipci/usercenter/gallerymanagement`);
  await page.locator(`[data-testid="gallery-file-${videoId}"] .ipci-gallery-check`).click();
  await page.locator('[data-testid="gallery-watermark-videos"]').click();
  await page.waitForURL(/\/zh-CN\/ipci\/usercenter\/addwatermarkimage\?batch=/);
  await page.locator('[data-testid="watermark-item-download"]').waitFor({ timeout: 90_000 });
  await screenshot(page, 'gallery-video-batch-zh-CN-390');
  expect(await page.evaluate<number>(OVERFLOW)).toBe(0);
  await page.context().close();
}, 150_000);

describe.each(['zh-CN', 'en-US', 'ja-JP'])('in %s', (lang) => {
  test.each(SIZES)('the gallery with a video fits a %s px window and shows its frame', async (size, viewport) => {
    const page = await openSized(browser, viewport, lang, owner);
    const tile = `[data-testid="gallery-file-${videoId}"]`;
    expect(await overflow(page, `/${lang}/ipci/usercenter/gallerymanagement`, `${tile} img`, `gallery-video-${lang}-${size}`)).toBe(0);
    // The thumbnail (a frame of the video) has loaded.
    // A string, as the server's tsconfig has no DOM types.
    await page.waitForFunction(`(() => { const img = document.querySelector(${JSON.stringify(`${tile} img`)}); return !!img && img.complete && img.naturalWidth > 0; })()`);
    expect(await page.locator(tile).textContent()).toContain(TAG[lang]);
    // Chosen, the video is offered its watermark beside move and delete, and the bar still fits.
    await page.locator(`${tile} .ipci-gallery-check`).click();
    await page.locator('[data-testid="gallery-watermark-videos"]').waitFor();
    await screenshot(page, `gallery-video-selected-${lang}-${size}`);
    expect(await page.evaluate<number>(OVERFLOW)).toBe(0);
    await page.context().close();
  }, 120_000);
});
