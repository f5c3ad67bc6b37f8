import type { Knex } from 'knex';

/**
 * The certificates the platform signs content credentials (C2PA manifests on watermarked copies,
 * issue 14) with. Workers hold the private keys (watermark/credentialsKey.ts) and publish each
 * signer certificate here the first time they sign; the identification page recognises a manifest
 * as the platform's when its signer's certificate is one of these — anyone can make a valid C2PA
 * manifest that calls itself "IPCI platform". Looked up by its primary key only: no other index.
 */
export async function up(k: Knex): Promise<void> {
  await k.schema.createTable('c2pa_certificates', (t) => {
    t.string('sha256', 64).primary(); // of the certificate's DER
    t.text('pem').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(k.fn.now());
  });
}

export async function down(k: Knex): Promise<void> {
  await k.schema.dropTableIfExists('c2pa_certificates');
}
