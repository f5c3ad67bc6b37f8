import { createDb } from '../../db/connection';
import { DEMO_MARKET_SITE_NAME, seedDemoMarketSite } from '../../demoMarket';

/*
 * The test services run the demo marketplace as `npm start` does: its URL is handed to the API, the
 * worker and the tests (IPCI_DEMO_MARKET_URL) and its crawl site is seeded, so crawl and monitoring
 * tests find it like any admin-listed site. Seeding again keeps an admin's edits and only moves the
 * start URL when the market's port changed.
 */

const k = createDb(process.env.DATABASE_URL, { min: 0, max: 2 });
afterAll(() => k.destroy());
const url = process.env.IPCI_DEMO_MARKET_URL!;

it('the demo marketplace runs at IPCI_DEMO_MARKET_URL', async () => {
  expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  const robots = await fetch(`${url}/robots.txt`);
  expect(robots.status).toBe(200);
  expect(await robots.text()).toContain('Disallow: /private/');
  expect((await fetch(`${url}/`)).headers.get('content-type')).toBe('text/html; charset=utf-8');
});

it('its crawl site is seeded: loopback allowed, 200 ms apart, depth 3, two at a time', async () => {
  const row = await k('crawl_sites').where({ start_url: `${url}/` }).first();
  expect(row).toMatchObject({ name: DEMO_MARKET_SITE_NAME, allow_private: true, delay_ms: 200, max_depth: 3, concurrency: 2, enabled: true, extra_hosts: [] });
});

it('seeding again keeps the row and its edits, and follows a new port', async () => {
  // In a transaction rolled back at the end: crawl tests running beside this one keep the real row.
  await k
    .transaction(async (trx) => {
      const id = (await trx('crawl_sites').where({ start_url: `${url}/` }).first('id')).id;
      await trx('crawl_sites').where({ id }).update({ delay_ms: 1000, enabled: false });
      expect(await seedDemoMarketSite(trx, url)).toBe(id);
      expect(await seedDemoMarketSite(trx, 'http://127.0.0.1:3999/')).toBe(id);
      expect(await trx('crawl_sites').where({ id }).first()).toMatchObject({ start_url: 'http://127.0.0.1:3999/', delay_ms: 1000, enabled: false });
      expect(await trx('crawl_sites').where({ name: DEMO_MARKET_SITE_NAME }).count({ n: '*' })).toEqual([{ n: '1' }]);
      throw new Error('rollback');
    })
    .catch((err: Error) => expect(err.message).toBe('rollback'));
  expect(await k('crawl_sites').where({ start_url: `${url}/` }).first()).toMatchObject({ delay_ms: 200, enabled: true });
});
