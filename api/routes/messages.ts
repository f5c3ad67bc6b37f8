import Router from '@koa/router';
import { messageListSchema, readAllSchema } from '../../domain/messages';
import { deleteMessage, findMessage, listMessages, markAllRead, markRead, unreadByKind, unreadCount } from '../../db/messages';
import type { ApiDeps } from '../deps';
import { notFound } from '../errors';
import { allow } from '../middleware/auth';
import { idParam } from '../middleware/params';
import { validate } from '../middleware/validate';

/** Message ids are bigserials: anything but a positive integer is nobody's message (404). */
const messageId = idParam(/^\d{1,18}$/);

/** Site messages of spec part 1 §7 / part 2 §3: list, detail, mark read, delete, live unread count. */
export function messageRoutes({ db, events }: ApiDeps): Router {
  const signedIn = allow('user', 'reviewer', 'admin');
  const counts = async (userId: string) => {
    const byKind = await unreadByKind(db, userId);
    return { unread: byKind.system + byKind.message, unreadByKind: byKind };
  };
  return new Router()
    .param('id', messageId)
    .get('/api/messages', signedIn, validate(messageListSchema, 'query'), async (ctx) => {
      const userId = ctx.state.user.id;
      const [page, unread] = await Promise.all([listMessages(db, userId, ctx.state.input), counts(userId)]);
      ctx.body = { ...page, ...unread };
    })
    .get('/api/messages/unread', signedIn, async (ctx) => {
      ctx.body = await counts(ctx.state.user.id);
    })
    .get('/api/messages/stream', signedIn, async (ctx) => {
      const userId = ctx.state.user.id;
      events.stream(ctx, `user:${userId}`, { event: 'unread', data: { unread: await unreadCount(db, userId) } });
    })
    .post('/api/messages/read-all', signedIn, validate(readAllSchema), async (ctx) => {
      const updated = await markAllRead(db, ctx.state.user.id, ctx.state.input.kind);
      ctx.body = { updated, ...(await counts(ctx.state.user.id)) };
    })
    .get('/api/messages/:id', signedIn, async (ctx) => {
      const message = await findMessage(db, ctx.state.user.id, ctx.params.id);
      if (!message) throw notFound();
      ctx.body = { message };
    })
    .post('/api/messages/:id/read', signedIn, async (ctx) => {
      const message = await markRead(db, ctx.state.user.id, ctx.params.id);
      if (!message) throw notFound();
      ctx.body = { message };
    })
    .delete('/api/messages/:id', signedIn, async (ctx) => {
      if (!(await deleteMessage(db, ctx.state.user.id, ctx.params.id))) throw notFound();
      ctx.status = 204;
    });
}
