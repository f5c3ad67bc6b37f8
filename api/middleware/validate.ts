import type { Middleware } from 'koa';
import type { AnySchema } from 'yup';
import { checkInput } from '../../domain/validation/rules';

/** What a route reads and checks; kept on its validate() middleware so tools (the route fuzz) can read it off the router. */
export interface RouteInput {
  schema: AnySchema;
  source: 'body' | 'query';
}

/**
 * Checks ctx.request.body (or the query) with a domain schema; the cast value lands in
 * ctx.state.input. A failure, whatever the schema threw, is answered 400 with field messages by the
 * errors middleware. Routes that validate inline use checkInput too.
 */
export function validate(schema: AnySchema, source: RouteInput['source'] = 'body'): Middleware & { input: RouteInput } {
  const middleware: Middleware = async (ctx, next) => {
    const raw = source === 'body' ? ctx.request.body : ctx.query;
    ctx.state.input = await checkInput(schema, raw ?? {});
    await next();
  };
  return Object.assign(middleware, { input: { schema, source } });
}
