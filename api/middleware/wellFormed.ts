import type { Middleware } from 'koa';
import { HttpError } from '../errors';

/** Far deeper than any body the platform takes (a title registration nests 4 levels). */
export const MAX_DEPTH = 32;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

const badText = () => new HttpError(400, 'badText', 'http.badText', {}, { _: { key: 'http.badText' } });
const tooDeep = () => new HttpError(400, 'tooDeep', 'http.tooDeep', { max: MAX_DEPTH }, { _: { key: 'http.tooDeep', params: { max: MAX_DEPTH } } });

/** Text Postgres cannot store: a NUL byte (text, jsonb) or a lone UTF-16 surrogate (jsonb). */
const unstorable = (s: string) => s.includes('\0') || LONE_SURROGATE.test(s);

/**
 * Throws a 400 for a value holding unstorable text anywhere (keys included) or nested past
 * MAX_DEPTH. Iterative, so no input can overflow the stack.
 */
export function assertWellFormed(value: unknown): void {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (typeof v === 'string') {
      if (unstorable(v)) throw badText();
    } else if (v !== null && typeof v === 'object') {
      if (depth >= MAX_DEPTH) throw tooDeep();
      for (const [key, child] of Object.entries(v)) {
        if (unstorable(key)) throw badText();
        stack.push([child, depth + 1]);
      }
    }
  }
}

/**
 * The edge check of every request, after the body parsers: the path (its parameters), the query and
 * the parsed body must be storable text, so no route can hand Postgres a NUL byte or broken Unicode
 * and fail with a 500. Multipart fields are parsed later, by the upload route, which checks them
 * with assertWellFormed.
 */
export const wellFormed: Middleware = async (ctx, next) => {
  if (/%00|\0/i.test(ctx.url)) throw badText();
  assertWellFormed(ctx.query);
  assertWellFormed(ctx.request.body);
  await next();
};
