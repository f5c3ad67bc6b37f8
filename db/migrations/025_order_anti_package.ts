import type { Knex } from 'knex';

/**
 * The order field antiPackage (part 2 §3: capacity, capacityUnit) of an anti-counterfeit package
 * order, kept as the package was when ordered (names, capacity, unit, validity, price, its id): staff
 * may edit or withdraw the package while the order waits for money, and the grant a paid order gives
 * is made from this copy, not from the package's row.
 */
export async function up(k: Knex): Promise<void> {
  await k.schema.alterTable('orders', (t) => t.jsonb('anti_package').nullable());
  // A buyer's open order for a package is found again rather than a second one made (capacity purchase).
  await k.raw("create index orders_open_anti_package on orders (user_id, (anti_package->>'packageId')) where anti_package is not null and order_state = 0");
}

export async function down(k: Knex): Promise<void> {
  await k.raw('drop index if exists orders_open_anti_package');
  await k.schema.alterTable('orders', (t) => t.dropColumn('anti_package'));
}
