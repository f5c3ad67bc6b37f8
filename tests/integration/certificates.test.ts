import { createHash, createPublicKey, generateKeyPairSync, randomUUID } from 'node:crypto';
import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import sharp from 'sharp';
import { certificateKey, generateCertificateFile, ipciIssuanceActivities, publicBaseUrl } from '../../activities/ipciIssuance';
import { keyIdOf, signingKey } from '../../activities/lib/signingKey';
import { verifyPagePath } from '../../domain/certificate';
import { formatIpciCode, isIpciIdentifier, isValidIpciCode, makeIpciCode, parseIpciCode } from '../../domain/ipci';
import { chinaYear } from '../../db/ipcis';
import { openStore, type ObjectStore } from '../../storage';
import { appStore } from '../../storage/appStore';
import { startS3Server, type S3Server } from '../../storage/s3Server';
import { decodeQr, download, opensslVerifies, pdfText, renderFirstPage, verifySignature } from '../support/certificates';
import { Caller, closeTestDb, DEMO, newUser, signedIn, testDb } from '../support/http';
import { TEST_DATA_SUFFIX, TEST_PORTS } from '../support/limits';
import { completeTitleData } from '../support/titleData';

/**
 * IPCI issuance and the electronic certificate: the activities run here against the real database
 * and the API's store (the worker runs the same code for titleAudit, with the same configuration);
 * the API is the real one.
 */

const store = appStore();
const acts = () => ipciIssuanceActivities(testDb(), store);
/** A stored object's bytes, or null when there is none. */
const stored = async (s: ObjectStore, key: string) => {
  const object = await s.get(key);
  return object && buffer(object.body);
};
const uploads = () => ({ images: Array.from({ length: 6 }, () => randomUUID()), proof: randomUUID() });

/** A registration row as the title audit leaves it once paid (helper TITLE writes these for real). */
async function paidRegistration(userId: string, over: { mode?: 'first' | 'existingIpci'; state?: string; data?: Record<string, unknown> } = {}) {
  const id = randomUUID();
  const data = { ...completeTitleData(uploads(), `青花瓷之韵${id.slice(0, 4)}`), ...over.data };
  await testDb()('title_registrations').insert({
    id,
    user_id: userId,
    mode: over.mode ?? 'first',
    state: over.state ?? 'paid',
    data: JSON.stringify(data),
    ip_name_zh: data.ipNameZh,
    ip_name_en: data.ipNameEn,
    ip_name_ja: data.ipNameJa,
    workflow_id: `titleAudit/${id}`,
  });
  return { id, data };
}

afterAll(closeTestDb);

describe('issueIpci', () => {
  test('is idempotent: repeated and concurrent calls issue one IPCI with a valid code', async () => {
    const user = await newUser('enterprise');
    const reg = await paidRegistration(user.id);
    const results = await Promise.all([acts().issueIpci({ registrationId: reg.id }), acts().issueIpci({ registrationId: reg.id }), acts().issueIpci({ registrationId: reg.id })]);
    const again = await acts().issueIpci({ registrationId: reg.id });
    for (const r of [...results, again]) expect(r).toEqual(results[0]);

    const rows = await testDb()('ipcis').where({ registration_id: reg.id });
    expect(rows).toHaveLength(1);
    const [row] = rows;
    const { ipciId, code } = results[0];
    expect(row.id).toBe(ipciId);
    expect(isIpciIdentifier(ipciId)).toBe(true);
    expect(isValidIpciCode(code)).toBe(true);
    expect(parseIpciCode(code)).toMatchObject({ year: chinaYear(new Date()), kind: 'first' });
    expect(row).toMatchObject({
      user_id: user.id,
      kind: 'first',
      holder: '景德镇文化传媒有限公司',
      ip_name_zh: reg.data.ipNameZh,
      ip_name_en: 'Charm of Blue and White',
      ip_name_ja: '青花の韻',
      workflow_id: `ipciLifecycle/${ipciId}`,
      certificate_key: null,
    });
    const { valid_until } = await testDb()('ipcis').where({ id: ipciId }).first(testDb().raw('valid_until::text'));
    expect(valid_until).toBe('2036-12-31');
    expect((await testDb()('title_registrations').where({ id: reg.id }).first()).ipci_id).toBe(ipciId);
  });

  test('codes are unique and serials never reused, even after a transaction that drew one rolled back; kind follows the mode; no term end, no validity end', async () => {
    const user = await newUser('personal');
    const first = await acts().issueIpci({ registrationId: (await paidRegistration(user.id)).id });
    // A serial drawn and then rolled back is gone for good.
    const lost = await testDb()
      .transaction(async (trx) => {
        const [{ serial }] = (await trx.raw(`select nextval('ipci_serial_seq')::int as serial`)).rows;
        throw Object.assign(new Error('rollback'), { serial });
      })
      .catch((err: { serial: number }) => err.serial);
    const second = await acts().issueIpci({ registrationId: (await paidRegistration(user.id, { mode: 'existingIpci', data: { termType: 'Y', termFrom: '', termTo: '' } })).id });
    const a = parseIpciCode(first.code)!;
    const b = parseIpciCode(second.code)!;
    expect(second.code).not.toBe(first.code);
    expect(lost).toBeGreaterThan(a.serial);
    expect(b.serial).toBeGreaterThan(lost);
    expect(b.kind).toBe('existingIpci');
    expect((await testDb()('ipcis').where({ id: second.ipciId }).first()).valid_until).toBeNull();
    const codes = (await testDb()('ipcis').pluck('code')) as string[];
    expect(new Set(codes).size).toBe(codes.length);
  });

  test('refuses, without retrying, a registration that is not paid or does not exist; nothing is written', async () => {
    const user = await newUser('personal');
    const reg = await paidRegistration(user.id, { state: 'approved' });
    await expect(acts().issueIpci({ registrationId: reg.id })).rejects.toMatchObject({ type: 'IssuanceRefused', nonRetryable: true });
    await expect(acts().issueIpci({ registrationId: randomUUID() })).rejects.toMatchObject({ type: 'IssuanceRefused', nonRetryable: true });
    expect(await testDb()('ipcis').where({ registration_id: reg.id })).toHaveLength(0);
  });
});

describe('the electronic certificate', () => {
  let owner: { user: { id: string }; caller: Caller };
  let ipci: { ipciId: string; code: string };
  let pdf: Buffer;

  beforeAll(async () => {
    owner = await signedIn('enterprise');
    ipci = await acts().issueIpci({ registrationId: (await paidRegistration(owner.user.id)).id });
  });

  test('the downloads answer 409 "not generated" until the file exists', async () => {
    for (const ext of ['pdf', 'sig']) {
      const r = await owner.caller.get(`/api/ipcis/${ipci.ipciId}/certificate.${ext}`);
      expect(r.status).toBe(409);
      expect(r.body.message).toBe('The IPCI certificate has not been generated');
    }
    const zh = Object.assign(new Caller('zh-CN'), { cookie: owner.caller.cookie });
    expect((await zh.get(`/api/ipcis/${ipci.ipciId}/certificate.pdf`)).body.message).toBe('IPCI证书尚未生成');
  });

  test('generateCertificate writes, signs and records the PDF once; a later call changes nothing; a lost file is drawn again', async () => {
    const { sha256 } = await acts().generateCertificate({ ipciId: ipci.ipciId });
    const key = `certificates/${ipci.ipciId}.pdf`;
    pdf = (await stored(store, key))!;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await store.head(key)).toMatchObject({ size: pdf.length, contentType: 'application/pdf', originalName: `${ipci.code}.pdf` });
    const row = await testDb()('ipcis').where({ id: ipci.ipciId }).first();
    expect(row).toMatchObject({ certificate_key: key, certificate_sha256: sha256 });
    expect(row.certificate_generated_at).not.toBeNull();
    expect(row.certificate_key_id).toMatch(/^[0-9a-f]{16}$/);
    // The private key was generated on first use, readable by its owner only.
    expect((await stat(process.env.IPCI_SIGNING_KEY_FILE!)).mode & 0o777).toBe(0o600);

    const written = (await store.head(key))!.lastModified;
    expect(await acts().generateCertificate({ ipciId: ipci.ipciId })).toEqual({ sha256 });
    expect((await store.head(key))!.lastModified).toEqual(written);
    expect((await testDb()('ipcis').where({ id: ipci.ipciId }).first()).certificate_generated_at).toEqual(row.certificate_generated_at);

    await store.delete(key);
    await acts().generateCertificate({ ipciId: ipci.ipciId });
    pdf = (await stored(store, key))!;
    const redrawn = await testDb()('ipcis').where({ id: ipci.ipciId }).first();
    expect(verifySignature(pdf, redrawn.certificate_signature, await publishedPem(redrawn.certificate_key_id))).toBe(true);
  });

  test('page 1 is an A4 landscape page that is not blank, with the three languages as text and a QR code to the verification page', async () => {
    const png = await renderFirstPage(pdf);
    const meta = await sharp(png).metadata();
    // A4 landscape (841.89 × 595.28 pt) at 60 dpi, rounded up to whole pixels as pdftoppm does.
    expect([meta.width, meta.height]).toEqual([Math.ceil((841.89 * 60) / 72), Math.ceil((595.28 * 60) / 72)]);
    const stats = await sharp(png).stats();
    expect(stats.channels.slice(0, 3).every((c) => c.stdev > 20)).toBe(true);
    expect(stats.isOpaque).toBe(true);
    expect(await decodeQr(png)).toBe(publicBaseUrl() + verifyPagePath(ipci.code));

    const text = (await pdfText(pdf)).replace(/\s+/g, ' ');
    for (const s of [formatIpciCode(ipci.code), ipci.ipciId, '景德镇文化传媒有限公司', 'Charm of Blue and White', '青花の韻', '知识产权确权证书', '知的財産権確認証明書', 'Fine art', '美術', '2036年12月31日', '31 December 2036']) {
      expect(text).toContain(s);
    }
  });

  test('the signature verifies with the published key (in node and with the documented openssl command) and fails for a changed byte', async () => {
    const sig = await download(owner.caller, `/api/ipcis/${ipci.ipciId}/certificate.sig`);
    expect(sig.status).toBe(200);
    expect(sig.headers.get('content-disposition')).toBe(`attachment; filename="${ipci.code}.pdf.sig"`);
    const keyId = sig.headers.get('x-ipci-signing-key')!;
    const sigB64 = sig.bytes.toString().trim();
    const wellKnown = await download(new Caller(), '/.well-known/ipci-signing-key.pem');
    expect(wellKnown.status).toBe(200);
    const pem = wellKnown.bytes.toString();
    expect(wellKnown.headers.get('x-ipci-key-id')).toBe(keyId);

    const file = await download(owner.caller, `/api/ipcis/${ipci.ipciId}/certificate.pdf`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toBe(`attachment; filename*=UTF-8''${ipci.code}.pdf`);
    expect(file.headers.get('cache-control')).toBe('private, no-cache');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(file.bytes.equals(pdf)).toBe(true);

    expect(verifySignature(file.bytes, sigB64, pem)).toBe(true);
    expect(await opensslVerifies(ipci.code, file.bytes, sigB64, pem)).toBe(true);
    const forged = Buffer.from(file.bytes);
    forged[Math.floor(forged.length / 2)] ^= 0x01;
    expect(verifySignature(forged, sigB64, pem)).toBe(false);
    expect(await opensslVerifies(ipci.code, forged, sigB64, pem)).toBe(false);
  });

  test('only the owner and staff download; anonymous callers must log in; unknown ids are 404', async () => {
    const other = await signedIn('personal');
    expect((await other.caller.get(`/api/ipcis/${ipci.ipciId}/certificate.pdf`)).status).toBe(403);
    expect((await new Caller().get(`/api/ipcis/${ipci.ipciId}/certificate.sig`)).status).toBe(401);
    const reviewer = await new Caller().login(...DEMO.reviewer);
    expect((await download(reviewer, `/api/ipcis/${ipci.ipciId}/certificate.pdf`)).bytes.equals(pdf)).toBe(true);
    expect((await owner.caller.get(`/api/ipcis/${randomUUID()}/certificate.pdf`)).status).toBe(404);
    expect((await owner.caller.get(`/api/ipcis/not-an-id/certificate.pdf`)).status).toBe(404);
  });

  test('public verification: verified, trade take-down still verifies, title take-down and invalid hide the holder; search count grows', async () => {
    const anon = new Caller();
    const typed = formatIpciCode(ipci.code).toLowerCase();
    const verified = await anon.get(`/api/public/ipci/${encodeURIComponent(typed)}`);
    expect(verified.status).toBe(200);
    expect(verified.body.ipci).toMatchObject({
      code: ipci.code,
      identifier: ipci.ipciId,
      state: 'completed',
      outcome: 'verified',
      verifiable: true,
      holder: '景德镇文化传媒有限公司',
      ipNames: { en: 'Charm of Blue and White', ja: '青花の韻' },
      kind: 'first',
      validUntil: '2036-12-31',
    });
    expect(verified.body.ipci.certificate.sha256).toBe((await testDb()('ipcis').where({ id: ipci.ipciId }).first()).certificate_sha256);
    expect(verified.body.ipci.statement).toMatch(/valid/);

    const set = (values: Record<string, unknown>) => testDb()('ipcis').where({ id: ipci.ipciId }).update(values);
    try {
      await set({ trade_taken_down: true });
      expect((await anon.get(`/api/public/ipci/${ipci.code}`)).body.ipci).toMatchObject({ state: 'takenDown', outcome: 'verified', verifiable: true, tradeTakenDown: true });

      await set({ trade_taken_down: false, title_taken_down: true });
      const hidden = (await new Caller('zh-CN').get(`/api/public/ipci/${ipci.code}`)).body.ipci;
      expect(hidden).toEqual({ code: ipci.code, state: 'takenDown', outcome: 'takenDown', verifiable: false, statement: '该 IPCI 证书已下架，无法在平台上验证' });

      await set({ title_taken_down: false, invalid_at: new Date(), invalid_reason: 'expired' });
      const invalid = (await anon.get(`/api/public/ipci/${ipci.code}`)).body.ipci;
      expect(invalid).toEqual({ code: ipci.code, state: 'invalid', outcome: 'invalid', verifiable: false, statement: 'This IPCI certificate has expired and is no longer valid' });
      await set({ invalid_reason: 'revoked' });
      expect((await anon.get(`/api/public/ipci/${ipci.code}`)).body.ipci.statement).toMatch(/revoked/);
    } finally {
      await set({ trade_taken_down: false, title_taken_down: false, invalid_at: null, invalid_reason: null });
    }
    expect((await testDb()('ipcis').where({ id: ipci.ipciId }).first()).search_count).toBe(5);
  });

  test('public verification: an unknown code is 404 with the search message; a malformed code is 400, never 500', async () => {
    const anon = new Caller();
    const { serial, year } = parseIpciCode(ipci.code)!;
    const r = await anon.get(`/api/public/ipci/${makeIpciCode(year, serial + 5_000_000)}`);
    expect(r.status).toBe(404);
    expect(r.body.message).toBe('No relevant information was found, please confirm whether the input is correct');
    // A wrong check character is a typo, not an unknown certificate.
    const typo = ipci.code.slice(0, -1) + (ipci.code.endsWith('0') ? '1' : '0');
    for (const bad of [typo, 'hello', 'IPCI', '%E0%A4%A', '..%2F..%2Fetc', 'x'.repeat(300)]) {
      const res = await anon.get(`/api/public/ipci/${bad}`);
      expect([400, 404]).toContain(res.status);
      if (res.status === 400) expect(res.body.fields.code).toBe('Please enter a valid IPCI identification code');
    }
  });

  test('old signing keys stay published, so certificates signed before a key change still verify', async () => {
    const oldKey = generateKeyPairSync('ed25519');
    const oldId = keyIdOf(oldKey.publicKey);
    const oldPem = oldKey.publicKey.export({ type: 'spki', format: 'pem' }).toString();
    // Published years ago, as a retired key would have been; the workers' current key stays the newest.
    await testDb()('signing_keys').insert({ key_id: oldId, public_pem: oldPem, created_at: new Date('2001-01-01T00:00:00Z') });
    const legacy = await acts().issueIpci({ registrationId: (await paidRegistration(owner.user.id)).id });
    const env = { ...process.env, IPCI_SIGNING_KEY: oldKey.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() };
    await generateCertificateFile(testDb(), legacy.ipciId, store, env);

    const { keys } = (await new Caller().get('/api/public/signing-keys')).body;
    expect(keys.map((k: { keyId: string }) => k.keyId)).toEqual(expect.arrayContaining([oldId, keyIdOf(currentPublicKey())]));
    expect(keys.find((k: { current: boolean }) => k.current).keyId).not.toBe(oldId);
    const row = await testDb()('ipcis').where({ id: legacy.ipciId }).first();
    expect(row.certificate_key_id).toBe(oldId);
    const legacyPdf = (await stored(store, row.certificate_key))!;
    expect(verifySignature(legacyPdf, row.certificate_signature, await publishedPem(oldId))).toBe(true);
    expect(verifySignature(legacyPdf, row.certificate_signature, (await download(new Caller(), '/.well-known/ipci-signing-key.pem')).bytes.toString())).toBe(false);
    expect((await new Caller().get('/api/public/signing-keys/0000000000000000.pem')).status).toBe(404);
  });
});

describe('the certificate in S3-compatible storage', () => {
  const s3Dir = path.resolve(__dirname, '../../.data', `test-s3-certificates${TEST_DATA_SUFFIX}`);
  let server: S3Server;
  let s3: ObjectStore;

  beforeAll(async () => {
    await rm(s3Dir, { recursive: true, force: true });
    server = await startS3Server({ port: TEST_PORTS.s3 + 2, dir: s3Dir, bucket: 'ipci-certificates', accessKey: 'ipci-cert-key', secretKey: 'ipci-cert-secret' });
    s3 = openStore({ storageUrl: server.storageUrl, diskRoot: s3Dir, publicBase: publicBaseUrl(), signingSecret: 'unused' });
  }, 240_000);
  afterAll(() => server?.stop());

  test('the worker writes the PDF to the bucket; a second run is a no-op; an object that no longer matches its hash is drawn again', async () => {
    const owner = await newUser('enterprise');
    const { ipciId, code } = await acts().issueIpci({ registrationId: (await paidRegistration(owner.id)).id });
    const key = certificateKey(ipciId);
    const { sha256 } = await ipciIssuanceActivities(testDb(), s3).generateCertificate({ ipciId });
    const pdf = (await stored(s3, key))!;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(createHash('sha256').update(pdf).digest('hex')).toBe(sha256);
    expect(await s3.head(key)).toMatchObject({ size: pdf.length, contentType: 'application/pdf', originalName: `${code}.pdf` });
    // Only in the bucket: the API's disk store was not touched.
    expect(await store.head(key)).toBeNull();
    const row = await testDb()('ipcis').where({ id: ipciId }).first();
    expect(row).toMatchObject({ certificate_key: key, certificate_sha256: sha256 });

    expect(await generateCertificateFile(testDb(), ipciId, s3)).toEqual({ sha256 });
    expect((await testDb()('ipcis').where({ id: ipciId }).first()).certificate_generated_at).toEqual(row.certificate_generated_at);
    expect((await stored(s3, key))!.equals(pdf)).toBe(true);

    await s3.put(key, Readable.from([Buffer.from('%PDF- not the certificate')]), { contentType: 'application/pdf', maxBytes: 100 });
    const redrawn = await generateCertificateFile(testDb(), ipciId, s3);
    const again = (await testDb()('ipcis').where({ id: ipciId }).first()) as { certificate_sha256: string; certificate_signature: string; certificate_key_id: string };
    expect(again.certificate_sha256).toBe(redrawn.sha256);
    const bytes = (await stored(s3, key))!;
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(redrawn.sha256);
    expect(verifySignature(bytes, again.certificate_signature, await publishedPem(again.certificate_key_id))).toBe(true);
  });
});

/** A published key's PEM by id, from the public API. */
async function publishedPem(keyId: string): Promise<string> {
  const r = await download(new Caller(), `/api/public/signing-keys/${keyId}.pem`);
  expect(r.status).toBe(200);
  return r.bytes.toString();
}

/** The public half of the key this process (and the worker, from the same file) signs with. */
const currentPublicKey = () => createPublicKey(signingKey().privateKey);
