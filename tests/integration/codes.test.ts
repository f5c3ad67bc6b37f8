import { CODE_RULES } from '../../domain/verification';
import { closeTestDb, testDb } from '../support/http';
import { backdateCodes, ipCaller, registered, uniqueEmail, uniquePhone } from '../support/accounts';

afterAll(closeTestDb);

test('a second code to the same address within a minute is refused with the seconds to wait', async () => {
  const caller = ipCaller();
  const address = uniqueEmail();
  const first = await caller.post('/api/codes', { purpose: 'register', address });
  expect(first).toMatchObject({ status: 202, body: { channel: 'email', ttlSeconds: CODE_RULES.ttlSeconds, resendSeconds: CODE_RULES.resendSeconds } });
  const again = await caller.post('/api/codes', { purpose: 'register', address: address.toUpperCase() });
  expect(again.status).toBe(429);
  expect(again.body.code).toBe('tooSoon');
  const seconds = Number(/(\d+) s/.exec(again.body.fields.address)?.[1]);
  expect(seconds).toBeGreaterThan(50);
  expect(seconds).toBeLessThanOrEqual(60);
  await backdateCodes(address, 61);
  expect((await caller.post('/api/codes', { purpose: 'register', address })).status).toBe(202);
});

test('the one-minute wait is per purpose: a fresh account may ask at once for a code to cancel', async () => {
  const caller = ipCaller();
  const { address } = await registered(caller);
  const again = await caller.post('/api/codes', { purpose: 'register', address });
  expect(again.status).toBe(409); // the address is now bound; no wait is reported for another purpose
  expect((await caller.post('/api/codes', { purpose: 'cancelAccount', address })).status).toBe(202);
  expect((await caller.post('/api/codes', { purpose: 'cancelAccount', address })).body.code).toBe('tooSoon');
});

test(`at most ${CODE_RULES.perAddressPerHour} codes an hour to one address`, async () => {
  const caller = ipCaller('zh-CN');
  const phone = uniquePhone();
  for (let i = 0; i < CODE_RULES.perAddressPerHour; i++) {
    expect((await caller.post('/api/codes', { purpose: 'register', address: phone })).status).toBe(202);
    await backdateCodes(phone, 61);
  }
  const sixth = await caller.post('/api/codes', { purpose: 'register', address: phone });
  expect(sixth).toMatchObject({ status: 429, body: { code: 'addressLimit' } });
  expect(sixth.body.fields.address).toBe(sixth.body.message);
  expect(await testDb()('outbox').where({ recipient: phone }).count({ n: '*' })).toEqual([{ n: String(CODE_RULES.perAddressPerHour) }]);
  // Codes older than an hour no longer count.
  await backdateCodes(phone, 3600);
  expect((await caller.post('/api/codes', { purpose: 'register', address: phone })).status).toBe(202);
});

test(`at most ${CODE_RULES.perIpPerHour} codes an hour from one IP address, whatever the addresses`, async () => {
  const caller = ipCaller();
  const sent = await Promise.all(Array.from({ length: CODE_RULES.perIpPerHour }, () => caller.post('/api/codes', { purpose: 'register', address: uniqueEmail() })));
  expect(sent.map((r) => r.status)).toEqual(Array(CODE_RULES.perIpPerHour).fill(202));
  const next = await caller.post('/api/codes', { purpose: 'register', address: uniqueEmail() });
  expect(next).toMatchObject({ status: 429, body: { code: 'ipLimit', message: 'Too many codes were requested from your network; please try later' } });
  expect((await ipCaller().post('/api/codes', { purpose: 'register', address: uniqueEmail() })).status).toBe(202);
});

test('a registration code is not sent to an address that is already bound', async () => {
  const account = await registered(ipCaller());
  const r = await ipCaller().post('/api/codes', { purpose: 'register', address: account.address });
  expect(r).toMatchObject({ status: 409, body: { fields: { address: 'This e-mail address is already used by another account' } } });
});
