import type Router from '@koa/router';
import { createApp } from '../../api/app';
import { appStore, downloadConfig } from '../../storage/appStore';
import { EventHub } from '../../api/events';
import { createNotifier } from '../../api/lib/notifier';
import type { ApiDeps } from '../../api/deps';
import type { RouteInput } from '../../api/middleware/validate';
import { temporalConfig } from '../../temporal/config';
import { testDb } from './http';
import { TEST_UPLOAD_MAX_BYTES } from './limits';

export interface AppRoute {
  method: string;
  /** As registered, with its `:name` parameters. */
  path: string;
  params: string[];
  /** What its validate() middleware checks, when it has one. */
  inputs: RouteInput[];
}

/**
 * Every route registered in the Koa app, read from the app itself: a route added later is covered
 * without anyone listing it. Building the app connects to nothing (the Temporal client and the event
 * hub are only used by requests, which go to the real API).
 */
export function appRoutes(): AppRoute[] {
  const deps = {
    db: testDb(),
    cfg: temporalConfig(),
    events: new EventHub(testDb(), process.env.DATABASE_URL!),
    store: appStore(),
    downloads: downloadConfig(),
    maxUploadBytes: TEST_UPLOAD_MAX_BYTES,
    notifier: createNotifier(testDb()),
    temporal: {} as ApiDeps['temporal'],
  } satisfies ApiDeps;
  const app = createApp(deps, '/nonexistent');
  // @koa/router marks the middleware of router.routes() with the router it dispatches to.
  const routers = app.middleware.flatMap((mw) => (mw as unknown as { router?: Router }).router ?? []);
  return routers.flatMap((r) =>
    r.stack.flatMap((layer) =>
      layer.methods
        .filter((m) => m !== 'HEAD')
        .map((method) => ({
          method,
          path: String(layer.path),
          params: layer.paramNames.map((p) => String(p.name)),
          inputs: layer.stack.flatMap((mw) => (mw as { input?: RouteInput }).input ?? []),
        })),
    ),
  );
}
