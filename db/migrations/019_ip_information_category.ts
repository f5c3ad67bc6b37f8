import type { Knex } from 'knex';

/** The back office's IP information list filters by IP category, newest listing first. */
export async function up(k: Knex): Promise<void> {
  await k.raw('create index ip_listings_category on ip_listings (category, listed_at desc, id)');
}

export async function down(k: Knex): Promise<void> {
  await k.raw('drop index if exists ip_listings_category');
}
