import type { Knex } from 'knex';

/**
 * An order's and an inbox task's IP names in every language the user entered (domain/ipNames.ts),
 * so bills, the sandbox checkout and inbox titles read in the reader's language. Orders and tasks of
 * title registrations made before get theirs from the registration.
 */
export async function up(k: Knex): Promise<void> {
  await k.schema.alterTable('orders', (t) => t.jsonb('names').nullable());
  await k.schema.alterTable('tasks', (t) => t.jsonb('titles').nullable());
  await k.raw(`
    update orders o set names = jsonb_build_object('zh', r.ip_name_zh, 'en', r.ip_name_en, 'ja', r.ip_name_ja)
      from title_registrations r where o.subject_kind = 'titleRegistration' and r.id::text = o.subject_id::text`);
}

export async function down(k: Knex): Promise<void> {
  await k.schema.alterTable('tasks', (t) => t.dropColumn('titles'));
  await k.schema.alterTable('orders', (t) => t.dropColumn('names'));
}
