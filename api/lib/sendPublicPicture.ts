import type { Context } from 'koa';
import type { ApiDeps } from '../deps';
import { sendObject } from './sendObject';

/**
 * Hands out a stored picture of a public page (a catalogue IP's, a listed law firm's) to anyone. The
 * cache is short so a picture whose IP is taken down or whose firm is suspended stops being served
 * within a minute.
 */
export function sendPublicPicture(ctx: Context, files: Pick<ApiDeps, 'store' | 'downloads'>, file: { mime: string; storage_key: string }): Promise<void> {
  return sendObject(ctx, files, file.storage_key, { mime: file.mime, cache: 'public, max-age=60' });
}
