import Router from '@koa/router';
import type { ApiDeps } from '../deps';

export function outboxRoutes(_deps: ApiDeps): Router {
  return new Router();
}
