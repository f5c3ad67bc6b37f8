import type { Knex } from 'knex';
import { listingFacts } from '../../domain/catalogue';

/**
 * The public IP catalogue (issue 11): listings published before it get what the search reads
 * (holder, exclusivity, sublicensing, term, search tokens), and each sort of the list gets an index
 * in the order it pages in — key and id both descending, so a keyset cursor `(key, id) < (…)` is an
 * index condition even among thousands of ties (most listings share a search count of 0 and a
 * rating of 0). They replace 011's (key desc, id asc) indexes, which could not serve that. The
 * listing's rating follows the evaluations its buyers give (a trigger).
 */
export async function up(k: Knex): Promise<void> {
  await k.raw('drop index if exists ip_listings_popular');
  await k.raw('drop index if exists ip_listings_rated');
  await k.raw('create index ip_listings_newest on ip_listings (listed_at desc, id desc) where listed');
  await k.raw('create index ip_listings_popular on ip_listings (search_count desc, id desc) where listed');
  await k.raw('create index ip_listings_rated on ip_listings (rating_avg desc, id desc) where listed');
  // Code searches ask for codes starting with what was typed: a btree range whatever the collation.
  await k.raw('create index ipcis_code_prefix on ipcis (code text_pattern_ops)');

  // An IP's rating is what its buyers gave in evaluations of its completed trades (the seller's
  // evaluation of a buyer is about the buyer). Kept on the listing for the "best rated" sort by a
  // trigger, so every writer of evaluations keeps it without having to remember.
  await k.raw(`
    create function ip_listings_rating() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' and new.side = 'buyer' then
        update ip_listings set rating_count = rating_count + 1, rating_sum = rating_sum + new.stars where ipci_id = new.ipci_id;
      elsif tg_op = 'DELETE' and old.side = 'buyer' then
        update ip_listings set rating_count = rating_count - 1, rating_sum = rating_sum - old.stars where ipci_id = old.ipci_id;
      end if;
      return null;
    end $$`);
  await k.raw('create trigger evaluations_listing_rating after insert or delete on evaluations for each row execute function ip_listings_rating()');
  await k.raw(`
    update ip_listings l set rating_count = e.n, rating_sum = e.total
      from (select ipci_id, count(*) as n, sum(stars) as total from evaluations where side = 'buyer' group by ipci_id) e
     where e.ipci_id = l.ipci_id`);

  const rows = await k('ip_listings as l')
    .join('ipcis as i', 'i.id', 'l.ipci_id')
    .join('title_registrations as r', 'r.id', 'i.registration_id')
    .select<Array<{ id: string; code: string; holder: string; ip_name_zh: string; ip_name_en: string; ip_name_ja: string; data: Record<string, unknown> }>>(
      'l.id',
      'i.code',
      'i.holder',
      'i.ip_name_zh',
      'i.ip_name_en',
      'i.ip_name_ja',
      'r.data',
    );
  for (const row of rows) {
    const f = listingFacts({ code: row.code, holder: row.holder, names: { zh: row.ip_name_zh, en: row.ip_name_en, ja: row.ip_name_ja } }, row.data);
    await k.raw('update ip_listings set holder = ?, exclusive = ?, sublicensing = ?, term_type = ?, search_vector = array_to_tsvector(?::text[]) where id = ?', [
      f.holder,
      f.exclusive,
      f.sublicensing,
      f.termType,
      f.tokens,
      row.id,
    ]);
  }
}

export async function down(k: Knex): Promise<void> {
  await k.raw('drop trigger if exists evaluations_listing_rating on evaluations');
  await k.raw('drop function if exists ip_listings_rating()');
  for (const index of ['ip_listings_newest', 'ip_listings_popular', 'ip_listings_rated', 'ipcis_code_prefix']) await k.raw(`drop index if exists ${index}`);
  await k.raw('create index ip_listings_popular on ip_listings (search_count desc, id) where listed');
  await k.raw('create index ip_listings_rated on ip_listings (rating_avg desc, id) where listed');
}
