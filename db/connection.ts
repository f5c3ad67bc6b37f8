import knex, { Knex } from 'knex';

let shared: Knex | undefined;

export function createDb(url = process.env.DATABASE_URL, pool = { min: 0, max: 10 }): Knex {
  if (!url) throw new Error('DATABASE_URL is not set (npm start sets it for the embedded Postgres)');
  return knex({ client: 'pg', connection: url, pool });
}

/** The process-wide pool: one per API or worker process. */
export function db(): Knex {
  shared ??= createDb();
  return shared;
}

export async function closeDb(): Promise<void> {
  await shared?.destroy();
  shared = undefined;
}
