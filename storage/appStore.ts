import { randomBytes } from 'node:crypto';
import { diskStore } from './disk';
import type { ObjectStore } from './store';

/**
 * The store the API reads files from: the disk store over UPLOAD_DIR, where every file is written
 * today (an upload is the object under its storage key). STORAGE_URL is honoured once every writer
 * goes through the store too (issue 13); disk-signed addresses need STORAGE_SIGNING_SECRET shared by
 * all API processes then, so none are handed out yet and a per-process secret is enough.
 */
export function appStore(uploadDir: string, env: NodeJS.ProcessEnv = process.env): ObjectStore {
  return diskStore({
    root: uploadDir,
    publicBase: env.PUBLIC_BASE_URL ?? `http://localhost:${env.PORT ?? 3000}`,
    signingSecret: env.STORAGE_SIGNING_SECRET ?? randomBytes(32).toString('base64url'),
  });
}
