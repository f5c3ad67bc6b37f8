import { randomUUID } from 'node:crypto';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createOrder } from '../../db/orders';
import { CALLBACK_LOG_LIMITS } from '../../db/orders';
import { sandboxSecret, signSandbox } from '../../api/payments/sandboxGateway';
import { NOTIFY_REFUSALS } from '../../api/routes/orderPayment';
import { randomIp } from '../support/accounts';
import { apiBase, Caller, closeTestDb, DEMO, signedIn, testDb } from '../support/http';

/**
 * The anonymous payment notification and the sandbox around it: bounded bodies, a bounded log,
 * a per-address limit on refused notifications, callback addresses that never come from the
 * request, and a resend only the order's owner or staff may trigger.
 */

afterAll(closeTestDb);

const NOTIFY = '/api/payments/sandbox/notify';
const uniqueOrderNo = () => `T${Date.now()}${Math.floor(Math.random() * 1000)}`.slice(0, 16);

async function notify(body: string | ReadableStream, headers: Record<string, string> = {}) {
  const res = await fetch(apiBase() + NOTIFY, { method: 'POST', headers: { 'content-type': 'application/json', 'accept-language': 'en-US', ...headers }, body, duplex: 'half' } as RequestInit);
  const text = await res.text();
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, text, json, retryAfter: res.headers.get('retry-after') };
}
const logged = (orderNo: string) => testDb()('payment_callbacks').where({ order_no: orderNo }).select('payload', 'verdict');

test('a notification far above a real one is refused with 413 naming the limit, whether its length is declared or streamed; nothing is logged', async () => {
  const orderNo = uniqueOrderNo();
  const big = JSON.stringify({ orderNo, filler: 'x'.repeat(20_000) });
  const declared = await notify(big, { 'x-forwarded-for': randomIp() });
  expect(declared.status).toBe(413);
  expect(declared.json).toMatchObject({ status: 413, code: 'payloadTooLarge', message: 'The request is too large; the limit is 16 KB' });

  const streamed = await notify(
    new ReadableStream({
      start(c) {
        c.enqueue(new TextEncoder().encode(big));
        c.close();
      },
    }),
    { 'x-forwarded-for': randomIp(), 'accept-language': 'zh-CN' },
  );
  expect(streamed.status).toBe(413);
  expect(streamed.json.code).toBe('payloadTooLarge');
  expect(await logged(orderNo)).toEqual([]);
});

test('the callback log keeps bounded fields of a notification, not its whole body', async () => {
  const orderNo = uniqueOrderNo();
  const fields = Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`field${i}`, `v${i}`]));
  const body = { orderNo, tradeNo: 'SBX-BOUNDED', note: '长'.repeat(3000), [`k${'y'.repeat(500)}`]: 1, nested: { deep: ['a'.repeat(1000)] }, ...fields };
  expect(Buffer.byteLength(JSON.stringify(body))).toBeLessThan(16 * 1024);
  const r = await notify(JSON.stringify(body), { 'x-forwarded-for': randomIp() });
  expect(r).toMatchObject({ status: 400, text: 'malformed' });
  const [row] = await logged(orderNo);
  expect(row.verdict).toBe('malformed');
  const payload = row.payload as Record<string, unknown>;
  expect(JSON.stringify(payload).length).toBeLessThan(CALLBACK_LOG_LIMITS.totalChars + 200);
  expect(payload.orderNo).toBe(orderNo);
  expect(payload.note).toBe(`${'长'.repeat(CALLBACK_LOG_LIMITS.valueChars)}…(+${3000 - CALLBACK_LOG_LIMITS.valueChars})`);
  expect(Object.keys(payload).some((k) => k.startsWith('kyyy') && k.length < 100)).toBe(true);
  expect(typeof payload.nested).toBe('string');
  expect(payload['…']).toMatch(/^\d+ more fields$/);
});

test('one address gets 429 after too many refused notifications, also when it prepends other addresses; signed ones and other addresses still pass', async () => {
  const ip = randomIp();
  const orderNo = uniqueOrderNo();
  const forged = JSON.stringify({ orderNo, tradeNo: 'SBX-FORGED', amountFen: 1, paidAt: new Date().toISOString(), signature: 'ab'.repeat(32) });
  for (let i = 0; i < NOTIFY_REFUSALS.points; i++) expect((await notify(forged, { 'x-forwarded-for': ip })).status).toBe(400);
  const limited = await notify(forged, { 'x-forwarded-for': ip });
  expect(limited.status).toBe(429);
  expect(limited.json).toMatchObject({ status: 429, code: 'tooManyRequests' });
  expect(limited.json.message).toMatch(/^Too many requests; try again in \d+ s$/);
  expect(Number(limited.retryAfter)).toBeGreaterThan(0);
  // The proxy in front appends the real address: whatever the client put before it is not trusted.
  expect((await notify(forged, { 'x-forwarded-for': `${randomIp()}, ${ip}` })).status).toBe(429);
  expect((await notify(forged, { 'x-forwarded-for': `${randomIp()}, ${randomIp()}, ${ip}` })).status).toBe(429);
  expect(await logged(orderNo)).toHaveLength(NOTIFY_REFUSALS.points);

  // A genuine, signed notification is never limited (providers send every one from a few addresses).
  const n = { tradeNo: `SBX-${randomUUID()}`, orderNo: uniqueOrderNo(), amountFen: 100, paidAt: new Date().toISOString() };
  expect(await notify(JSON.stringify({ ...n, signature: signSandbox(sandboxSecret(), n) }), { 'x-forwarded-for': ip })).toMatchObject({ status: 404, text: 'unknownOrder' });
  expect((await notify(forged, { 'x-forwarded-for': randomIp() })).status).toBe(400);
});

/** A merchant endpoint standing in for the platform's notify URL: counts calls, answers success. */
async function merchant(): Promise<{ server: Server; url: string; calls: () => number }> {
  let calls = 0;
  const server = createServer((req, res) => {
    calls += 1;
    req.resume();
    res.end('success');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/notify`, calls: () => calls };
}

async function paidTrade(userId: string, notifyUrl: string) {
  const order = await createOrder(testDb(), { dedupeKey: `test/${randomUUID()}`, userId, type: 'certification', subjectKind: 'test', subjectId: randomUUID(), name: 'Resend', amountFen: 100, timeoutMs: 600_000 });
  const tradeNo = `SBX${Date.now()}${randomUUID().slice(0, 8)}`;
  await testDb()('sandbox_trades').insert({ trade_no: tradeNo, order_no: order.order_no, subject: 'Resend', amount: 100, notify_url: notifyUrl, return_url: `${apiBase()}/back`, state: 'paid', paid_at: new Date(), notified_at: new Date() });
  return tradeNo;
}

test("the sandbox resends a notification only for the order's owner or staff, a few times a minute", async () => {
  const m = await merchant();
  try {
    const { user, caller } = await signedIn('personal');
    const tradeNo = await paidTrade(user.id, m.url);
    const resend = (c: Caller) => c.post(`/sandbox-gateway/trades/${tradeNo}/resend`);
    expect((await resend(new Caller())).status).toBe(401);
    expect((await resend((await signedIn('personal')).caller)).status).toBe(404);
    expect(m.calls()).toBe(0);

    expect((await resend(caller)).body).toEqual({ status: 200, body: 'success' });
    expect((await resend(await new Caller().login(...DEMO.reviewer))).body).toEqual({ status: 200, body: 'success' });
    for (let i = 1; i < 10; i++) expect((await resend(caller)).status).toBe(200);
    const limited = await resend(caller);
    expect(limited).toMatchObject({ status: 429, body: { code: 'tooManyRequests' } });
    expect(m.calls()).toBe(11);
  } finally {
    m.server.close();
  }
});

/** A raw request with a Host header of the caller's choosing (fetch would not send it). */
function postWithHost(path: string, host: string, cookie: string, body: unknown): Promise<{ status: number; body: any }> {
  const url = new URL(apiBase());
  const data = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      { hostname: url.hostname, port: url.port, path, method: 'POST', headers: { host, cookie, 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) } },
      (res) => {
        let text = '';
        res.on('data', (c) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text) }));
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

test("callback and return addresses name the configured site, never the request's Host; the hosted page says it is a test payment", async () => {
  const { user, caller } = await signedIn('personal');
  const order = await createOrder(testDb(), { dedupeKey: `test/${randomUUID()}`, userId: user.id, type: 'certification', subjectKind: 'test', subjectId: randomUUID(), name: 'Host', amountFen: 100, timeoutMs: 600_000 });
  const r = await postWithHost(`/api/orders/${order.id}/pay`, 'attacker.example:9999', caller.cookie, { method: 'quickPay', provider: 'sandbox' });
  expect(r.status).toBe(200);
  const trade = await testDb()('sandbox_trades').where({ trade_no: r.body.tradeNo }).first('notify_url', 'return_url');
  expect(trade.notify_url).toBe(`${process.env.PUBLIC_BASE_URL}/api/payments/sandbox/notify`);
  expect(trade.return_url.startsWith(`${process.env.PUBLIC_BASE_URL}/`)).toBe(true);

  const page = await (await fetch(`${apiBase()}/sandbox-gateway/pay/${r.body.tradeNo}?lang=en-US`)).text();
  expect(page).toContain('Test payment: this is the sandbox checkout, no real money is charged');
  expect(page).not.toContain('attacker.example');
  expect(await (await fetch(`${apiBase()}/sandbox-gateway/pay/${r.body.tradeNo}?lang=zh-CN`)).text()).toContain('测试支付');
});
