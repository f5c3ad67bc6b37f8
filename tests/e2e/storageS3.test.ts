import type { ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import type { Browser, Page } from 'playwright-core';
import { stopChild } from '../../scripts/lib/children';
import { buildUiIfStale } from '../../scripts/lib/uiBuild';
import { openStore, type ObjectStore } from '../../storage';
import { startS3Server, type S3Server } from '../../storage/s3Server';
import { downloadBy, launchChromium, logIn, openPage } from '../support/browser';
import { Caller, closeTestDb, DEMO, eventually, newUser, png, testDb } from '../support/http';
import { TEST_DATA_SUFFIX, TEST_PORTS } from '../support/limits';
import { startApiAndWorker } from '../support/apiAndWorker';
import { issuedTitle } from '../support/titleAudit';

/**
 * Issue 13's journey with S3 configured: a second API and worker (same database and Temporal as the
 * shared stack, own port and task queue) keep every file in a real S3 server (versitygw). In
 * Chromium a person's ID photos go into the bucket through the certification page and a certificate
 * drawn by the worker is downloaded from the user centre — the bytes are the bucket's object — once
 * with downloads streamed through the API and once redirected to the S3 server's signed address.
 * The pair's UPLOAD_DIR starts empty and must stay so: nothing may fall back to local disk.
 */
const DATA = path.resolve(__dirname, '../../.data');
const s3Dir = path.join(DATA, `test-s3-e2e${TEST_DATA_SUFFIX}`);
const uploadDir = path.join(DATA, `test-uploads-s3${TEST_DATA_SUFFIX}`);
const BUCKET = 'ipci-e2e';
const S3_ORIGIN = `http://127.0.0.1:${TEST_PORTS.s3 + 6}`;
const BASE = `http://127.0.0.1:${TEST_PORTS.e2eS3Api}`;
let server: S3Server;
let bucket: ObjectStore;
let browser: Browser;

beforeAll(async () => {
  buildUiIfStale(() => undefined);
  rmSync(s3Dir, { recursive: true, force: true });
  rmSync(uploadDir, { recursive: true, force: true });
  mkdirSync(uploadDir, { recursive: true });
  server = await startS3Server({ port: TEST_PORTS.s3 + 6, dir: s3Dir, bucket: BUCKET, accessKey: 'ipci-e2e-key', secretKey: 'ipci/e2e+secret' });
  // The test reads the bucket directly; its disk root and signing are never used.
  bucket = openStore({ storageUrl: server.storageUrl, diskRoot: uploadDir, publicBase: BASE, signingSecret: 'unused' });
  // Callers and payOrder (tests/support) talk to the API under test here, not the shared one.
  process.env.IPCI_TEST_API = BASE;
  browser = await launchChromium();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await closeTestDb();
});

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

async function objectBytes(key: string): Promise<Buffer> {
  const object = await bucket.get(key);
  if (!object) throw new Error(`no object ${key} in the bucket`);
  return buffer(object.body);
}

async function bucketKeys(): Promise<string[]> {
  const keys: string[] = [];
  for await (const o of bucket.list('')) keys.push(o.key);
  return keys;
}

/** Every file under the pair's UPLOAD_DIR (folders alone are harmless). */
function filesOnDisk(dir = uploadDir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesOnDisk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

/** Addresses of the S3 server the page loaded (redirected downloads and pictures come from there). */
function s3Requests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r) => {
    if (r.url().startsWith(S3_ORIGIN)) seen.push(r.url());
  });
  return seen;
}

describe.each(['stream', 'redirect'] as const)('downloads %s', (mode) => {
  let pair: { api: ChildProcess; worker: ChildProcess } | undefined;

  beforeAll(async () => {
    pair = await startApiAndWorker(`s3-${mode}`, {
      PORT: String(TEST_PORTS.e2eS3Api),
      PUBLIC_BASE_URL: BASE,
      // Workflows the pair's API starts run on its worker, which writes to the same bucket.
      TEMPORAL_TASK_QUEUE: `ipci-e2e-s3-${process.pid}`,
      UPLOAD_DIR: uploadDir,
      STORAGE_URL: server.storageUrl,
      STORAGE_DOWNLOADS: mode,
    });
  }, 120_000);
  afterAll(async () => {
    await Promise.all([stopChild(pair?.api), stopChild(pair?.worker)]);
  });

  test('ID photos uploaded on the certification page are objects in the bucket; staff approve them', async () => {
    const user = await newUser('personal');
    // Two widths, so each preview is known to show its own photo.
    const widths = { idFront: 640, idBack: 660 };
    const photos = { idFront: await png(widths.idFront, 400), idBack: await png(widths.idBack, 420) };
    const { page, context } = await openPage(browser, BASE, 'en-US');
    const fromS3 = s3Requests(page);
    await page.goto(`${BASE}/en-US/ipci/usercenter/identity`);
    await logIn(page, user.username, user.password);
    await page.getByTestId('identity-form').waitFor();
    await page.locator('#identity-name').fill('王小明');
    await page.locator('#identity-nationality').selectOption('CN');
    await page.locator('#identity-idNumber').fill('11010519491231002X');
    await page.locator('#identity-idValidUntil').fill('2035-01-01');
    await page.locator('#identity-phone').fill('13800138000');
    const ids: Record<string, string> = {};
    for (const field of ['idFront', 'idBack'] as const) {
      const answer = page.waitForResponse((r) => r.url().endsWith('/api/uploads') && r.request().method() === 'POST');
      await page.locator(`#identity-${field}`).setInputFiles([{ name: `${field}.png`, mimeType: 'image/png', buffer: photos[field] }]);
      const r = await answer;
      expect(r.status()).toBe(201);
      ids[field] = (await r.json()).id;
      // The preview is read back through the API from the bucket (or, redirected, from the S3 server).
      const preview = page.getByRole('img', { name: `${field}.png` });
      await eventually(() => preview.evaluate((img: any, w: number) => img.complete && img.naturalWidth === w, widths[field]));
    }
    await page.getByRole('button', { name: 'Submit for review' }).click();
    await page.getByText('Your certification materials are under review').first().waitFor();

    const cert = await eventually(() => testDb()('identity_certifications').where({ user_id: user.id }).first());
    const taskId = `identityReview/${cert.id}/review/1`;
    await eventually(() => testDb()('tasks').where({ id: taskId }).first());
    const staff = await openPage(browser, BASE, 'en-US');
    const desk = staff.page;
    await desk.goto(`${BASE}/login/admin`);
    await logIn(desk, ...DEMO.reviewer);
    await desk.waitForURL('**/manage/inbox**');
    await desk.goto(`${BASE}/manage/tasks/${encodeURIComponent(taskId)}`);
    await desk.getByRole('button', { name: 'Claim' }).click();
    await desk.getByText('Claimed', { exact: true }).first().waitFor();
    await desk.getByRole('button', { name: 'Approve' }).last().click();
    await desk.getByText('Done', { exact: true }).first().waitFor();
    await eventually(async () => (await testDb()('identity_certifications').where({ id: cert.id }).first()).state === 3, 30_000);
    await page.reload();
    await page.getByText('Verified', { exact: true }).first().waitFor();

    // The photos the certification names are the bucket's objects, byte for byte; the disk has nothing.
    const data = (await testDb()('identity_certifications').where({ id: cert.id }).first()).data;
    expect({ idFront: data.idFront, idBack: data.idBack }).toEqual(ids);
    const keys = await bucketKeys();
    for (const [field, bytes] of Object.entries(photos)) {
      const row = await testDb()('uploads').where({ id: ids[field] }).first();
      expect(keys).toContain(row.storage_key);
      expect(sha256(await objectBytes(row.storage_key))).toBe(sha256(bytes));
    }
    expect(filesOnDisk()).toEqual([]);
    if (mode === 'redirect') expect(fromS3.length).toBeGreaterThan(0);
    else expect(fromS3).toEqual([]);
    await Promise.all([context.close(), staff.context.close()]);
  }, 240_000);

  test('the certificate downloaded in the user centre is the object certificates/<id>.pdf, with the SHA-256 verification reports', async () => {
    const reviewer = await new Caller().login(...DEMO.reviewer);
    const { caller, ipci } = await issuedTitle(reviewer);
    await eventually(() => testDb()('ipcis').where({ id: ipci.id }).whereNotNull('certificate_key').first(), 60_000);
    const key = `certificates/${ipci.id}.pdf`;
    const object = await objectBytes(key);

    const { page, context } = await openPage(browser, BASE, 'en-US');
    await context.addCookies([{ name: 'cookie-token', value: caller.cookie.split('=')[1], url: BASE }]);
    const fromS3 = s3Requests(page);
    await page.goto(`${BASE}/en-US/ipci/usercenter/certificates`);
    await page.getByTestId(`ipci-${ipci.id}`).getByRole('button', { name: 'Certificate (PDF)' }).waitFor();
    const pdf = await downloadBy(page, 'Certificate (PDF)');
    expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.bytes.equals(object)).toBe(true);
    const verification = await new Caller().get(`/api/public/ipci/${ipci.code}`);
    expect(verification.body.ipci.certificate.sha256).toBe(sha256(pdf.bytes));

    // Streamed, the file comes from the API; redirected, from the S3 server's signed, short-lived address.
    const asked = await fetch(`${BASE}/api/ipcis/${ipci.id}/certificate.pdf`, { headers: { cookie: caller.cookie }, redirect: 'manual' });
    if (mode === 'redirect') {
      expect(asked.status).toBe(302);
      const location = new URL(asked.headers.get('location')!);
      expect(`${location.origin}${location.pathname}`).toBe(`${S3_ORIGIN}/${BUCKET}/${key}`);
      expect(location.searchParams.get('X-Amz-Signature')).toBeTruthy();
      expect(fromS3.some((u) => u.startsWith(`${S3_ORIGIN}/${BUCKET}/${key}?`))).toBe(true);
    } else {
      expect(asked.status).toBe(200);
      expect(Buffer.from(await asked.arrayBuffer()).equals(object)).toBe(true);
      expect(fromS3).toEqual([]);
    }
    expect(filesOnDisk()).toEqual([]);
    await context.close();
  }, 240_000);
});
