import type Router from '@koa/router';
import type { RouterParameterMiddleware } from '@koa/router';
import { UUID_PATTERN } from '../../domain/validation/rules';
import { notFound } from '../errors';

/** A path parameter that must match `pattern`; anything else names nothing (404) and reaches no query. */
export const idParam =
  (pattern: RegExp): RouterParameterMiddleware =>
  (value, _ctx, next) => {
    if (!pattern.test(value)) throw notFound();
    return next();
  };

const ID_NAME = /^(id|\w+Id)$/;

/**
 * Every `:id` / `:…Id` parameter of a router is a UUID (what Postgres' uuid columns take, strictly:
 * no `------------------------------------`), unless the router declares its own check with
 * router.param(name, idParam(…)) — message ids are numbers, task ids text keys. The app applies this
 * to every router it mounts, so a new route's ids are checked without anyone remembering to.
 */
export function guardIdParams(router: Router): Router {
  const names = new Set(router.stack.flatMap((layer) => layer.paramNames.map((p) => String(p.name))));
  for (const name of names) if (ID_NAME.test(name) && !router.params[name]) router.param(name, idParam(UUID_PATTERN));
  return router;
}
