import { bmp } from '../support/bitmap';
import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import sharp from 'sharp';
import { openStore } from '../../storage';
import { apiBase, closeTestDb, eventually, png, signedIn, testDb, type Caller } from '../support/http';
import { TEST_UPLOAD_MAX_BYTES } from '../support/limits';

/*
 * The upload kinds of the title registration (spec part 1 §5): IP pictures checked by their decoded
 * content (format, size, landscape, colour), proof attachments, and the remittance receipt.
 */

afterAll(closeTestDb);

/** The test API's store: the disk store over its UPLOAD_DIR. */
const apiStore = () => openStore({ diskRoot: process.env.UPLOAD_DIR!, publicBase: apiBase(), signingSecret: 'unused' });
/** Keys are opaque, so an upload's object is found by the original name it was stored with. */
async function objectsNamed(name: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const o of apiStore().list('')) if (o.originalName === name) keys.push(o.key);
  return keys;
}
/** Where the disk store streams a put before it is complete. */
/** The disk store's unfinished puts: other tests upload to the same API meanwhile, so they are compared by name. */
const partialPuts = async () => new Set(await readdir(path.join(process.env.UPLOAD_DIR!, '.tmp')).catch(() => []));

const BOUNDARY = 'ipci-test-boundary';
/** A multipart body as a browser sends it; `complete: false` stops inside the file. */
function multipart(kind: string, name: string, bytes: Buffer, complete = true): Buffer {
  const fields = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="kind"\r\n\r\n${kind}\r\n`;
  const file = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return Buffer.concat([Buffer.from(fields + file), bytes, Buffer.from(complete ? `\r\n--${BOUNDARY}--\r\n` : '')]);
}
const uploadRequest = (caller: Caller, headers: Record<string, string | number> = {}) =>
  http.request(`${apiBase()}/api/uploads`, {
    method: 'POST',
    headers: { cookie: `${caller.cookie}; cookie-lang=en-US`, 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, ...headers },
  });

const uploadsOf = async (userId: string) => Number((await testDb()('uploads').where({ owner_id: userId }).count({ n: '*' }))[0].n);

const solid = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } } });
/** Random pixels, so that a grey version is grey in every pixel and JPEG has detail to compress. */
function noise(width: number, height: number) {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 7919 + (i >> 5) * 104729) % 256;
  return sharp(raw, { raw: { width, height, channels: 3 } });
}

/** An icon holding one PNG (the directory's 0 means 256 or more). */
function ico(pngBytes: Buffer): Buffer {
  const head = Buffer.alloc(22);
  head.writeUInt16LE(0, 0);
  head.writeUInt16LE(1, 2);
  head.writeUInt16LE(1, 4);
  head.writeUInt16LE(1, 10);
  head.writeUInt16LE(32, 12);
  head.writeUInt32LE(pngBytes.length, 14);
  head.writeUInt32LE(22, 18);
  return Buffer.concat([head, pngBytes]);
}

test('an IP picture is refused with the broken rule in the caller language, and nothing is stored', async () => {
  const { caller, user } = await signedIn('personal', ['user'], 'en-US');
  const cases: Array<[string, Buffer, string]> = [
    ['small', await solid(400, 280).png().toBuffer(), 'The picture must be at least 420×290 pixels'],
    ['wide but too low', await solid(800, 200).jpeg().toBuffer(), 'The picture must be at least 420×290 pixels'],
    ['portrait', await solid(400, 600).png().toBuffer(), 'Please use a landscape picture (wider than it is tall)'],
    ['square', await solid(500, 500).png().toBuffer(), 'Please use a landscape picture (wider than it is tall)'],
    ['greyscale, stored as RGB', await noise(600, 400).greyscale().toColourspace('srgb').jpeg({ quality: 70 }).toBuffer(), 'Please use a colour picture'],
    ['greyscale, one channel', await noise(600, 400).toColourspace('b-w').png().toBuffer(), 'Please use a colour picture'],
    ['grey bitmap', bmp(600, 400, (x) => [x % 256, x % 256, x % 256]), 'Please use a colour picture'],
    ['pdf named .png', Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n'), 'This file type is not accepted; allowed: jpg, jpeg, jpe, jif, png, gif, ico, jfif, bmp'],
    ['truncated', (await png()).subarray(0, 80), 'Accepted picture formats: jpg, jpeg, jpe, jif, png, gif, ico, jfif, bmp'],
  ];
  for (const [name, bytes, message] of cases) {
    const r = await caller.upload('ipImage', bytes, `${name}.png`);
    expect({ name, status: r.status >= 400 && r.status < 500, message: r.body.message }).toEqual({ name, status: true, message });
  }
  const portrait = await caller.upload('ipImage', await solid(400, 600).png().toBuffer(), 'p.png');
  expect(portrait).toMatchObject({ status: 422, body: { code: 'imageRejected', fields: { file: 'Please use a landscape picture (wider than it is tall)' } } });
  expect(await uploadsOf(user.id)).toBe(0);

  const zh = (await signedIn('personal', ['user'], 'zh-CN')).caller;
  expect((await zh.upload('ipImage', await solid(400, 280).png().toBuffer(), 's.png')).body.message).toBe('图片尺寸不得小于420×290像素');
  const ja = (await signedIn('personal', ['user'], 'ja-JP')).caller;
  expect((await ja.upload('ipImage', await noise(600, 400).toColourspace('b-w').png().toBuffer(), 'g.png')).body.message).toBe('カラー画像を使用してください');
});

test('colour landscape pictures of at least 420×290 are accepted in every format the spec names', async () => {
  const { caller, user } = await signedIn('personal');
  const ok: Array<[string, Buffer, string]> = [
    ['exact minimum.png', await solid(420, 290).png().toBuffer(), 'image/png'],
    ['photo.jpg', await noise(640, 480).jpeg().toBuffer(), 'image/jpeg'],
    ['anim.gif', await solid(600, 400).gif().toBuffer(), 'image/gif'],
    ['scan.bmp', bmp(600, 400, (x, y) => [x % 256, y % 256, 90]), 'image/bmp'],
    ['logo.ico', ico(await solid(600, 400).png().toBuffer()), 'image/x-icon'],
  ];
  for (const [name, bytes, mime] of ok) {
    const r = await caller.upload('ipImage', bytes, name);
    expect({ name, status: r.status, mime: r.body.mime }).toEqual({ name, status: 201, mime });
  }
  const bmpRow = (await caller.upload('ipImage', bmp(500, 300, () => [200, 30, 30]), 'red.bmp')).body;
  expect(bmpRow).toMatchObject({ kind: 'ipImage', width: 500, height: 300 });
  expect(await uploadsOf(user.id)).toBe(ok.length + 1);
});

test('the size limit holds for pictures (413 before any decoding), proofs take office files and archives, receipts only jpg', async () => {
  const { caller, user } = await signedIn('personal');
  const big = await caller.upload('ipImage', Buffer.concat([await png(), Buffer.alloc(TEST_UPLOAD_MAX_BYTES, 1)]), 'big.png');
  expect(big.status).toBe(413);
  const pdf = Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
  expect((await caller.upload('proof', pdf, 'warranty.pdf')).body).toMatchObject({ kind: 'proof', mime: 'application/pdf' });
  // A real zip holding a.txt ("hello").
  const zip = Buffer.from(
    'UEsDBAoAAAAAACefdV0gMDo2BgAAAAYAAAAFABwAYS50eHRVVAkAA5r3AWua9wFrdXgLAAEEAAAAAAQAAAAAaGVsbG8KUEsBAh4DCgAAAAAAJ591XSAwOjYGAAAABgAAAAUAGAAAAAAAAQAAAKSBAAAAAGEudHh0VVQFAAOa9wFrdXgLAAEEAAAAAAQAAAAAUEsFBgAAAAABAAEASwAAAEUAAAAAAA==',
    'base64',
  );
  expect((await caller.upload('proof', zip, 'samples.zip')).body).toMatchObject({ kind: 'proof', mime: 'application/zip' });
  const imageAsProof = await caller.upload('proof', await png(), 'proof.png');
  expect(imageAsProof).toMatchObject({ status: 415, body: { message: 'This file type is not accepted; allowed: doc, docx, xls, xlsx, pdf, zip, rar' } });
  expect((await caller.upload('remittanceProof', await noise(600, 400).jpeg().toBuffer(), 'receipt.jpg')).body).toMatchObject({ kind: 'remittanceProof', mime: 'image/jpeg' });
  expect((await caller.upload('remittanceProof', await png(), 'receipt.png')).status).toBe(415);
  expect((await caller.upload('remittanceProof', pdf, 'receipt.pdf')).status).toBe(415);
  expect(await uploadsOf(user.id)).toBe(3);
});

test('a file name is kept as the browser sent it (UTF-8), not read as latin1', async () => {
  const { caller } = await signedIn('personal');
  const r = await caller.upload('ipImage', await png(), '身份证正面 «été».png');
  expect(r.status).toBe(201);
  expect(r.body.originalName).toBe('身份证正面 «été».png');
  const { storage_key: key } = await testDb()('uploads').where({ id: r.body.id }).first('storage_key');
  expect(key).toMatch(/^[0-9a-f-]{36}$/);
  // The object carries the type found by its content (the client said octet-stream) and the name intact.
  expect(await apiStore().head(key)).toMatchObject({ contentType: 'image/png', originalName: '身份证正面 «été».png', size: (await png()).length });
});

test('a refused, too large, malformed or abandoned upload leaves no object in the store', async () => {
  const { caller, user } = await signedIn('personal');
  const named = (what: string) => `${what}-${randomUUID()}.png`;
  const pdfAsPicture = named('pdf');
  expect((await caller.upload('ipImage', Buffer.from('%PDF-1.4\n%%EOF\n'), pdfAsPicture)).status).toBe(415);
  const portrait = named('portrait');
  expect((await caller.upload('ipImage', await solid(400, 600).png().toBuffer(), portrait)).status).toBe(422);
  // Past the head the engine keeps in memory, so the put was streaming when the limit cut it off.
  const big = named('big');
  expect((await caller.upload('ipImage', Buffer.concat([await png(), Buffer.alloc(TEST_UPLOAD_MAX_BYTES, 1)]), big)).status).toBe(413);

  const truncated = named('truncated');
  const body = multipart('ipImage', truncated, bmp(600, 400, () => [200, 30, 30]), false);
  const malformed = await new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = uploadRequest(caller, { 'content-length': body.length });
    req.on('response', (res) => {
      let text = '';
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode!, text }));
    });
    req.on('error', reject);
    req.end(body);
  });
  expect(malformed.status).toBe(400);
  expect(JSON.parse(malformed.text).message).toBe('The request could not be read (malformed JSON or form data)');

  // The client goes away mid-body, once the store has begun writing the file.
  const abandoned = named('abandoned');
  const before = await partialPuts();
  const req = uploadRequest(caller);
  req.on('error', () => undefined);
  req.write(multipart('ipImage', abandoned, bmp(600, 400, () => [200, 30, 30]).subarray(0, 600_000), false));
  const ours = await eventually(async () => {
    const started = [...(await partialPuts())].filter((name) => !before.has(name));
    return started.length > 0 && started;
  });
  req.destroy();
  await eventually(async () => {
    const now = await partialPuts();
    return ours.every((name) => !now.has(name));
  });

  for (const name of [pdfAsPicture, portrait, big, truncated, abandoned]) expect({ name, keys: await objectsNamed(name) }).toEqual({ name, keys: [] });
  expect(await uploadsOf(user.id)).toBe(0);
});

test('a stored file is read in byte ranges: 206 with its Content-Range, a suffix range, 416 past its end', async () => {
  const { caller } = await signedIn('personal');
  const bytes = Buffer.from('%PDF-1.4\n' + 'x'.repeat(200) + '\n%%EOF\n');
  const id = (await caller.upload('proof', bytes, 'range.pdf')).body.id as string;
  const get = (range?: string) =>
    fetch(`${process.env.IPCI_TEST_API}/api/uploads/${id}`, { headers: { cookie: `${caller.cookie}; cookie-lang=en-US`, ...(range ? { range } : {}) } });

  const whole = await get();
  expect(whole.status).toBe(200);
  expect(whole.headers.get('accept-ranges')).toBe('bytes');
  expect(Buffer.from(await whole.arrayBuffer())).toEqual(bytes);

  const part = await get('bytes=0-8');
  expect(part.status).toBe(206);
  expect(part.headers.get('content-range')).toBe(`bytes 0-8/${bytes.length}`);
  expect(await part.text()).toBe('%PDF-1.4\n');
  const tail = await get('bytes=-7');
  expect(tail.status).toBe(206);
  expect(await tail.text()).toBe('%%EOF\n'.padStart(7, '\n'));

  const past = await get(`bytes=${bytes.length}-`);
  expect(past.status).toBe(416);
  expect(past.headers.get('content-range')).toBe(`bytes */${bytes.length}`);
  expect(((await past.json()) as { message: string }).message).toBe('The requested range of the file cannot be served');
});
