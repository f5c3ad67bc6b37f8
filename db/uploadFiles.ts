import { rm } from 'node:fs/promises';
import path from 'node:path';

/** Where uploaded files live (UPLOAD_DIR, else .data/uploads): shared by the API and the workers. */
export const uploadDir = (env: NodeJS.ProcessEnv = process.env) => env.UPLOAD_DIR ?? path.resolve(__dirname, '..', '.data', 'uploads');

/** Removes stored files by their storage keys; a file already gone is fine (retries). */
export async function removeUploadFiles(keys: string[], dir = uploadDir()): Promise<void> {
  await Promise.all(keys.map((key) => rm(path.join(dir, path.basename(key)), { force: true })));
}
