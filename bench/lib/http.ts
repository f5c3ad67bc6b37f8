/** A minimal API client holding one session cookie, as a browser would. */
export class ApiClient {
  private cookie = '';

  constructor(readonly base: string) {}

  /** The session cookie, for requests made with node:http (streamed bodies). */
  get cookieHeader(): string {
    return this.cookie;
  }

  async login(username: string, password: string): Promise<void> {
    const res = await fetch(`${this.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login: username, password }),
    });
    if (res.status !== 200) throw new Error(`login ${username}: ${res.status} ${await res.text()}`);
    const token = res.headers.getSetCookie().find((c) => c.startsWith('cookie-token='));
    if (!token) throw new Error(`login ${username}: no cookie-token in the answer`);
    this.cookie = token.split(';')[0];
  }

  async request<T>(method: string, path: string, body?: unknown, expect = 200): Promise<T> {
    const isForm = body instanceof FormData;
    const res = await fetch(`${this.base}${path}`, {
      method,
      headers: { cookie: this.cookie, ...(body && !isForm ? { 'content-type': 'application/json' } : {}) },
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    });
    const text = await res.text();
    if (res.status !== expect) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }

  get<T>(path: string): Promise<T> {
    return this.request<T>('GET', path);
  }
}

export interface TaskItem {
  id: string;
  queue: string;
  caseId: string;
  status: string;
  dueAt: string;
}
export interface InboxPage {
  items: TaskItem[];
  next: string | null;
}
