import Router from '@koa/router';
import { listMessages, markRead, unreadCount } from '../../db/messages';
import type { ApiDeps } from '../deps';
import { notFound } from '../errors';
import { allow } from '../middleware/auth';

export function messageRoutes({ db, events }: ApiDeps): Router {
  const signedIn = allow('user', 'reviewer', 'admin');
  return new Router()
    .get('/api/messages', signedIn, async (ctx) => {
      const userId = ctx.state.user.id;
      const [items, unread] = await Promise.all([listMessages(db, userId), unreadCount(db, userId)]);
      ctx.body = { items, unread };
    })
    .get('/api/messages/stream', signedIn, async (ctx) => {
      const userId = ctx.state.user.id;
      events.stream(ctx, `user:${userId}`, { event: 'unread', data: { unread: await unreadCount(db, userId) } });
    })
    .post('/api/messages/:id/read', signedIn, async (ctx) => {
      const id = Number(ctx.params.id);
      const message = Number.isSafeInteger(id) ? await markRead(db, ctx.state.user.id, id) : undefined;
      if (!message) throw notFound();
      ctx.body = { message };
    });
}
