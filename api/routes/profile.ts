import Router from '@koa/router';
import type { ApiDeps } from '../deps';

export function profileRoutes(_deps: ApiDeps): Router {
  return new Router();
}
