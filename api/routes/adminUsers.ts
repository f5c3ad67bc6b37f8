import Router from '@koa/router';
import { randomInt, randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import { freezeSchema, roleElementsSchema, userEditSchema, userSearchSchema, type UserEdit } from '../../domain/adminUsers';
import { sendMessageSchema, type SendMessageInput } from '../../domain/messages';
import { isValidPassword } from '../../domain/password';
import type { RoleElements } from '../../domain/permissions';
import { resetPassword, searchUsers, setStatus, updateUser, userDetail } from '../../db/adminUsers';
import { insertMessage, sendStaffMessage } from '../../db/messages';
import { replaceRoleElements, roleElements } from '../../db/roleElements';
import { findUser, type UserRow } from '../../db/users';
import type { ApiDeps } from '../deps';
import { badRequest, conflict, notFound } from '../errors';
import { allow, allowElement } from '../middleware/auth';
import { validate } from '../middleware/validate';
import { hashPassword } from '../lib/passwords';

/** No look-alikes (0/O, 1/l/I): the admin reads the password out to its owner. */
const LETTERS = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
const SYMBOLS = '#%+-=@_';
const TEMP_PASSWORD_LENGTH = 14;

/** A random temporary password with letters, digits and a symbol (domain/password rules hold). */
export function temporaryPassword(): string {
  const all = LETTERS + DIGITS + SYMBOLS;
  const pick = (set: string) => set[randomInt(set.length)];
  const chars = [pick(LETTERS), pick(DIGITS), pick(SYMBOLS), ...Array.from({ length: TEMP_PASSWORD_LENGTH - 3 }, () => pick(all))];
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  const password = chars.join('');
  if (!isValidPassword(password)) throw new Error('temporary password breaks the password rules');
  return password;
}

/**
 * The back office's user management (spec part 2: userManagement, detail, edit), the roles editor
 * and staff messages. Every route needs the role admin (the /api/admin gate) and its UI element.
 */
export function adminUserRoutes({ db }: ApiDeps): Router {
  const admin = allow('admin');

  /** ctx.state.target: the account of :id; a cancelled one is read-only (409). */
  const target =
    (writable: boolean): Middleware =>
    async (ctx, next) => {
      const user = await findUser(db, ctx.params.id);
      if (!user) throw notFound();
      if (writable && user.status === 'cancelled') throw conflict('admin.cancelled');
      ctx.state.target = user;
      await next();
    };
  /** An admin does not freeze their own account or take their own admin role away. */
  const notSelf: Middleware = async (ctx, next) => {
    if (ctx.state.target.id === ctx.state.user.id) throw conflict('admin.notYourself');
    await next();
  };
  const detail = async (id: string) => ({ user: await userDetail(db, id) });
  const notice = (user: UserRow, titleKey: string, params: Record<string, unknown> = {}) =>
    insertMessage(db, { dedupeKey: `admin/${titleKey}/${user.id}/${randomUUID()}`, userId: user.id, titleKey, params });

  return new Router()
    .get('/api/admin/users', admin, allowElement('admin.users.view'), validate(userSearchSchema, 'query'), async (ctx) => {
      ctx.body = await searchUsers(db, ctx.state.input);
    })
    .get('/api/admin/users/:id', admin, allowElement('admin.users.view'), target(false), async (ctx) => {
      ctx.body = await detail(ctx.state.target.id);
    })
    .put('/api/admin/users/:id', admin, allowElement('admin.users.edit'), target(true), validate(userEditSchema), async (ctx) => {
      const edit: UserEdit = ctx.state.input;
      const self = ctx.state.target.id === ctx.state.user.id;
      if (self && !edit.roles.includes('admin')) throw badRequest({ roles: { key: 'admin.ownAdminRole' } });
      await updateUser(db, ctx.state.target.id, edit);
      ctx.body = await detail(ctx.state.target.id);
    })
    .post('/api/admin/users/:id/freeze', admin, allowElement('admin.users.freeze'), target(true), notSelf, validate(freezeSchema), async (ctx) => {
      const user: UserRow = ctx.state.target;
      if (user.status !== 'frozen') {
        await setStatus(db, user.id, 'frozen', ctx.state.input.reason);
        await notice(user, 'admin.frozen', { reason: ctx.state.input.reason });
      }
      ctx.body = await detail(user.id);
    })
    .post('/api/admin/users/:id/activate', admin, allowElement('admin.users.freeze'), target(true), async (ctx) => {
      const user: UserRow = ctx.state.target;
      if (user.status !== 'active') {
        await setStatus(db, user.id, 'active', null);
        await notice(user, 'admin.activated');
      }
      ctx.body = await detail(user.id);
    })
    .post('/api/admin/users/:id/reset-password', admin, allowElement('admin.users.resetPassword'), target(true), async (ctx) => {
      const password = temporaryPassword();
      await resetPassword(db, ctx.state.target.id, await hashPassword(password));
      await notice(ctx.state.target, 'admin.passwordReset');
      // Shown once to the admin, never stored or logged in clear.
      ctx.set('Cache-Control', 'no-store');
      ctx.body = { password, ...(await detail(ctx.state.target.id)) };
    })
    // Any admin may read the matrix (the page shows it read-only without admin.roles.edit).
    .get('/api/admin/roles', admin, async (ctx) => {
      ctx.body = { roles: await roleElements(db) };
    })
    .put('/api/admin/roles', admin, allowElement('admin.roles.edit'), validate(roleElementsSchema), async (ctx) => {
      await replaceRoleElements(db, ctx.state.input.roles as RoleElements);
      ctx.body = { roles: await roleElements(db) };
    })
    .post('/api/admin/messages', admin, allowElement('admin.messages.send'), validate(sendMessageSchema), async (ctx) => {
      const input: SendMessageInput = ctx.state.input;
      if (!input.notifyAll) {
        const to = await findUser(db, input.recUserId!);
        if (!to || to.status !== 'active') throw badRequest({ recUserId: { key: 'admin.recipientInactive' } });
      }
      const sent = await sendStaffMessage(
        db,
        {
          sendId: input.sendId ?? randomUUID(),
          senderId: ctx.state.user.id,
          kind: input.kind as 'system' | 'message',
          title: input.title,
          content: input.content,
          actionLink: input.actionLink || null,
          remark: input.remark || null,
        },
        input.notifyAll ? { role: input.role } : { userId: input.recUserId! },
      );
      ctx.status = 201;
      ctx.body = { sent };
    });
}
