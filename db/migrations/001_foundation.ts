import type { Knex } from 'knex';

export async function up(k: Knex): Promise<void> {
  await k.raw('create extension if not exists pgcrypto');

  await k.schema.createTable('users', (t) => {
    t.uuid('id').primary().defaultTo(k.raw('gen_random_uuid()'));
    t.string('username', 64).notNullable().unique();
    t.string('display_name', 100).notNullable();
    t.text('password_hash').notNullable();
    t.string('kind', 16).nullable(); // personal | enterprise; null for staff
    t.specificType('roles', 'text[]').notNullable();
    t.string('status', 16).notNullable().defaultTo('active'); // active | frozen | cancelled
    t.string('locale', 8).notNullable().defaultTo('zh-CN');
    t.timestamps(true, true);
  });

  await k.schema.createTable('sessions', (t) => {
    t.string('token_hash', 64).primary();
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE').index();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(k.fn.now());
    t.timestamp('expires_at', { useTz: true }).notNullable();
  });

  await k.schema.createTable('uploads', (t) => {
    t.uuid('id').primary().defaultTo(k.raw('gen_random_uuid()'));
    t.uuid('owner_id').notNullable().references('users.id').index();
    t.string('kind', 32).notNullable();
    t.string('mime', 128).notNullable();
    t.string('ext', 16).notNullable();
    t.bigInteger('size').notNullable();
    t.integer('width').nullable();
    t.integer('height').nullable();
    t.string('original_name', 255).notNullable();
    t.string('storage_key', 255).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(k.fn.now());
  });

  await k.schema.createTable('identity_certifications', (t) => {
    t.uuid('id').primary().defaultTo(k.raw('gen_random_uuid()'));
    t.uuid('user_id').notNullable().unique().references('users.id');
    t.string('kind', 16).notNullable();
    t.smallint('state').notNullable(); // domain IDENTITY_STATE
    t.jsonb('data').notNullable();
    t.jsonb('flags').nullable(); // field -> reason, from the last failed review
    t.integer('round').notNullable().defaultTo(1);
    t.string('workflow_id', 200).notNullable();
    t.timestamp('submitted_at', { useTz: true }).notNullable().defaultTo(k.fn.now());
    t.timestamp('decided_at', { useTz: true }).nullable();
  });

  await k.schema.createTable('tasks', (t) => {
    t.string('id', 200).primary(); // derived from the workflow id and round: idempotent creation
    t.string('queue', 32).notNullable();
    t.string('candidate_role', 32).notNullable();
    t.string('case_kind', 64).notNullable();
    t.string('case_id', 100).notNullable();
    t.string('workflow_id', 200).notNullable();
    t.string('step', 64).notNullable();
    t.string('title', 300).notNullable();
    t.uuid('subject_user_id').nullable();
    t.string('status', 16).notNullable(); // open | claimed | done | cancelled
    t.uuid('assignee_id').nullable().references('users.id');
    t.string('assignee_name', 100).nullable();
    t.timestamp('due_at', { useTz: true }).notNullable();
    t.boolean('due_provisional').notNullable().defaultTo(false);
    t.smallint('sla_working_days').notNullable();
    t.timestamp('escalated_at', { useTz: true }).nullable();
    t.jsonb('decision').nullable();
    t.uuid('decided_by').nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(k.fn.now());
    t.timestamp('completed_at', { useTz: true }).nullable();
  });
  // Inbox pages: keyset on (due_at, id) within a status set, optionally per queue / assignee.
  await k.raw('create index tasks_status_due on tasks (status, due_at, id)');
  await k.raw('create index tasks_queue_status_due on tasks (queue, status, due_at, id)');
  await k.raw('create index tasks_assignee_due on tasks (assignee_id, due_at, id) where assignee_id is not null');
  await k.raw("create index tasks_open_due on tasks (due_at, id) where status in ('open','claimed')");
  await k.raw('create index tasks_case on tasks (case_kind, case_id)');

  await k.schema.createTable('case_events', (t) => {
    t.bigIncrements('id');
    t.string('event_key', 250).notNullable().unique(); // workflow id + sequence: idempotent recording
    t.string('case_kind', 64).notNullable();
    t.string('case_id', 100).notNullable();
    t.string('step', 64).notNullable();
    t.string('status', 16).notNullable();
    t.string('actor', 16).notNullable(); // user | staff | system
    t.string('actor_name', 100).nullable();
    t.timestamp('at', { useTz: true }).notNullable();
    t.timestamp('due_at', { useTz: true }).nullable();
    t.boolean('due_provisional').notNullable().defaultTo(false);
    t.jsonb('reasons').nullable();
  });
  await k.raw('create index case_events_case on case_events (case_kind, case_id, id)');

  await k.schema.createTable('messages', (t) => {
    t.bigIncrements('id');
    t.string('dedupe_key', 250).notNullable().unique();
    t.uuid('user_id').notNullable().references('users.id');
    t.string('title_key', 100).notNullable(); // catalog key: a message reads in the reader's language
    t.jsonb('params').notNullable().defaultTo('{}');
    t.string('action_link', 300).nullable();
    t.string('sender', 64).notNullable().defaultTo('system');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(k.fn.now());
    t.timestamp('read_at', { useTz: true }).nullable();
  });
  await k.raw('create index messages_user on messages (user_id, id desc)');
  await k.raw('create index messages_unread on messages (user_id) where read_at is null');

  // Working-day calendar: official years from the State Council, editable by admins.
  await k.schema.createTable('calendar_years', (t) => {
    t.integer('year').primary();
    t.string('source', 32).notNullable(); // package | admin
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(k.fn.now());
  });
  await k.schema.createTable('calendar_days', (t) => {
    t.date('day').primary();
    t.integer('year').notNullable().references('calendar_years.year').onDelete('CASCADE').index();
    t.string('kind', 16).notNullable(); // holiday | workday (an adjusted working weekend)
    t.string('name', 64).notNullable();
  });
}

export async function down(k: Knex): Promise<void> {
  for (const table of ['calendar_days', 'calendar_years', 'messages', 'case_events', 'tasks', 'identity_certifications', 'uploads', 'sessions', 'users']) {
    await k.schema.dropTableIfExists(table);
  }
}
