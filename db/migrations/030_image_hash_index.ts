import type { Knex } from 'knex';

/** 16-bit chunks of the 32-byte hash: chunk i = bytes 2i and 2i+1, big-endian (db/imageHashes.ts reads them so). */
const PDQ_CHUNKS = 16;

/**
 * Near-duplicate look-up of crawled images by PDQ hash (issue 15), by multi-index hashing
 * (db/imageHashes.ts): a hash is cut into 16 chunks of 16 bits, each a generated column with its own
 * btree index. Two hashes within Hamming distance r have some chunk within ⌊r/16⌋ bits of each other
 * (pigeonhole), so a look-up probes each chunk's index for the few values that close and checks the
 * exact distance of those candidates only — a handful of index probes instead of a scan of every row.
 *
 * The chunks are generated (stored) columns: every write of crawl_images.pdq — the signer's UPDATE,
 * an INSERT with a hash — is indexed by Postgres itself, nobody has to remember to. The indexes are
 * partial (chunk not null) so images not signed yet cost nothing in them; a look-up's `chunk = any(…)`
 * implies the predicate, so the planner uses them. A hash must be 32 bytes: the chunks of any other length are
 * null (get_byte would fail with an obscure error first) and the constraint refuses it by name.
 */
export async function up(k: Knex): Promise<void> {
  await k.raw('alter table crawl_images add constraint crawl_images_pdq_length check (pdq is null or octet_length(pdq) = 32)');
  const columns = Array.from({ length: PDQ_CHUNKS }, (_, i) => `add column pdq_c${i} integer generated always as (case when octet_length(pdq) = 32 then (get_byte(pdq, ${2 * i}) << 8) | get_byte(pdq, ${2 * i + 1}) end) stored`);
  await k.raw(`alter table crawl_images ${columns.join(', ')}`);
  for (let i = 0; i < PDQ_CHUNKS; i++) await k.raw(`create index crawl_images_pdq_c${i} on crawl_images (pdq_c${i}) where pdq_c${i} is not null`);
}

export async function down(k: Knex): Promise<void> {
  await k.raw(`alter table crawl_images ${Array.from({ length: PDQ_CHUNKS }, (_, i) => `drop column if exists pdq_c${i}`).join(', ')}`);
  await k.raw('alter table crawl_images drop constraint if exists crawl_images_pdq_length');
}
