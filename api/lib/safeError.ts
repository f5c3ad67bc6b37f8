/**
 * What of an unexpected error goes to the log: its kind, code, message and stack — not the fields
 * where drivers copy the data (Postgres `detail`, `where`, parameters), which can hold ID numbers,
 * phone numbers or e-mail addresses.
 */
export function safeError(err: unknown): string {
  if (!(err instanceof Error)) return `non-error thrown: ${typeof err}`;
  const code = (err as { code?: unknown }).code;
  const head = `${err.name}${code ? ` [${String(code)}]` : ''}: ${err.message}`;
  const stack = err.stack?.split('\n').slice(1).join('\n');
  return stack ? `${head}\n${stack}` : head;
}
