import Router from '@koa/router';
import type { ApiDeps } from '../deps';

export function accountCancellationRoutes(_deps: ApiDeps): Router {
  return new Router();
}
