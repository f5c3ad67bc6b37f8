import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { siteOrigin } from '../api/lib/siteOrigin';
import { openStore, type ObjectStore } from './index';

/** Where the disk store keeps files (UPLOAD_DIR, else .data/uploads): the same folder for the API and the workers. */
export const uploadDir = (env: NodeJS.ProcessEnv = process.env) => env.UPLOAD_DIR ?? path.resolve(__dirname, '..', '.data', 'uploads');

/**
 * The platform's one store, the same in the API and the workers: STORAGE_URL when set (S3-compatible
 * storage past one machine), else the disk store over UPLOAD_DIR (storage/index.ts openStore).
 * Disk-signed download addresses (/api/files/…) are checked with STORAGE_SIGNING_SECRET, which every
 * API process must share when downloads redirect; unset, each process draws its own.
 */
export function appStore(env: NodeJS.ProcessEnv = process.env): ObjectStore {
  return openStore({
    storageUrl: env.STORAGE_URL || undefined,
    diskRoot: uploadDir(env),
    publicBase: siteOrigin(env),
    signingSecret: storageSigningSecret(env),
  });
}

let processSecret: string | undefined;
export function storageSigningSecret(env: NodeJS.ProcessEnv = process.env): string {
  return env.STORAGE_SIGNING_SECRET || (processSecret ??= randomBytes(32).toString('base64url'));
}

/** How the API hands out a file it has allowed someone to read. */
export interface DownloadConfig {
  /** true: answer 302 to a short-lived signed address of the store; false: stream it through the API. */
  redirect: boolean;
  /** How long such an address works. */
  ttlSeconds: number;
}

/** STORAGE_DOWNLOADS=redirect|stream (stream by default), STORAGE_URL_TTL seconds (300 by default). */
export function downloadConfig(env: NodeJS.ProcessEnv = process.env): DownloadConfig {
  return { redirect: env.STORAGE_DOWNLOADS === 'redirect', ttlSeconds: Number(env.STORAGE_URL_TTL || 300) };
}

/** Why this storage configuration cannot work, checked before a process starts serving. */
export function storageProblems(env: NodeJS.ProcessEnv = process.env): string[] {
  const problems: string[] = [];
  try {
    appStore(env);
  } catch (err) {
    problems.push((err as Error).message);
  }
  if (env.STORAGE_DOWNLOADS && !['redirect', 'stream'].includes(env.STORAGE_DOWNLOADS)) problems.push(`STORAGE_DOWNLOADS must be redirect or stream, not ${env.STORAGE_DOWNLOADS}`);
  const ttl = Number(env.STORAGE_URL_TTL || 300);
  if (!Number.isInteger(ttl) || ttl < 10 || ttl > 86400) problems.push('STORAGE_URL_TTL must be a whole number of seconds between 10 and 86400');
  if (env.NODE_ENV === 'production' && env.STORAGE_DOWNLOADS === 'redirect' && !env.STORAGE_URL && !env.STORAGE_SIGNING_SECRET) {
    problems.push('STORAGE_SIGNING_SECRET must be set when downloads redirect to the disk store in production: every API process must check the same signatures');
  }
  return problems;
}
