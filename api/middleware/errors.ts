import type { Middleware } from 'koa';
import { ValidationError } from 'yup';
import { HttpError, badRequest } from '../errors';

/** Turns thrown errors into `{ status, code, message, fields }` in the caller's language. */
export const errors: Middleware = async (ctx, next) => {
  try {
    await next();
    if (ctx.status === 404 && ctx.body === undefined && ctx.path.startsWith('/api')) throw new HttpError(404, 'notFound', 'http.notFound');
  } catch (raw) {
    const err = raw instanceof ValidationError ? fromValidation(raw) : raw;
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
    const status = (raw as { status?: number }).status;
    if (status && status >= 400 && status < 500) {
      // Koa / body-parser errors (malformed JSON, …) are the caller's, not ours.
      ctx.status = status;
      ctx.body = { status, code: status === 413 ? 'payloadTooLarge' : 'badRequest', message: t(status === 413 ? 'http.payloadTooLarge' : 'http.badRequest', { max: '' }) };
      return;
    }
    ctx.app.emit('error', raw, ctx);
    ctx.status = 500;
    ctx.body = { status: 500, code: 'internal', message: t('http.internal') };
  }
};

function fromValidation(err: ValidationError): HttpError {
  const inner = err.inner.length ? err.inner : [err];
  const fields: NonNullable<HttpError['fields']> = {};
  for (const e of inner) {
    const path = e.path || '_';
    fields[path] ??= { key: String(e.message), params: e.params as Record<string, unknown> };
  }
  return badRequest(fields);
}
