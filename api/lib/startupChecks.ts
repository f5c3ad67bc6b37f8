import { storageProblems } from '../../storage/appStore';
import { configuredProviders } from '../payments/gateway';
import { siteOriginProblem } from './siteOrigin';

/**
 * How many reverse proxies stand in front of the API (TRUST_PROXY): Koa then takes the client's
 * address that many hops from the right of X-Forwarded-For, so addresses a client prepends itself
 * are ignored. 0: no proxy, X-Forwarded-* headers are not read.
 */
export function trustedProxyHops(env: NodeJS.ProcessEnv = process.env): number {
  const v = (env.TRUST_PROXY ?? '').trim();
  if (!v) return 0;
  if (!/^\d{1,2}$/.test(v)) throw new Error(`TRUST_PROXY must be the number of reverse proxies in front of the API (e.g. 1), not ${JSON.stringify(v)}`);
  return Number(v);
}

/**
 * What keeps the API from starting in this environment, checked before it connects to anything so
 * a misconfigured production start fails at once with a message that says what to set.
 */
export function apiStartupProblems(env: NodeJS.ProcessEnv = process.env): string[] {
  const problems: string[] = [];
  const site = siteOriginProblem(env);
  if (site) problems.push(site);
  for (const check of [() => configuredProviders(env), () => trustedProxyHops(env)]) {
    try {
      check();
    } catch (err) {
      problems.push((err as Error).message);
    }
  }
  problems.push(...storageProblems(env));
  return problems;
}
