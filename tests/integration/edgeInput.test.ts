import { apiBase, Caller, closeTestDb, png, signedIn } from '../support/http';

/**
 * One readable case for each cause of a 500 the route probe of issue 10 found; the route fuzz
 * (routeFuzz.test.ts) keeps every route free of them, these say what the caller is told.
 */

const LOOKALIKE = '------------------------------------';
const SOME_ID = '0b6a3c1e-4f2d-4a7b-9c8e-1d2f3a4b5c6d';
const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

let user: Caller;
let admin: Caller;
let reviewer: Caller;
beforeAll(async () => {
  user = (await signedIn('personal')).caller;
  admin = (await signedIn(null, ['admin'])).caller;
  reviewer = (await signedIn(null, ['reviewer'])).caller;
});
afterAll(closeTestDb);

/** A request with its own content type and raw body (what Caller cannot send). */
async function raw(caller: Caller, method: string, path: string, contentType: string, body: string | Uint8Array) {
  const res = await fetch(apiBase() + path, { method, headers: { cookie: `${caller.cookie}; cookie-lang=en-US`, 'content-type': contentType }, body });
  const text = await res.text();
  return { status: res.status, body: text.startsWith('{') ? JSON.parse(text) : text };
}

describe('a string field given another shape', () => {
  test('an array for the log-in name is a 400 naming the field, also anonymously', async () => {
    const r = await new Caller().post('/api/auth/login', { login: ['x'], password: 'x' });
    expect(r).toMatchObject({ status: 400, body: { code: 'validation', fields: { login: 'This value is not valid' } } });
    const obj = await new Caller().post('/api/auth/login', { login: { $ne: '' }, password: 'x' });
    expect(obj.body.fields).toEqual({ login: 'This value is not valid' });
  });

  test('a repeated query key (an array) on an admin list is a 400 naming it', async () => {
    const r = await admin.get('/api/admin/users?q=1&q=2');
    expect(r).toMatchObject({ status: 400, body: { fields: { q: 'This value is not valid' } } });
  });
});

describe('text Postgres cannot store', () => {
  const refused = { status: 400, body: { code: 'badText', message: 'The request contains characters that are not allowed (a NUL byte or broken Unicode)' } };

  test('a NUL byte in a JSON body, even the anonymous payment notification', async () => {
    expect(await user.put('/api/profile', { nickname: 'a\u0000b' })).toMatchObject(refused);
    expect(await new Caller().post('/api/payments/sandbox/notify', { orderNo: 'x\u0000' })).toMatchObject(refused);
    expect((await user.put('/api/profile', { ['k\u0000']: 1 })).body.code).toBe('badText');
  });

  test('a NUL byte in a path parameter or the query', async () => {
    expect(await reviewer.get('/api/tasks/a%00b')).toMatchObject(refused);
    expect(await admin.get('/api/admin/users?q=a%00b')).toMatchObject(refused);
  });

  test('a lone UTF-16 surrogate in JSON (jsonb refuses it)', async () => {
    const r = await raw(user, 'POST', '/api/title/drafts', 'application/json', '{"data": {"ipNameZh": "\\ud800x"}}');
    expect(r).toMatchObject(refused);
  });

  test('a 20,000-deep JSON array', async () => {
    const deep = '['.repeat(20_000) + ']'.repeat(20_000);
    const r = await raw(user, 'POST', '/api/title/drafts', 'application/json', `{"data": ${deep}}`);
    expect(r).toMatchObject({ status: 400, body: { code: 'tooDeep', message: 'The request is nested too deeply (at most 32 levels)', fields: { _: 'The request is nested too deeply (at most 32 levels)' } } });
  });

  test('a NUL byte in a multipart field or file name', async () => {
    const form = new FormData();
    form.append('kind', 'idPhoto\u0000');
    form.append('file', new Blob([new Uint8Array(await png())]), 'a.png');
    expect((await user.request('POST', '/api/uploads', form)).body.code).toBe('badText');
    const upload = async (disposition: string) => {
      const head = `--XX\r\nContent-Disposition: form-data; name="kind"\r\n\r\nidPhoto\r\n--XX\r\nContent-Disposition: form-data; name="file"; ${disposition}\r\nContent-Type: image/png\r\n\r\n`;
      return raw(user, 'POST', '/api/uploads', 'multipart/form-data; boundary=XX', Buffer.concat([Buffer.from(head), await png(), Buffer.from('\r\n--XX--\r\n')]));
    };
    expect(await upload("filename*=utf-8''a%00.png")).toMatchObject({ status: 400, body: { code: 'badText' } });
    // A raw NUL in a part header is no header at all: the body is malformed.
    expect(await upload('filename="a\u0000.png"')).toMatchObject({ status: 400, body: { code: 'badRequest' } });
  });
});

describe('keyset cursors', () => {
  test.each([
    ['/api/orders?after=' + b64(['1', 'x'])],
    ['/api/title/registrations?after=' + b64(['2026-02-30T00:00:00Z', SOME_ID])],
    ['/api/ipcis?after=' + b64(['2026-11-24T00:00:00Z', LOOKALIKE])],
    ['/api/invitations?after=not-a-cursor'],
  ])('%s is a 400 on `after`', async (path) => {
    expect(await user.get(path)).toMatchObject({ status: 400, body: { fields: { after: 'This page link is not valid; start again from the first page' } } });
  });

  test('staff lists too, and a `before` past bigint', async () => {
    expect((await reviewer.get(`/api/tasks?after=${b64(['1', 'x'])}`)).body.fields).toEqual({ after: 'This page link is not valid; start again from the first page' });
    expect((await admin.get(`/api/admin/invitations/stats?after=${b64([2 ** 40, '2026-11-24T00:00:00Z', SOME_ID])}`)).status).toBe(400);
    expect((await admin.get('/api/admin/outbox?before=99999999999999999999')).body.fields).toHaveProperty('before');
    expect((await user.get('/api/messages?before=99999999999999999999')).status).toBe(400);
  });
});

test('an id that only looks like a UUID names nothing: 404 on every router', async () => {
  for (const path of [`/api/uploads/${LOOKALIKE}`, `/api/orders/${LOOKALIKE}`, `/api/cases/orderPayment/${LOOKALIKE}`, `/api/title/drafts/${LOOKALIKE}`]) {
    expect([path, (await user.get(path)).status]).toEqual([path, 404]);
  }
  expect((await user.put(`/api/ipcis/${SOME_ID}/paper/${LOOKALIKE}`, {})).status).toBe(404);
  expect((await admin.get(`/api/admin/users/${LOOKALIKE}`)).status).toBe(404);
  expect((await admin.get(`/api/admin/invitations/${LOOKALIKE}`)).status).toBe(404);
});

test('a case kind from the path is looked up among the kinds only, never the prototype', async () => {
  for (const kind of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
    expect([kind, (await admin.get(`/api/cases/${kind}/${SOME_ID}`)).status]).toEqual([kind, 404]);
  }
});

test('a field named after Object.prototype is an unknown field, in a query or a body', async () => {
  expect(await user.get('/api/invitations?constructor=')).toMatchObject({ status: 400, body: { fields: { _: 'Contains fields that are not allowed: constructor' } } });
  const r = await raw(admin, 'PUT', '/api/admin/roles', 'application/json', '{"roles": {"constructor": ["x"]}}');
  expect(r).toMatchObject({ status: 400, body: { fields: { roles: 'Contains fields that are not allowed: constructor' } } });
  // The JSON parser itself refuses `__proto__`.
  expect((await raw(admin, 'PUT', '/api/admin/roles', 'application/json', '{"roles": {"__proto__": ["x"]}}')).status).toBe(400);
});

test('the sandbox page takes only its own languages from ?lang=', async () => {
  for (const lang of ['__proto__', 'constructor', 'toString']) {
    const r = await fetch(`${apiBase()}/sandbox-gateway/pay/NO-SUCH-TRADE?lang=${lang}`);
    expect(r.status).toBe(404);
    const html = await r.text();
    expect(html).toContain('<html lang="zh-CN">');
    expect(html).not.toContain('undefined');
  }
});

test('an impossible date in an admin filter is a 400 naming the field', async () => {
  const r = await admin.get('/api/admin/invitations/stats?from=2026-13-45&to=2026-02-30');
  expect(r).toMatchObject({ status: 400, body: { fields: { from: 'Please enter a valid date (yyyy-mm-dd)', to: 'Please enter a valid date (yyyy-mm-dd)' } } });
});

describe('a malformed multipart body', () => {
  const malformed = { status: 400, body: { message: 'The request could not be read (malformed JSON or form data)', fields: { file: 'The request could not be read (malformed JSON or form data)' } } };

  test('without a boundary', async () => {
    expect(await raw(user, 'POST', '/api/uploads', 'multipart/form-data', 'whatever')).toMatchObject(malformed);
  });

  test('with a truncated part', async () => {
    const body = '--XX\r\nContent-Disposition: form-data; name="kind"\r\n\r\nidPhoto\r\n--XX\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG';
    expect(await raw(user, 'POST', '/api/uploads', 'multipart/form-data; boundary=XX', body)).toMatchObject(malformed);
  });
});

describe('body-parser refusals are answered like every other 4xx', () => {
  test('malformed JSON carries fields', async () => {
    const r = await raw(user, 'PUT', '/api/profile', 'application/json', '{"nickname": ');
    expect(r).toMatchObject({ status: 400, body: { code: 'badRequest', fields: { _: 'The request could not be read (malformed JSON or form data)' } } });
  });

  test('a JSON body past the limit names the limit', async () => {
    const r = await raw(user, 'PUT', '/api/profile', 'application/json', JSON.stringify({ nickname: 'x'.repeat(1024 * 1024 + 10) }));
    expect(r).toMatchObject({ status: 413, body: { code: 'payloadTooLarge', message: 'The request is too large; the limit is 1 MB', fields: { _: 'The request is too large; the limit is 1 MB' } } });
  });
});
