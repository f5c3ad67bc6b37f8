import type { Knex } from 'knex';

/**
 * The store of rate-limiter-flexible's Postgres limiter (log-in brute-force protection, db/loginLimits.ts):
 * its own schema (key, points, expire as epoch milliseconds), created here so that the limiter never
 * issues DDL at run time.
 */
export async function up(k: Knex): Promise<void> {
  await k.schema.createTable('login_limits', (t) => {
    t.string('key', 255).primary();
    t.integer('points').notNullable().defaultTo(0);
    t.bigInteger('expire').nullable();
  });
  // The limiter deletes rows that expired an hour ago every five minutes.
  await k.raw('create index login_limits_expire on login_limits (expire)');
}

export async function down(k: Knex): Promise<void> {
  await k.schema.dropTable('login_limits');
}
