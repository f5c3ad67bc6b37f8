import type { Knex } from 'knex';

/** Signer certificates of the platform's content credentials (table c2pa_certificates, migration 027). */

/** Idempotent: a certificate is published once and never changed or removed (old copies stay recognised). */
export async function publishC2paCertificate(k: Knex, sha256: string, pem: string): Promise<void> {
  await k('c2pa_certificates').insert({ sha256, pem }).onConflict('sha256').ignore();
}

/** Whether `sha256` names a certificate the platform signed with. */
export async function isPlatformC2paCertificate(k: Knex, sha256: string): Promise<boolean> {
  return !!(await k('c2pa_certificates').where({ sha256 }).first('sha256'));
}
