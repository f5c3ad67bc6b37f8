import { randomIp } from '../support/accounts';
import { apiBase, Caller, closeTestDb, signedIn } from '../support/http';

/** What a session is protected by: no cross-site writes, no cached personal answers, Secure cookies over HTTPS. */

afterAll(closeTestDb);

const FOREIGN = 'https://evil.example';

/** A request as a page on another site makes it: a simple form post with the victim's cookie. */
async function send(caller: Caller, method: string, path: string, headers: Record<string, string>) {
  const res = await fetch(apiBase() + path, {
    method,
    headers: { cookie: `${caller.cookie}; cookie-lang=${caller.lang}`, 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: '',
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

test('state-changing requests from another site are refused with 403 in the caller language, and change nothing', async () => {
  const { user, caller } = await signedIn('personal');
  const elsewhere = await new Caller().login(user.username, user.password);
  const code = (await caller.get('/api/invitations')).body.code;

  const crossSite: Record<string, string>[] = [
    { origin: FOREIGN },
    { origin: 'null' },
    { 'sec-fetch-site': 'cross-site' },
    { 'sec-fetch-site': 'cross-site', origin: new URL(apiBase()).origin },
  ];
  const routes: [string, string][] = [
    ['POST', '/api/messages/read-all'],
    ['POST', '/api/invitations/code'],
    ['POST', '/api/security/sessions/revoke-others'],
    ['POST', '/api/auth/logout'],
    ['POST', '/api/orders/00000000-0000-4000-8000-000000000000/cancel'],
    ['POST', '/api/tasks/00000000-0000-4000-8000-000000000000/claim'],
    ['DELETE', '/api/messages/00000000-0000-4000-8000-000000000000'],
    ['PUT', '/api/security/password'],
  ];
  for (const headers of crossSite) {
    for (const [method, path] of routes) {
      const r = await send(caller, method, path, headers);
      expect({ method, path, headers, status: r.status, code: r.body?.code }).toEqual({ method, path, headers, status: 403, code: 'crossSite' });
    }
  }
  expect((await send(caller, 'POST', '/api/auth/logout', { origin: FOREIGN })).body.message).toBe("This can only be done from this site's own pages; a request from another site was refused");
  expect((await send(new Caller('zh-CN'), 'POST', '/api/auth/logout', { origin: FOREIGN })).body.message).toBe('该操作只能在本站页面中进行，来自其他网站的请求已被拒绝');
  expect((await send(new Caller('ja-JP'), 'POST', '/api/auth/logout', { origin: FOREIGN })).body.message).toBe('この操作は本サイトのページからのみ行えます。他のサイトからのリクエストは拒否されました');

  // Nothing happened: still signed in here and elsewhere, the same invitation code.
  expect((await caller.get('/api/auth/me')).body.user).toBeTruthy();
  expect((await elsewhere.get('/api/auth/me')).body.user).toBeTruthy();
  expect((await caller.get('/api/invitations')).body.code).toBe(code);

  // The site's own pages, and callers that are not browsers (no Origin, no Sec-Fetch-Site), are served.
  expect((await send(caller, 'POST', '/api/messages/read-all', { origin: new URL(apiBase()).origin })).status).toBe(200);
  expect((await send(caller, 'POST', '/api/messages/read-all', { origin: new URL(process.env.PUBLIC_BASE_URL!).origin, 'sec-fetch-site': 'same-origin' })).status).toBe(200);
  expect((await send(caller, 'POST', '/api/messages/read-all', { 'sec-fetch-site': 'same-site' })).status).toBe(200);
  expect((await send(caller, 'POST', '/api/messages/read-all', { 'sec-fetch-site': 'none' })).status).toBe(200);
  expect((await fetch(`${apiBase()}/api/auth/me`, { headers: { cookie: caller.cookie, origin: FOREIGN, 'sec-fetch-site': 'cross-site' } })).status).toBe(200);
  expect((await send(caller, 'POST', '/api/auth/logout', {})).status).toBe(204);
  expect((await caller.get('/api/auth/me')).body.user).toBeNull();
});

test('answers that depend on the session are never cached; public keys may be', async () => {
  const { caller } = await signedIn('personal');
  for (const path of ['/api/auth/me', '/api/orders', '/api/messages', '/api/security/sessions', '/api/orders/not-an-order']) {
    const res = await fetch(apiBase() + path, { headers: { cookie: caller.cookie } });
    expect({ path, cacheControl: res.headers.get('cache-control') }).toEqual({ path, cacheControl: 'no-store' });
  }
  expect((await fetch(`${apiBase()}/api/orders`)).headers.get('cache-control')).toBe('no-store'); // 401 too
  expect((await fetch(`${apiBase()}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).headers.get('cache-control')).toBe('no-store');
  expect((await fetch(`${apiBase()}/.well-known/ipci-signing-key.pem`)).headers.get('cache-control')).toBe('public, max-age=300');
});

test('the session cookie is Secure when the site is reached over HTTPS through the trusted proxy', async () => {
  const { user } = await signedIn('personal');
  const login = (headers: Record<string, string>) =>
    fetch(`${apiBase()}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': randomIp(), ...headers }, body: JSON.stringify({ login: user.username, password: user.password }) });
  const overHttps = (await login({ 'x-forwarded-proto': 'https' })).headers.getSetCookie().find((c) => c.startsWith('cookie-token='))!;
  expect(overHttps.toLowerCase()).toContain('; secure');
  expect(overHttps.toLowerCase()).toContain('; httponly');
  expect(overHttps.toLowerCase()).toContain('; samesite=lax');
  const overHttp = (await login({})).headers.getSetCookie().find((c) => c.startsWith('cookie-token='))!;
  expect(overHttp.toLowerCase()).not.toContain('; secure');
});
