import { Caller, closeTestDb, DEMO, signedIn } from '../support/http';
import { ipCaller, uniqueEmail, uniquePhone } from '../support/accounts';

afterAll(closeTestDb);

test('the outbox is for admins only', async () => {
  expect((await new Caller().get('/api/admin/outbox')).status).toBe(401);
  expect((await (await signedIn('personal')).caller.get('/api/admin/outbox')).status).toBe(403);
  expect((await (await signedIn(null, ['reviewer'])).caller.get('/api/admin/outbox')).status).toBe(403);
});

test('admins read every message, newest first, by recipient and page by page', async () => {
  const admin = await new Caller().login(...DEMO.admin);
  const sender = ipCaller();
  const email = uniqueEmail();
  const phone = uniquePhone();
  expect((await sender.post('/api/codes', { purpose: 'register', address: email })).status).toBe(202);
  expect((await sender.post('/api/codes', { purpose: 'register', address: phone })).status).toBe(202);

  const all = await admin.get('/api/admin/outbox?limit=2');
  expect(all.status).toBe(200);
  expect(all.body.items).toHaveLength(2);
  expect(Number(all.body.items[0].id)).toBeGreaterThan(Number(all.body.items[1].id));
  expect(all.body.next).toBe(all.body.items[1].id);
  const older = await admin.get(`/api/admin/outbox?limit=2&before=${all.body.next}`);
  expect(Number(older.body.items[0].id)).toBeLessThan(Number(all.body.items[1].id));

  // Search by recipient: the e-mail in any case.
  const mine = await admin.get(`/api/admin/outbox?recipient=${encodeURIComponent(email.toUpperCase())}`);
  expect(mine.body).toMatchObject({ next: null });
  expect(mine.body.items).toHaveLength(1);
  const [mail] = mine.body.items;
  expect(mail).toMatchObject({ channel: 'email', recipient: email.toLowerCase(), purpose: 'register', transport: 'outbox', error: null });
  expect(mail.body).toMatch(/\b\d{6}\b/);
  expect(mail.subject).toMatch(/\b\d{6}\b/);
  expect(Date.parse(mail.createdAt)).not.toBeNaN();
  expect(Date.parse(mail.sentAt)).not.toBeNaN();
  const sms = await admin.get(`/api/admin/outbox?recipient=${phone}`);
  expect(sms.body.items).toMatchObject([{ channel: 'sms', recipient: phone }]);

  const bad = await admin.get('/api/admin/outbox?limit=0&before=x');
  expect(bad.status).toBe(400);
  expect(Object.keys(bad.body.fields).sort()).toEqual(['before', 'limit']);
});
