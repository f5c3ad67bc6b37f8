import type { Context } from 'koa';

/**
 * This site's address as providers and phones must reach it: PUBLIC_BASE_URL when set (behind a
 * proxy or balancer), else the address the request came in on.
 */
export function siteOrigin(ctx: Pick<Context, 'protocol' | 'host'>, env: NodeJS.ProcessEnv = process.env): string {
  return (env.PUBLIC_BASE_URL ?? `${ctx.protocol}://${ctx.host}`).replace(/\/$/, '');
}
