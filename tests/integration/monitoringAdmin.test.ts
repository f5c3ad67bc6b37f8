import { randomUUID } from 'node:crypto';
import { ipCaller } from '../support/accounts';
import { signedIn, testDb } from '../support/http';
import { staffAndTemporal } from '../support/staffAndTemporal';
import { holderWithSuspect } from '../support/tortReports';

const { reviewer, admin } = staffAndTemporal({ caller: ipCaller });

const site = (over: Record<string, unknown> = {}) => ({
  name: 'Example shop',
  startUrl: `https://shop-${randomUUID().slice(0, 8)}.example.com/`,
  extraHosts: ['img.example.com'],
  maxDepth: 2,
  delayMs: 500,
  concurrency: 1,
  allowPrivate: false,
  enabled: true,
  ...over,
});

test('admins edit the crawl site list; bad input, duplicates and other roles are refused', async () => {
  const input = site();
  const created = await admin.post('/api/admin/crawl-sites', input);
  expect(created.status).toBe(201);
  const id = created.body.site.id;
  expect(created.body.site).toMatchObject({ name: 'Example shop', startUrl: input.startUrl, extraHosts: ['img.example.com'], delayMs: 500, enabled: true });
  expect((await admin.get('/api/admin/crawl-sites')).body.items.map((s: any) => s.id)).toContain(id);

  // The same start URL twice is one site.
  const twice = await admin.post('/api/admin/crawl-sites', site({ startUrl: input.startUrl }));
  expect(twice.status).toBe(409);
  expect(twice.body.fields.startUrl).toBeDefined();
  for (const bad of [
    { startUrl: 'ftp://example.com/' },
    { startUrl: 'https://user:pw@example.com/' },
    { delayMs: 50 },
    { maxDepth: 9 },
    { concurrency: '2' },
    { extraHosts: ['not a host'] },
    { name: '' },
    { enabled: 'yes' },
  ]) {
    expect([bad, (await admin.post('/api/admin/crawl-sites', site(bad))).status]).toEqual([bad, 400]);
  }

  const updated = await admin.put(`/api/admin/crawl-sites/${id}`, { ...input, name: 'Renamed', enabled: false, delayMs: 2000 });
  expect(updated.status).toBe(200);
  expect(updated.body.site).toMatchObject({ name: 'Renamed', enabled: false, delayMs: 2000 });
  expect((await admin.get(`/api/admin/crawl-sites/${id}`)).body.site.name).toBe('Renamed');

  // Reviewers and users never reach the back office.
  for (const caller of [reviewer, (await signedIn('personal')).caller]) {
    expect((await caller.get('/api/admin/crawl-sites')).status).toBe(403);
    expect((await caller.post('/api/admin/crawl-sites', site())).status).toBe(403);
    expect((await caller.get('/api/admin/crawl-runs')).status).toBe(403);
    expect((await caller.get('/api/admin/monitoring/subscriptions')).status).toBe(403);
  }

  expect((await admin.request('DELETE', `/api/admin/crawl-sites/${id}`)).status).toBe(204);
  expect((await admin.request('DELETE', `/api/admin/crawl-sites/${id}`)).status).toBe(404);
  expect((await admin.put(`/api/admin/crawl-sites/${id}`, input)).status).toBe(404);
});

test('a site\'s fetch log and the crawl runs page newest first by keyset', async () => {
  const { id } = (await admin.post('/api/admin/crawl-sites', site())).body.site;
  const [run] = await testDb()('crawl_runs').insert({ trigger: 'test', pages_fetched: 3, errors: 1, bytes: 12345, finished_at: new Date() }).returning('id');
  const at = Date.now();
  await testDb()('crawl_fetches').insert(
    [0, 1, 2, 3, 4].map((i) => ({ run_id: run.id, site_id: id, url: `https://shop.example.com/p/${i}`, outcome: i === 4 ? 'error' : 'ok', status: i === 4 ? 503 : 200, ms: 10 + i, bytes: 100 * i, kind: 'page', fetched_at: new Date(at + i * 1000) })),
  );
  const first = (await admin.get(`/api/admin/crawl-sites/${id}/fetches?limit=2`)).body;
  expect(first.items.map((f: any) => f.url)).toEqual(['https://shop.example.com/p/4', 'https://shop.example.com/p/3']);
  expect(first.items[0]).toMatchObject({ outcome: 'error', status: 503, runId: run.id, kind: 'page' });
  const rest = (await admin.get(`/api/admin/crawl-sites/${id}/fetches?limit=10&after=${first.next}`)).body;
  expect(rest.items.map((f: any) => f.url)).toEqual(['https://shop.example.com/p/2', 'https://shop.example.com/p/1', 'https://shop.example.com/p/0']);
  expect(rest.next).toBeNull();
  expect((await admin.get(`/api/admin/crawl-sites/${id}/fetches?after=nonsense`)).status).toBe(400);
  expect((await admin.get(`/api/admin/crawl-sites/${randomUUID()}/fetches`)).status).toBe(404);

  const runs = (await admin.get('/api/admin/crawl-runs?limit=100')).body;
  expect(runs.items.find((r: any) => r.id === run.id)).toMatchObject({ trigger: 'test', pagesFetched: 3, errors: 1, bytes: 12345, finishedAt: expect.any(String) });
  expect((await admin.get('/api/admin/crawl-runs?limit=0')).status).toBe(400);
});

test('every subscription, filtered by state or found by IPCI code and user name', async () => {
  const h = await holderWithSuspect();
  const all = (await admin.get('/api/admin/monitoring/subscriptions?limit=100')).body;
  const mine = all.items.find((s: any) => s.id === h.subscriptionId);
  expect(mine).toMatchObject({ user: { id: h.user.id }, ipciId: h.ipci.id, ipciCode: h.ipci.code, plan: 'month', state: 'active', suspects: 1 });
  expect((await admin.get('/api/admin/monitoring/subscriptions?state=expired&limit=100')).body.items.map((s: any) => s.id)).not.toContain(h.subscriptionId);
  expect((await admin.get(`/api/admin/monitoring/subscriptions?q=${h.ipci.code}`)).body.items.map((s: any) => s.id)).toEqual([h.subscriptionId]);
  expect((await admin.get(`/api/admin/monitoring/subscriptions?q=${h.user.username.toUpperCase()}`)).body.items.map((s: any) => s.id)).toEqual([h.subscriptionId]);
  expect((await admin.get('/api/admin/monitoring/subscriptions?state=bogus')).status).toBe(400);
});
