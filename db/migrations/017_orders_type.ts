import type { Knex } from 'knex';

/** The back office's order list filters by order type (ipAuthOrder: the trades' service-fee orders), newest first. */
export async function up(k: Knex): Promise<void> {
  await k.raw('create index orders_type on orders (type, created_at desc, id)');
}

export async function down(k: Knex): Promise<void> {
  await k.raw('drop index if exists orders_type');
}
