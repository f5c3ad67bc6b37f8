import type { Middleware } from 'koa';
import type { AnySchema } from 'yup';

/**
 * Checks ctx.request.body (or the query) with a domain schema; the cast value lands in
 * ctx.state.input. A failure is answered 400 with field messages by the errors middleware.
 */
export function validate(schema: AnySchema, source: 'body' | 'query' = 'body'): Middleware {
  return async (ctx, next) => {
    const raw = source === 'body' ? ctx.request.body : ctx.query;
    ctx.state.input = await schema.validate(raw ?? {}, { abortEarly: false });
    await next();
  };
}
