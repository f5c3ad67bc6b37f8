import { makeIpciCode } from '../../domain/ipci';
import { VERIFY_LIMIT } from '../../api/routes/certificates';
import { randomIp } from '../support/accounts';
import { apiBase, closeTestDb } from '../support/http';

/**
 * The client's address behind the proxy (the test API trusts one hop, TRUST_PROXY=1): the proxy
 * appends the address it saw to X-Forwarded-For, so only the last entry is the client's; whatever
 * the client wrote before it must not open a new per-address allowance.
 */

afterAll(closeTestDb);

const verify = (serial: number, forwardedFor: string, lang = 'en-US') =>
  fetch(`${apiBase()}/api/public/ipci/${makeIpciCode(2026, 9_000_000 + serial)}`, { headers: { 'x-forwarded-for': forwardedFor, 'accept-language': lang } });

test('public verification by code stays open but is bounded per address; prepending addresses does not dodge the bound', async () => {
  const ip = randomIp();
  for (let i = 0; i < VERIFY_LIMIT.points; i++) {
    // Each request claims a new client in front of the real one.
    const r = await verify(i, `${randomIp()}, ${ip}`);
    expect(r.status).toBe(404);
  }
  const limited = await verify(VERIFY_LIMIT.points, ip, 'ja-JP');
  expect(limited.status).toBe(429);
  expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(await limited.json()).toMatchObject({ status: 429, code: 'tooManyRequests', message: expect.stringMatching(/^リクエストが多すぎます。\d+ 秒後にもう一度お試しください$/) });
  expect((await verify(0, `${randomIp()}, ${randomIp()}, ${ip}`)).status).toBe(429);
  // Another client is not affected.
  expect((await verify(0, randomIp())).status).toBe(404);
});
