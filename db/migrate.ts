import type { Knex } from 'knex';
import * as foundation from './migrations/001_foundation';

/** Migrations are imported, not globbed, so they run the same under tsx, jest and a bundle. */
const MIGRATIONS: Record<string, Knex.Migration> = { '001_foundation': foundation };

const source: Knex.MigrationSource<string> = {
  getMigrations: async () => Object.keys(MIGRATIONS).sort(),
  getMigrationName: (name) => name,
  getMigration: async (name) => MIGRATIONS[name],
};

export async function migrate(k: Knex): Promise<void> {
  await k.migrate.latest({ migrationSource: source });
}
