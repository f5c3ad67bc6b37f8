/**
 * This site's address as providers and phones must reach it: PUBLIC_BASE_URL, else (development and
 * tests only) the local site on PORT. Never the request's Host header: a caller chooses that, and the
 * server posts payment notifications to what this returns.
 */
export function siteOrigin(env: NodeJS.ProcessEnv = process.env): string {
  return (env.PUBLIC_BASE_URL || `http://localhost:${env.PORT || 3000}`).replace(/\/+$/, '');
}

/** Why this environment cannot serve the public: outside development the address must be configured. */
export function siteOriginProblem(env: NodeJS.ProcessEnv = process.env): string | null {
  if (env.NODE_ENV !== 'production') return null;
  if (!env.PUBLIC_BASE_URL) return 'PUBLIC_BASE_URL must be set when NODE_ENV=production: payment notifications, return addresses and QR codes are built from it (e.g. PUBLIC_BASE_URL=https://ipci.example.com)';
  try {
    const url = new URL(env.PUBLIC_BASE_URL);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error();
  } catch {
    return `PUBLIC_BASE_URL is not an http(s) address: ${env.PUBLIC_BASE_URL}`;
  }
  return null;
}

/** True when the site is served over HTTPS as its public address says (TLS may end at a proxy). */
export const publicSiteIsHttps = (env: NodeJS.ProcessEnv = process.env) => /^https:/i.test(env.PUBLIC_BASE_URL ?? '');
