import type { ChildProcess } from 'node:child_process';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { runTs, stopChild } from '../../scripts/lib/children';
import { closeTestDb, eventually, testDb } from '../support/http';
import { waitHealthy } from '../support/health';
import { TEST_PORTS } from '../support/limits';
import { randomIp, registration, uniqueEmail } from '../support/accounts';

/**
 * E-mail really leaves through SMTP when SMTP_URL is set: an SMTP server in this test process, an API
 * process of its own pointed at it, a registration code read from the received mail.
 */
const PORT = TEST_PORTS.e2eApi + 10;
const BASE = `http://127.0.0.1:${PORT}`;
const received: ParsedMail[] = [];
let smtp: SMTPServer;
let api: ChildProcess;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, done) {
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          done();
        })
        .catch(done);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(TEST_PORTS.smtp, '127.0.0.1', resolve));
  api = runTs('smtp-api', 'api/main.ts', {
    ...process.env,
    PORT: String(PORT),
    SMTP_URL: `smtp://127.0.0.1:${TEST_PORTS.smtp}`,
    SMTP_FROM: 'IPCI Test <codes@ipci.test>',
  });
  await waitHealthy(`${BASE}/api/health`);
}, 120_000);

afterAll(async () => {
  await stopChild(api);
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await closeTestDb();
});

const post = (path: string, body: unknown, ip: string) =>
  fetch(BASE + path, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': ip, cookie: 'cookie-lang=en-US' }, body: JSON.stringify(body) });

test('a registration code arrives by SMTP and registers the account', async () => {
  const ip = randomIp();
  const address = uniqueEmail();
  expect((await post('/api/codes', { purpose: 'register', address }, ip)).status).toBe(202);

  const mail = await eventually(async () => received.find((m) => m.to && !Array.isArray(m.to) && m.to.text === address.toLowerCase()));
  expect(mail.from?.text).toBe('"IPCI Test" <codes@ipci.test>');
  expect(mail.subject).toMatch(/^IPCI verification code: \d{6}$/);
  const code = /\b(\d{6})\b/.exec(mail.text ?? '')![1];
  expect(mail.text).toContain('register an account');

  const r = await post('/api/account/register', registration(address, code), ip);
  expect(r.status).toBe(201);
  expect(r.headers.getSetCookie().some((c) => c.startsWith('cookie-token='))).toBe(true);

  const row = await testDb()('outbox').where({ recipient: address.toLowerCase() }).first();
  expect(row).toMatchObject({ channel: 'email', transport: 'smtp', purpose: 'register', error: null });
  expect(row.sent_at).toBeInstanceOf(Date);
});
