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

test('a supported prefix that matches the cookie is served, an unsupported one is not', async () => {
  expect((await get('/en-US/ipci/usercenter', 'en-US')).location).toBeNull();
  expect((await get('/fr-FR/ipci')).status).not.toBe(302);
  expect((await get('/fr-FR/ipci')).status).not.toBe(200);
});
