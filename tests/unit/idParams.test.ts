import Router from '@koa/router';
import Koa from 'koa';
import type { AddressInfo } from 'node:net';
import { guardIdParams, idParam } from '../../api/middleware/params';

/** Serves `router` behind guardIdParams and answers each path's status. */
async function statuses(router: Router, paths: string[]): Promise<number[]> {
  const app = new Koa();
  app.use(async (ctx, next) => {
    try {
      await next();
    } catch (err) {
      ctx.status = (err as { status?: number }).status ?? 500;
    }
  });
  app.use(guardIdParams(router).routes());
  const server = app.listen(0);
  try {
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return await Promise.all(paths.map(async (p) => (await fetch(base + p)).status));
  } finally {
    server.close();
  }
}

const ok = (ctx: Koa.Context) => {
  ctx.body = 'ok';
};
const ID = '0b6a3c1e-4f2d-4a7b-9c8e-1d2f3a4b5c6d';

test('every :id and :…Id parameter is a strict UUID by default', async () => {
  const router = new Router().get('/a/:id', ok).get('/b/:userId/c/:paperId', ok).get('/d/:code', ok);
  expect(await statuses(router, [`/a/${ID}`, '/a/------------------------------------', '/a/__proto__', `/b/${ID}/c/${ID}`, `/b/${ID}/c/x`, '/d/anything'])).toEqual([200, 404, 404, 200, 404, 200]);
});

test('a router that declares its own check for a name keeps it', async () => {
  const router = new Router().param('id', idParam(/^\d{1,18}$/)).get('/m/:id', ok);
  expect(await statuses(router, ['/m/42', `/m/${ID}`])).toEqual([200, 404]);
});
