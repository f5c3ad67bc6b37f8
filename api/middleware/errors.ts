import type { Middleware } from 'koa';
import { ValidationError } from 'yup';
import { formatBytes } from '../../domain/uploads';
import { HttpError, badRequest } from '../errors';

/** Turns thrown errors into `{ status, code, message, fields }` in the caller's language. */
export const errors: Middleware = async (ctx, next) => {
  try {
    await next();
    if (ctx.status === 404 && ctx.body === undefined && ctx.path.startsWith('/api')) throw new HttpError(404, 'notFound', 'http.notFound');
  } catch (raw) {
    const err = raw instanceof ValidationError ? fromValidation(raw) : (fromKoa(raw) ?? raw);
    const t = ctx.state.t;
    if (err instanceof HttpError) {
      ctx.status = err.status;
      ctx.body = {
        status: err.status,
        code: err.code,
        message: t(err.key, err.params),
        ...(err.fields && {
          fields: Object.fromEntries(Object.entries(err.fields).map(([f, m]) => [f, t(m.key, m.params)])),
        }),
      };
      return;
    }
    ctx.app.emit('error', raw, ctx);
    ctx.status = 500;
    ctx.body = { status: 500, code: 'internal', message: t('http.internal') };
  }
};

/**
 * Koa and body-parser errors (malformed JSON, a body past the limit, …) are the caller's, not ours:
 * answered like every other 4xx, with `fields` and, for 413, the limit.
 */
function fromKoa(raw: unknown): HttpError | undefined {
  const { status, limit } = (raw ?? {}) as { status?: number; limit?: number };
  if (raw instanceof HttpError || !status || status < 400 || status >= 500) return undefined;
  if (status === 413) return bodyTooLarge(limit ?? 0);
  return new HttpError(status, 'badRequest', 'http.malformed', {}, { _: { key: 'http.malformed' } });
}

/** A request body past a limit of `bytes` (413 naming the limit). */
export function bodyTooLarge(bytes: number): HttpError {
  const params = { max: formatBytes(bytes) };
  return new HttpError(413, 'payloadTooLarge', 'http.bodyTooLarge', params, { _: { key: 'http.bodyTooLarge', params } });
}

function fromValidation(err: ValidationError): HttpError {
  const inner = err.inner.length ? err.inner : [err];
  const fields: NonNullable<HttpError['fields']> = {};
  for (const e of inner) {
    const path = e.path || '_';
    fields[path] ??= { key: String(e.message), params: e.params as Record<string, unknown> };
  }
  return badRequest(fields);
}
