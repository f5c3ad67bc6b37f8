import type { Middleware } from 'koa';
import type { AnySchema } from 'yup';
import { fromValidation } from './errors';
import { ValidationError } from 'yup';

/** Checks ctx.request.body (or the query) with a domain schema; the cast value lands in ctx.state.input. */
export function validate(schema: AnySchema, source: 'body' | 'query' = 'body'): Middleware {
  return async (ctx, next) => {
    const raw = source === 'body' ? ctx.request.body : ctx.query;
    try {
      ctx.state.input = await schema.validate(raw ?? {}, { abortEarly: false, stripUnknown: false });
    } catch (err) {
      if (err instanceof ValidationError) throw fromValidation(err);
      throw err;
    }
    await next();
  };
}
