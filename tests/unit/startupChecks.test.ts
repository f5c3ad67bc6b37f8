import { spawn } from 'node:child_process';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import Koa from 'koa';
import { apiStartupProblems, trustedProxyHops } from '../../api/lib/startupChecks';
import { setSessionCookie } from '../../api/lib/sessionCookie';
import { siteOrigin } from '../../api/lib/siteOrigin';
import { ROOT } from '../../temporal/config';

/** Nothing listens here: a process that tried to connect before checking its configuration would fail otherwise. */
const NOWHERE = { DATABASE_URL: 'postgres://ipci:ipci@127.0.0.1:9/ipci', TEMPORAL_ADDRESS: '127.0.0.1:9' };

/** Starts an entry point as `npm run api` / `npm run worker` do; its exit code, stderr and how long it took. */
function start(entry: string, env: Record<string, string | undefined>): Promise<{ code: number | null; stderr: string; ms: number }> {
  const started = Date.now();
  const full: NodeJS.ProcessEnv = { ...process.env, ...NOWHERE, ...env };
  for (const [k, v] of Object.entries(env)) if (v === undefined) delete full[k];
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, entry)], { cwd: ROOT, env: full, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (c) => (stderr += c));
  const kill = setTimeout(() => child.kill('SIGKILL'), 30_000);
  return new Promise((resolve) =>
    child.on('exit', (code) => {
      clearTimeout(kill);
      resolve({ code, stderr, ms: Date.now() - started });
    }),
  );
}

const production = { NODE_ENV: 'production', PAYMENT_PROVIDERS: undefined, SANDBOX_PAYMENTS: undefined, TRUST_PROXY: undefined, PUBLIC_BASE_URL: undefined };

test('a production API start refuses the sandbox provider and a missing PUBLIC_BASE_URL, before connecting to anything', async () => {
  const bare = await start('api/main.ts', production);
  expect(bare.code).toBe(1);
  expect(bare.stderr).toContain('api cannot start: PUBLIC_BASE_URL must be set when NODE_ENV=production');
  expect(bare.stderr).toContain('api cannot start: PAYMENT_PROVIDERS includes the sandbox, which accepts payments without money, and NODE_ENV=production');
  expect(bare.stderr).not.toMatch(/ECONNREFUSED|connect/i);

  const sandboxOnly = await start('api/main.ts', { ...production, PUBLIC_BASE_URL: 'https://ipci.example.com' });
  expect(sandboxOnly.code).toBe(1);
  expect(sandboxOnly.stderr).toContain('SANDBOX_PAYMENTS=1');
  expect(sandboxOnly.stderr).not.toContain('PUBLIC_BASE_URL must be set');
}, 90_000);

test('a production worker start needs PUBLIC_BASE_URL (it prints the QR codes)', async () => {
  const r = await start('temporal/main.ts', production);
  expect(r.code).toBe(1);
  expect(r.stderr).toContain('worker cannot start: PUBLIC_BASE_URL must be set when NODE_ENV=production');
}, 60_000);

test('what a start accepts: development defaults, a production site with real settings, the sandbox enabled on purpose', () => {
  expect(apiStartupProblems({})).toEqual([]);
  expect(apiStartupProblems({ NODE_ENV: 'production', PUBLIC_BASE_URL: 'https://ipci.example.com', SANDBOX_PAYMENTS: '1', TRUST_PROXY: '1' })).toEqual([]);
  expect(apiStartupProblems({ NODE_ENV: 'production', PUBLIC_BASE_URL: 'ftp://ipci.example.com', SANDBOX_PAYMENTS: '1' })).toEqual(['PUBLIC_BASE_URL is not an http(s) address: ftp://ipci.example.com']);
  expect(apiStartupProblems({ TRUST_PROXY: 'true' })).toEqual(['TRUST_PROXY must be the number of reverse proxies in front of the API (e.g. 1), not "true"']);
  expect([trustedProxyHops({}), trustedProxyHops({ TRUST_PROXY: '0' }), trustedProxyHops({ TRUST_PROXY: '2' })]).toEqual([0, 0, 2]);
});

test('server-side addresses come from configuration only: PUBLIC_BASE_URL, else the local site on PORT', () => {
  expect(siteOrigin({ PUBLIC_BASE_URL: 'https://ipci.example.com/' })).toBe('https://ipci.example.com');
  expect(siteOrigin({ PORT: '4321' })).toBe('http://localhost:4321');
  expect(siteOrigin({})).toBe('http://localhost:3000');
  expect(siteOrigin.length).toBe(0); // takes no request: there is no Host header to fall back on
});

test('the session cookie is Secure when PUBLIC_BASE_URL is https, even when TLS ends at a proxy the API does not trust', async () => {
  const cookieFrom = async (env: NodeJS.ProcessEnv) => {
    const app = new Koa().use((ctx) => {
      setSessionCookie(ctx, 'token', new Date(Date.now() + 60_000), env);
      ctx.status = 204;
    });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    try {
      return await new Promise<string>((resolve, reject) =>
        request({ host: '127.0.0.1', port: (server.address() as AddressInfo).port, path: '/' }, (res) => {
          res.resume();
          resolve(String(res.headers['set-cookie']));
        })
          .on('error', reject)
          .end(),
      );
    } finally {
      server.close();
    }
  };
  expect((await cookieFrom({ PUBLIC_BASE_URL: 'https://ipci.example.com' })).toLowerCase()).toContain('; secure');
  expect((await cookieFrom({ PUBLIC_BASE_URL: 'http://localhost:3000' })).toLowerCase()).not.toContain('; secure');
});
