import Router from '@koa/router';
import { invitationLink, invitationStatsQuerySchema, inviteeQuerySchema, type InviteeQuery } from '../../domain/invitations';
import type { Lang } from '../../domain/languages';
import { invitationStats, inviteCodeOf, inviteesPage, regenerateInviteCode, toInviteeJson, toInviterStatsJson } from '../../db/invitations';
import { findUser } from '../../db/users';
import type { ApiDeps } from '../deps';
import { notFound } from '../errors';
import { allow } from '../middleware/auth';
import { validate } from '../middleware/validate';

/** Spec part 2 §3 "Invitation": the user's code and link and the people who registered with it; admin statistics. */
export function invitationRoutes({ db }: ApiDeps): Router {
  const invitees = async (inviterId: string, query: InviteeQuery, lang: Lang) => {
    const page = await inviteesPage(db, inviterId, query);
    return { invitees: page.rows.map((r) => toInviteeJson(r, lang)), total: page.total, next: page.next };
  };

  return new Router()
    .get('/api/invitations', allow('user'), validate(inviteeQuerySchema, 'query'), async (ctx) => {
      const lang: Lang = ctx.state.lang;
      const code = (await inviteCodeOf(db, ctx.state.user.id))!;
      ctx.body = { code, link: invitationLink(lang, code), ...(await invitees(ctx.state.user.id, ctx.state.input, lang)) };
    })
    .post('/api/invitations/code', allow('user'), async (ctx) => {
      const code = await regenerateInviteCode(db, ctx.state.user.id);
      ctx.body = { code, link: invitationLink(ctx.state.lang, code) };
    })
    .get('/api/admin/invitations/stats', allow('admin'), validate(invitationStatsQuerySchema, 'query'), async (ctx) => {
      const { rows, totals, next } = await invitationStats(db, ctx.state.input);
      ctx.body = { items: rows.map(toInviterStatsJson), totals, next };
    })
    .get('/api/admin/invitations/:userId', allow('admin'), validate(inviteeQuerySchema, 'query'), async (ctx) => {
      const inviter = await findUser(db, ctx.params.userId);
      if (!inviter) throw notFound();
      ctx.body = {
        inviter: { id: inviter.id, username: inviter.username, displayName: inviter.display_name, code: inviter.invite_code },
        ...(await invitees(inviter.id, ctx.state.input, ctx.state.lang)),
      };
    });
}
