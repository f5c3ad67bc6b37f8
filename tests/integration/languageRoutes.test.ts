import { apiBase } from '../support/http';

/** Spec part 1 §2 on the server: the first page load already lands on the right language. */
async function get(path: string, cookieLang?: string) {
  const res = await fetch(apiBase() + path, { redirect: 'manual', headers: cookieLang ? { cookie: `cookie-lang=${cookieLang}` } : {} });
  return { status: res.status, location: res.headers.get('location') };
}

test.each([
  ['/', undefined, '/zh-CN/ipci'],
  ['/', 'ja-JP', '/ja-JP/ipci'],
  ['/ipci/usercenter/identity', undefined, '/zh-CN/ipci/usercenter/identity'],
  ['/ipci/trade?page=2', 'en-US', '/en-US/ipci/trade?page=2'],
  ['/zh-CN/ipci/home', 'ja-JP', '/ja-JP/ipci/home'],
])('GET %s with cookie %s redirects to %s', async (path, cookie, to) => {
  expect(await get(path, cookie)).toEqual({ status: 302, location: to });
});

test('a first visit (no cookie) to an unprefixed link, as a certificate QR code opens, follows Accept-Language', async () => {
  const visit = (path: string, acceptLanguage: string) =>
    fetch(apiBase() + path, { redirect: 'manual', headers: { 'accept-language': acceptLanguage } }).then((r) => r.headers.get('location'));
  expect(await visit('/ipci/right/certificate/IPCI20260000001', 'ja-JP,ja;q=0.9')).toBe('/ja-JP/ipci/right/certificate/IPCI20260000001');
  expect(await visit('/', 'en-GB,en;q=0.9')).toBe('/en-US/ipci');
  expect(await visit('/ipci', 'de-DE')).toBe('/zh-CN/ipci');
  const withCookie = await fetch(apiBase() + '/ipci', { redirect: 'manual', headers: { 'accept-language': 'ja-JP', cookie: 'cookie-lang=en-US' } });
  expect(withCookie.headers.get('location')).toBe('/en-US/ipci');
});

test('a supported prefix that matches the cookie is served, an unsupported one is not', async () => {
  expect((await get('/en-US/ipci/usercenter', 'en-US')).location).toBeNull();
  expect((await get('/fr-FR/ipci')).status).not.toBe(302);
  expect((await get('/fr-FR/ipci')).status).not.toBe(200);
});
