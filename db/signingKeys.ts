import type { Knex } from 'knex';

/** Published public keys of the certificate signatures (table signing_keys); the private keys stay with the workers. */

export interface PublishedKey {
  keyId: string;
  publicPem: string;
  createdAt: string;
}

/** Idempotent: a key is published once and never changed or removed. */
export async function publishKey(k: Knex, keyId: string, publicPem: string): Promise<void> {
  await k('signing_keys').insert({ key_id: keyId, public_pem: publicPem }).onConflict('key_id').ignore();
}

const toJson = (r: { key_id: string; public_pem: string; created_at: Date }): PublishedKey => ({
  keyId: r.key_id,
  publicPem: r.public_pem,
  createdAt: r.created_at.toISOString(),
});

/** Every published key, newest first (a handful of rows: one per key rotation). */
export async function publishedKeys(k: Knex): Promise<PublishedKey[]> {
  return (await k('signing_keys').orderBy([{ column: 'created_at', order: 'desc' }, { column: 'key_id' }])).map(toJson);
}

/** The key new certificates are signed with: the one published last. */
export async function currentKey(k: Knex): Promise<PublishedKey | undefined> {
  const row = await k('signing_keys').orderBy([{ column: 'created_at', order: 'desc' }, { column: 'key_id' }]).first();
  return row && toJson(row);
}

export async function keyById(k: Knex, keyId: string): Promise<PublishedKey | undefined> {
  const row = await k('signing_keys').where({ key_id: keyId }).first();
  return row && toJson(row);
}
