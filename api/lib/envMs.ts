/** Milliseconds from an environment variable meant for tests and demos; unset in production. */
export function envMs(name: string): number | undefined {
  const ms = Number(process.env[name]);
  return Number.isFinite(ms) && ms > 0 ? ms : undefined;
}
