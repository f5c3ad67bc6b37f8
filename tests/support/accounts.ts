import { randomInt, randomUUID } from 'node:crypto';
import { isoToday } from '../../domain/accounts';
import { Caller, testDb } from './http';

/** A caller with an address of its own (X-Forwarded-For; the test API trusts the proxy headers). */
export const ipCaller = (lang = 'en-US', ip = randomIp()) => new Caller(lang, { 'x-forwarded-for': ip });
export const randomIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
export const uniqueEmail = () => `T.${randomUUID().slice(0, 12)}@Example.com`;
export const uniquePhone = () => `1${randomInt(3, 10)}${String(randomInt(0, 1e9)).padStart(9, '0')}`;
export const uniqueName = () => `t_${randomUUID().replace(/-/g, '').slice(0, 14)}`;

/** The 6-digit code in the newest outbox message to an address. */
export async function lastCode(address: string): Promise<string> {
  const row = await testDb()('outbox').where('recipient', address.toLowerCase()).orderBy('id', 'desc').first('body');
  const code = row && /\b(\d{6})\b/.exec(row.body)?.[1];
  if (!code) throw new Error('no code in the outbox');
  return code;
}

/** Asks for a code and reads it from the outbox. */
export async function codeFor(caller: Caller, purpose: string, address: string): Promise<string> {
  const r = await caller.post('/api/codes', { purpose, address });
  if (r.status !== 202) throw new Error(`code for ${purpose}: ${r.status} ${JSON.stringify(r.body)}`);
  return lastCode(address);
}

/** Pretends the codes to `address` were sent `seconds` earlier (skips the one-minute wait without sleeping). */
export const backdateCodes = (address: string, seconds: number) =>
  testDb()('verification_codes')
    .where({ address: address.toLowerCase() })
    .update({ created_at: testDb().raw(`created_at - make_interval(secs => ?)`, [seconds]) });

/** yyyy-mm-dd `years` years before the server's today (China time), shifted by `days`. */
export function birthDate(years: number, days = 0): string {
  const [y, m, d] = isoToday().split('-').map(Number);
  return new Date(Date.UTC(y - years, m - 1, d + days)).toISOString().slice(0, 10);
}

export const PASSWORD = 'Secret#2026';

/** A complete, valid registration body for a person (override any field). */
export function registration(address: string, code: string, over: Record<string, unknown> = {}) {
  return {
    userType: 'personal',
    username: uniqueName(),
    password: PASSWORD,
    repeatPassword: PASSWORD,
    address,
    code,
    inviteCode: '',
    birthDate: birthDate(30),
    agreeUserAgreement: true,
    agreeDisclaimer: true,
    agreePrivacy: true,
    agreeChildRules: true,
    ...over,
  };
}

/** Registers a fresh account through the API; the caller ends signed in as it. */
export async function registered(caller: Caller, over: Record<string, unknown> = {}) {
  const address = (over.address as string | undefined) ?? uniqueEmail();
  const code = await codeFor(caller, 'register', address);
  const body = registration(address, code, over);
  const r = await caller.post('/api/account/register', body);
  if (r.status !== 201) throw new Error(`register: ${r.status} ${JSON.stringify(r.body)}`);
  return { ...body, user: r.body.user };
}
