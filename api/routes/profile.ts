import Router from '@koa/router';
import { profileSchema, type ProfileContext, type ProfileInput } from '../../domain/profile';
import { duplicateField } from '../../db/accounts';
import { findProfile, toProfileJson, updateProfile, usernameTaken } from '../../db/profile';
import { findUpload } from '../../db/uploads';
import type { ApiDeps } from '../deps';
import { badRequest, HttpError } from '../errors';
import { allow } from '../middleware/auth';
import { checkInput } from '../../domain/validation/rules';

const usernameConflict = () => new HttpError(409, 'conflict', 'validation.usernameTaken', {}, { username: { key: 'validation.usernameTaken' } });

export function profileRoutes({ db }: ApiDeps): Router {
  return new Router()
    .get('/api/profile', allow('user', 'reviewer', 'admin'), async (ctx) => {
      ctx.body = { profile: await toProfileJson(db, (await findProfile(db, ctx.state.user.id))!) };
    })
    .put('/api/profile', allow('user', 'reviewer', 'admin'), async (ctx) => {
      const userId: string = ctx.state.user.id;
      const context: ProfileContext = { currentUsername: ctx.state.user.username };
      const input: ProfileInput = await checkInput(profileSchema, ctx.request.body ?? {}, { context });
      if (input.avatarUploadId) {
        const upload = await findUpload(db, input.avatarUploadId);
        if (!upload || upload.owner_id !== userId) throw badRequest({ avatarUploadId: { key: 'upload.notOwner' } });
        if (upload.kind !== 'avatar') throw badRequest({ avatarUploadId: { key: 'upload.wrongKind', params: { kind: 'avatar' } } });
      }
      if (await usernameTaken(db, input.username, userId)) throw usernameConflict();
      try {
        await updateProfile(db, userId, input);
      } catch (err) {
        // Two accounts taking the same name at once: the unique index decides, the loser gets the field error.
        if (duplicateField((err as { constraint?: string }).constraint) === 'username') throw usernameConflict();
        throw err;
      }
      ctx.body = { profile: await toProfileJson(db, (await findProfile(db, userId))!) };
    });
}
