import fc from 'fast-check';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import * as yup from 'yup';
import { apiBase, Caller, closeTestDb, png, signedIn } from '../support/http';
import { appRoutes, type AppRoute } from '../support/routes';
import { calendarYearBodySchema } from '../../domain/calendar';

/**
 * Property-based fuzzing of every route of the API, read from the Koa app (a route added later is
 * fuzzed without anyone listing it), over HTTP against the real running stack: generated bodies,
 * queries and path parameters of every wrong shape as anonymous and as each role. Whatever comes
 * in, the answer is never a 5xx.
 *
 * IPCI_FUZZ_RUNS (default 100, about 30 s in all) requests per route; IPCI_FUZZ_SEED (default fixed) makes a run
 * repeatable — a failure prints the seed and the shrunk request to replay it.
 */
const RUNS = Number(process.env.IPCI_FUZZ_RUNS ?? 100);
const SEED = Number(process.env.IPCI_FUZZ_SEED ?? 20261124);
/** A generous bound per route; the default run takes well under a second per route. */
const ROUTE_TIMEOUT_MS = Math.max(60_000, RUNS * 2_000);

const ROUTES = appRoutes();

// ---------------------------------------------------------------------------------------------
// Callers. Fresh accounts, not the demo ones: the fuzz logs out, revokes other sessions and, as
// an admin, may freeze or reset the accounts whose ids it guesses right (its own users'), and none
// of that may touch the accounts other test files use at the same time.
// ---------------------------------------------------------------------------------------------

type Role = 'anonymous' | 'personal' | 'enterprise' | 'reviewer' | 'admin';
const ROLES: Role[] = ['anonymous', 'personal', 'enterprise', 'reviewer', 'admin'];
const callers = new Map<Role, Caller>();
/** Ids worth guessing: real rows of the fuzz users, so some requests pass the lookups and reach deeper code. */
const realIds: string[] = [];

async function freshCaller(role: Role): Promise<Caller> {
  if (role === 'anonymous') return new Caller();
  const { caller, user } =
    role === 'personal' ? await signedIn('personal') : role === 'enterprise' ? await signedIn('enterprise') : await signedIn(null, [role]);
  realIds.push(user.id);
  return caller;
}

/** After each route: a caller the route signed out (logout, a freeze, a password reset) is replaced. */
async function keepSignedIn(): Promise<void> {
  for (const role of ROLES) {
    const caller = callers.get(role);
    if (role === 'anonymous' || (caller && (await caller.get('/api/auth/me')).body?.user)) continue;
    callers.set(role, await freshCaller(role));
  }
}

beforeAll(async () => {
  for (const role of ROLES) callers.set(role, await freshCaller(role));
  const upload = await callers.get('personal')!.upload('idPhoto', await png(), 'mine.png');
  if (upload.status === 201) realIds.push(upload.body.id);
});
afterAll(closeTestDb);

// ---------------------------------------------------------------------------------------------
// Field names: every key of every object schema the domain exports, so bodies and queries use the
// names routes read (and later schemas' fields join by themselves), plus hostile ones.
// ---------------------------------------------------------------------------------------------

function schemaKeys(schema: unknown, into: Set<string>, depth = 0): void {
  if (!yup.isSchema(schema) || depth > 4) return;
  const s = schema as yup.AnySchema & { fields?: Record<string, unknown>; innerType?: unknown };
  if (s.fields) {
    for (const [key, field] of Object.entries(s.fields)) {
      into.add(key);
      schemaKeys(field, into, depth + 1);
    }
  }
  if (s.innerType) schemaKeys(s.innerType, into, depth + 1);
}

function domainFieldNames(): string[] {
  const names = new Set<string>();
  const dir = path.join(__dirname, '../../domain');
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts'))) {
    const mod = require(path.join(dir, file)) as Record<string, unknown>;
    for (const value of Object.values(mod)) schemaKeys(value, names);
  }
  return [...names].sort();
}

const FIELD_NAMES = [...domainFieldNames(), '__proto__', 'constructor', 'prototype', 'toString', '', 'a\u0000b', '\ud800', '$ne'];
/** Query keys lists and signed file addresses read; every value may come as an array (a repeated key). */
const QUERY_NAMES = ['q', 'after', 'before', 'limit', 'from', 'to', 'kind', 'state', 'status', 'queue', 'role', 'lang', 'mine', 'overdue', 'unread', 'recipient', 'direction', 'bill', 'expires', 'sig', 'name', 'type', 'disposition', '__proto__', 'constructor'];

// ---------------------------------------------------------------------------------------------
// Values of every wrong shape.
// ---------------------------------------------------------------------------------------------

const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
const LOOKALIKE = '------------------------------------';

const hostileText = fc.constantFrom(
  '',
  ' ',
  'a\u0000b',
  '\u0000',
  '\ud800',
  'x\udc00y',
  '\ud83d\ude00',
  '身份证正面',
  '__proto__',
  'constructor',
  LOOKALIKE,
  '00000000-0000-0000-0000-000000000000',
  '2026-13-45',
  '2026-02-30',
  '2026-11-24T25:61:00Z',
  '99999999999999999999',
  '-1',
  '0',
  '1e400',
  'NaN',
  'true',
  'null',
  '<script>alert(1)</script>',
  "' or 1=1 --",
  '%00',
  '../../etc/passwd',
  b64(['1', 'x']),
  b64(['2026-02-30T00:00:00Z', LOOKALIKE]),
  b64([2 ** 40, '2026-11-24T00:00:00Z', '0b6a3c1e-4f2d-4a7b-9c8e-1d2f3a4b5c6d']),
  b64({ __proto__: 1 }),
  'x'.repeat(10_000),
);
const text = fc.oneof(hostileText, fc.string({ maxLength: 40 }), fc.string({ unit: 'binary', maxLength: 20 }), fc.uuid());
const number = fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom(0, -1, 2 ** 31, 2 ** 53, 1e308, -1e308, 0.1));

/** A JSON value as text, built by hand so `__proto__` stays an ordinary key. */
const { json } = fc.letrec<{ json: string }>((tie) => ({
  json: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    text.map((s) => JSON.stringify(s)),
    number.map((n) => JSON.stringify(n)),
    fc.constantFrom('true', 'false', 'null', '{}', '[]'),
    fc.array(tie('json'), { maxLength: 4 }).map((items) => `[${items.join(',')}]`),
    fc
      .array(fc.tuple(fc.constantFrom(...FIELD_NAMES), tie('json')), { maxLength: 5 })
      .map((entries) => `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`),
  ),
}));

/** The top-level fields a route's validate() reads, drawn more often than any other name. */
function routeFields(route: AppRoute, source: 'body' | 'query'): string[] {
  return route.inputs.filter((i) => i.source === source).flatMap((i) => Object.keys((i.schema as { fields?: object }).fields ?? {}));
}
const fieldName = (own: string[], others: string[]) =>
  own.length ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...own) }, { weight: 1, arbitrary: fc.constantFrom(...others) }) : fc.constantFrom(...others);

const objectBody = (route: AppRoute) =>
  fc
    .array(fc.tuple(fieldName(routeFields(route, 'body'), FIELD_NAMES), json), { maxLength: 8 })
    .map((entries) => `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`);

type Body = { type: string; body: string | FormData } | undefined;

const jsonBody = (s: string): Body => ({ type: 'application/json', body: s });
const MULTIPART_PART = 'Content-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n';

// ---------------------------------------------------------------------------------------------
// Plausible input: a value shaped like the route's schema (its fields, choices, element types),
// with at most one field swapped for a hostile value, so requests get past validation and into
// the handlers, lookups and queries behind it.
// ---------------------------------------------------------------------------------------------

interface Described {
  type: string;
  oneOf?: unknown[];
  fields?: Record<string, Described>;
  innerType?: Described;
}

const plausibleText = fc.oneof(
  fc.nat().map((i) => realIdsOrNone()[i % realIdsOrNone().length]),
  fc.uuid(),
  fc.constantFrom('2026-11-24', '2026-02-30', '13800138000', 'fuzz@example.com', 'Secret#2026', '123456', 'personal', 'enterprise', 'CN', 'CNY', '100.00', 'x', '身份证'),
  fc.string({ maxLength: 12 }),
);

function plausible(d: Described, depth = 0): fc.Arbitrary<unknown> {
  const choices = (d.oneOf ?? []).filter((v) => v !== undefined);
  if (choices.length) return fc.constantFrom(...choices);
  switch (d.type) {
    case 'object':
      return depth > 4 || !d.fields
        ? fc.constant({})
        : fc.record(Object.fromEntries(Object.entries(d.fields).map(([k, f]) => [k, plausible(f, depth + 1)])), { requiredKeys: [] });
    case 'array':
      return fc.array(d.innerType ? plausible(d.innerType, depth + 1) : plausibleText, { maxLength: 3 });
    case 'number':
      return fc.oneof(fc.integer({ min: 0, max: 1000 }), fc.constantFrom(1, 20, 2026));
    case 'boolean':
      return fc.boolean();
    default:
      return plausibleText;
  }
}

/** The route's schema as a plausible object, one field maybe hostile: JSON text, or query pairs. */
function plausibleEntries(route: AppRoute, source: 'body' | 'query'): fc.Arbitrary<Array<[string, string]>> | undefined {
  const input = route.inputs.find((i) => i.source === source);
  const described = input?.schema.describe() as Described | undefined;
  if (!described?.fields) return undefined;
  return fc
    .tuple(plausible(described) as fc.Arbitrary<Record<string, unknown>>, fc.option(fc.tuple(fc.constantFrom(...Object.keys(described.fields)), json), { freq: 2 }))
    .map(([value, swap]) => {
      const entries = Object.entries(value).map(([k, v]): [string, string] => [k, JSON.stringify(v)]);
      return swap ? [...entries.filter(([k]) => k !== swap[0]), swap] : entries;
    });
}

const body = (route: AppRoute): fc.Arbitrary<Body> => {
  const schemaShaped = plausibleEntries(route, 'body');
  return fc.oneof(
    ...(schemaShaped ? [{ weight: 8, arbitrary: schemaShaped.map((entries) => jsonBody(`{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`)) }] : []),
    { weight: 6, arbitrary: objectBody(route).map(jsonBody) },
    { weight: 2, arbitrary: json.map(jsonBody) },
    {
      weight: 2,
      arbitrary: fc
        .constantFrom(
          '{"a": ',
          '[',
          '',
          'null',
          '"\\ud800"',
          '{"__proto__": {"admin": true}}',
          `{"data": ${'['.repeat(20_000)}${']'.repeat(20_000)}}`,
          `{"x": "${'y'.repeat(1_100_000)}"}`,
        )
        .map(jsonBody),
    },
    { weight: 1, arbitrary: fc.constant<Body>(undefined) },
    { weight: 1, arbitrary: fc.constantFrom<Body>({ type: 'text/plain', body: 'hello' }, { type: 'application/x-www-form-urlencoded', body: 'a=1&a=2&b=%00' }) },
    {
      weight: 1,
      arbitrary: fc.constantFrom<Body>(
        { type: 'multipart/form-data', body: 'no boundary' },
        { type: 'multipart/form-data; boundary=XX', body: `--XX\r\n${MULTIPART_PART}\x89PNG` },
        { type: 'multipart/form-data; boundary=XX', body: '--XX\r\nnot a header\r\n\r\nx\r\n--XX--' },
      ),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(fc.constantFrom(...FIELD_NAMES), text, text).map(([field, value, fileName]): Body => {
        const form = new FormData();
        form.append(field, value);
        form.append('kind', value);
        form.append('file', new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])]), fileName);
        return { type: '', body: form };
      }),
    },
  );
};

/** Path segments as sent on the wire (a lone surrogate cannot be URI-encoded: raw invalid UTF-8). */
const segment = fc.oneof(
  // Read when drawn: the fuzz users exist by then.
  { weight: 3, arbitrary: fc.nat().map((i) => realIdsOrNone()[i % realIdsOrNone().length]) },
  { weight: 4, arbitrary: fc.uuid() },
  {
    weight: 6,
    arbitrary: fc.constantFrom(
      LOOKALIKE,
      '__proto__',
      'constructor',
      'toString',
      'a%00b',
      '%00',
      '%ED%A0%80',
      '%',
      '..',
      '1',
      '0',
      '-1',
      '99999999999999999999',
      '00000000-0000-0000-0000-000000000000',
      '0B6A3C1E-4F2D-4A7B-9C8E-1D2F3A4B5C6D',
      '0b6a3c1e4f2d4a7b9c8e1d2f3a4b5c6d',
      '{0b6a3c1e-4f2d-4a7b-9c8e-1d2f3a4b5c6d}',
      'x'.repeat(300),
      encodeURIComponent('身份证'),
      'IPCI-2026-A-0000001-X',
      '2026',
      '1899',
      'sandbox',
      'orderPayment',
      'identityReview',
    ),
  },
  { weight: 2, arbitrary: fc.string({ minLength: 1, maxLength: 40 }).map((s) => encodeURIComponent(s)) },
);
function realIdsOrNone(): string[] {
  return realIds.length ? realIds : ['0b6a3c1e-4f2d-4a7b-9c8e-1d2f3a4b5c6d'];
}

const queryValue = fc.oneof(text, number.map(String));
const hostileQuery = (route: AppRoute) => fc
  .array(fc.tuple(fieldName(routeFields(route, 'query'), QUERY_NAMES), fc.array(queryValue, { minLength: 1, maxLength: 3 })), { maxLength: 4 })
  .map((pairs) =>
    pairs
      .flatMap(([k, values]) =>
        values.map((v) => {
          // A lone surrogate cannot be percent-encoded as UTF-8: send the invalid bytes as a client might.
          const enc = (s: string) => {
            try {
              return encodeURIComponent(s);
            } catch {
              return '%ED%A0%80';
            }
          };
          return `${enc(k)}=${v === '%00' ? '%00' : enc(v)}`;
        }),
      )
      .join('&'),
  );

const query = (route: AppRoute): fc.Arbitrary<string> => {
  const schemaShaped = plausibleEntries(route, 'query');
  if (!schemaShaped) return hostileQuery(route).filter(fitsRequestLine);
  // Query values are text: a JSON string is sent as its content, anything else as its JSON.
  const asText = (v: string) => (v.startsWith('"') ? (JSON.parse(v) as string) : v);
  const plausibleQuery = schemaShaped.map((entries) => new URLSearchParams(entries.map(([k, v]): [string, string] => [k, asText(v)])).toString());
  return fc.oneof(plausibleQuery, hostileQuery(route)).filter(fitsRequestLine);
};
/** Node refuses a request head past 16 KB (431) and closes before the body is sent: long text goes in bodies. */
const fitsRequestLine = (q: string) => q.length < 8_000;

interface FuzzRequest {
  role: Role;
  url: string;
  body: Body;
}

const request = (route: AppRoute): fc.Arbitrary<FuzzRequest> =>
  fc.record({
    role: fc.constantFrom(...ROLES),
    segments: fc.array(segment, { minLength: route.params.length, maxLength: route.params.length }),
    query: query(route),
    // fetch sends no body with a GET (nor would a browser), and Koa parses none.
    body: route.method === 'GET' ? fc.constant<Body>(undefined) : route.method === 'DELETE' ? fc.oneof(fc.constant<Body>(undefined), body(route)) : body(route),
  }).map(({ role, segments, query, body }) => {
    let i = 0;
    // `:name` parameters and `*name` wildcards (the rest of the path, e.g. a signed file's key).
    const filled = route.path.replace(/[:*]\w+/g, () => segments[i++]);
    return { role, url: query ? `${filled}?${query}` : filled, body };
  }).filter((req) => !changesPlatform(route, req));

/**
 * Settings other test files read while this one runs (fees, role permissions, the working-day
 * calendar) and messages to every user: the fuzz never sends these routes a body their schema
 * accepts as an admin, so it cannot change them under another test. Everything else about them is
 * fuzzed: other roles, hostile bodies, paths and queries.
 */
const PLATFORM_WIDE = new Set(['PUT /api/admin/fees', 'PUT /api/admin/roles', 'POST /api/admin/messages', 'PUT /api/admin/calendar/:year']);
function changesPlatform(route: AppRoute, req: FuzzRequest): boolean {
  if (!PLATFORM_WIDE.has(`${route.method} ${route.path}`) || req.role !== 'admin' || typeof req.body?.body !== 'string') return false;
  // The calendar's schema depends on the year in the path, so its route validates inline.
  const schemas = route.path.startsWith('/api/admin/calendar/') ? [calendarYearBodySchema(Number(req.url.split(/[/?]/)[4]))] : route.inputs.map((i) => i.schema);
  try {
    const value: unknown = JSON.parse(req.body.body);
    return schemas.every((schema) => schema.isValidSync(value));
  } catch {
    return false;
  }
}

/** One request; an event stream (which never ends) is judged by its status and closed. */
async function send(req: FuzzRequest, method: string): Promise<number> {
  const caller = callers.get(req.role)!;
  const headers: Record<string, string> = {
    cookie: [caller.cookie, `cookie-lang=${caller.lang}`].filter(Boolean).join('; '),
    // Its own client address per request, so per-IP rate limits answer 429 rarely and never hide a 5xx.
    'x-forwarded-for': `10.${(Math.random() * 255) | 0}.${(Math.random() * 255) | 0}.${(Math.random() * 255) | 0}`,
  };
  if (req.body?.type) headers['content-type'] = req.body.type;
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), 15_000);
  try {
    const res = await fetch(apiBase() + req.url, { method, headers, body: req.body?.body, redirect: 'manual', signal: abort.signal });
    if (res.headers.get('content-type')?.startsWith('text/event-stream')) abort.abort();
    else await res.arrayBuffer();
    return res.status;
  } catch (err) {
    // The server answered (401, 413…) and closed before taking the whole body: a refusal, not a failure.
    if ((err as { cause?: { code?: string } }).cause?.code === 'EPIPE') return 0;
    throw err;
  } finally {
    clearTimeout(timer);
  }
}

const describeRequest = (method: string, req: FuzzRequest) => {
  const body = req.body === undefined ? '' : req.body.body instanceof FormData ? ' [multipart form]' : ` ${req.body.type} ${String(req.body.body).slice(0, 300)}`;
  return `${req.role}: ${method} ${req.url.slice(0, 400)}${body}`;
};

/** A per-route seed, so routes do not all draw the same sequence. */
const routeSeed = (route: AppRoute) => [...`${route.method} ${route.path}`].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) | 0, SEED);

test('the fuzz covers every route of the app', () => {
  expect(ROUTES.length).toBeGreaterThan(80);
  const keys = ROUTES.map((r) => `${r.method} ${r.path}`);
  expect(keys).toEqual(expect.arrayContaining(['POST /api/auth/login', 'GET /api/cases/:kind/:id/stream', 'POST /api/payments/:provider/notify', 'POST /api/uploads']));
  // A renamed settings route must not lose its protection silently.
  expect(keys).toEqual(expect.arrayContaining([...PLATFORM_WIDE]));
});

describe.each(ROUTES.map((r) => [`${r.method} ${r.path}`, r] as const))('%s', (_, route) => {
  afterAll(keepSignedIn, 60_000);

  test(
    'never answers 5xx',
    async () => {
      await fc.assert(
        fc.asyncProperty(request(route), async (req) => {
          const status = await send(req, route.method);
          if (status >= 500) throw new Error(`${status} for ${describeRequest(route.method, req)}`);
        }),
        { numRuns: RUNS, seed: routeSeed(route), endOnFailure: process.env.CI === 'true' },
      );
    },
    ROUTE_TIMEOUT_MS,
  );
});
