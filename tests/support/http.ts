import { hash } from '@node-rs/argon2';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { createDb } from '../../db/connection';
import type { Knex } from 'knex';
import type { Role, UserKind } from '../../domain/roles';

export const apiBase = () => process.env.IPCI_TEST_API!;

export interface Reply<T = any> {
  status: number;
  body: T;
}

/** A signed-in (or anonymous) caller of the real API over HTTP, with its own cookie. */
export class Caller {
  cookie = '';
  /** `headers` go with every request, e.g. an X-Forwarded-For of its own so per-IP limits are the test's alone. */
  constructor(
    public lang = 'en-US',
    public headers: Record<string, string> = {},
  ) {}

  async login(login: string, password: string): Promise<this> {
    const r = await this.post('/api/auth/login', { login, password });
    if (r.status !== 200) throw new Error(`login ${login}: ${r.status} ${JSON.stringify(r.body)}`);
    return this;
  }

  async request<T = any>(method: string, path: string, body?: unknown): Promise<Reply<T>> {
    const headers: Record<string, string> = { ...this.headers, cookie: [this.cookie, `cookie-lang=${this.lang}`].filter(Boolean).join('; ') };
    let payload: FormData | string | undefined;
    if (body instanceof FormData) payload = body;
    else if (typeof body === 'string') {
      headers['content-type'] = 'application/json';
      payload = body;
    } else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const res = await fetch(apiBase() + path, { method, headers, body: payload, redirect: 'manual' });
    const setCookie = res.headers.getSetCookie().find((c) => c.startsWith('cookie-token='));
    if (setCookie) this.cookie = setCookie.split(';')[0];
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: keep the text
    }
    return { status: res.status, body: parsed as T };
  }

  get = <T = any>(path: string) => this.request<T>('GET', path);
  post = <T = any>(path: string, body?: unknown) => this.request<T>('POST', path, body ?? {});
  put = <T = any>(path: string, body?: unknown) => this.request<T>('PUT', path, body ?? {});

  async upload(kind: string, bytes: Buffer, name: string): Promise<Reply> {
    const form = new FormData();
    form.append('kind', kind);
    form.append('file', new Blob([new Uint8Array(bytes)]), name);
    return this.request('POST', '/api/uploads', form);
  }
}

let shared: Knex | undefined;
export function testDb(): Knex {
  shared ??= createDb(process.env.DATABASE_URL, { min: 0, max: 4 });
  return shared;
}
export async function closeTestDb(): Promise<void> {
  await shared?.destroy();
  shared = undefined;
}

/** A fresh account per test: a user has one certification, so tests do not share users. */
export async function newUser(kind: UserKind | null, roles: Role[] = ['user']): Promise<{ id: string; username: string; password: string; displayName: string }> {
  const username = `u${randomUUID().slice(0, 12)}`;
  const password = 'Secret#2026';
  const displayName = kind === 'enterprise' ? '测试文化有限公司' : `测试${username.slice(1, 5)}`;
  const [{ id }] = await testDb()('users')
    .insert({ username, display_name: displayName, password_hash: await hash(password), kind, roles: testDb().raw('?::text[]', [roles]) })
    .returning('id');
  return { id, username, password, displayName };
}

export async function signedIn(kind: UserKind | null, roles: Role[] = ['user'], lang = 'en-US') {
  const user = await newUser(kind, roles);
  return { user, caller: await new Caller(lang).login(user.username, user.password) };
}

export const DEMO = {
  reviewer: ['reviewer', 'Reviewer#2026'],
  admin: ['admin', 'Admin#2026'],
} as const;

/** A minimal valid PDF (upload checks read its signature), e.g. a proof or proposal document. */
export const PDF = Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');

export function png(width = 600, height = 400): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 180, g: 60, b: 40 } } }).png().toBuffer();
}

/** Waits for a condition the workflow brings about asynchronously. */
export async function eventually<T>(fn: () => Promise<T | undefined | null | false>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}

export const personalData = (photo: string) => ({
  name: '张三',
  nationality: 'CN',
  idNumber: '11010519491231002X',
  idFront: photo,
  idBack: photo,
  idValidUntil: '2035-01-01',
  phone: '13800138000',
});

export const taskPath = (taskId: string) => `/api/tasks/${encodeURIComponent(taskId)}`;
