import type { Knex } from 'knex';

/** Accounts and messages: contacts and profile, codes, the outbox, cancellations, roles' UI elements. */
export async function up(k: Knex): Promise<void> {
  await k.schema.alterTable('users', (t) => {
    t.string('email', 254).nullable();
    t.string('phone', 20).nullable();
    t.date('birth_date').nullable();
    t.string('gender', 8).nullable(); // male | female | undisclosed
    t.text('introduction').nullable();
    t.string('country', 8).nullable(); // ISO 3166 alpha-2, as domain/countries
    t.string('province', 64).nullable();
    t.string('city', 64).nullable();
    t.string('address', 200).nullable();
    t.uuid('avatar_upload_id').nullable().references('uploads.id');
    t.string('invite_code', 16).nullable().unique();
    t.uuid('invited_by').nullable().references('users.id');
    // Spec part 1 §3: the user info's "special" list; `develop` flags an administrator.
    t.specificType('special', 'text[]').notNullable().defaultTo('{}');
    t.timestamp('last_login_at', { useTz: true }).nullable();
    t.timestamp('password_changed_at', { useTz: true }).nullable();
    t.text('frozen_reason').nullable();
    t.timestamp('cancelled_at', { useTz: true }).nullable();
    // Legal statements: records kept to the end of the third year after the last login.
    t.date('retain_until').nullable();
  });
  // Log-in and duplicate checks compare contacts case-insensitively; a cancelled account frees them.
  await k.raw("create unique index users_email on users (lower(email)) where email is not null");
  await k.raw('create unique index users_phone on users (phone) where phone is not null');
  await k.raw('create unique index users_username_lower on users (lower(username))');
  await k.raw('create index users_invited_by on users (invited_by, created_at desc) where invited_by is not null');
  await k.raw('create index users_created on users (created_at desc, id)');
  // Eight hex characters: easy to type from a poster, 4 billion values; the unique index catches a clash.
  await k.raw("alter table users alter column invite_code set default upper(substr(encode(gen_random_bytes(4), 'hex'), 1, 8))");
  await k.raw("update users set invite_code = upper(substr(encode(gen_random_bytes(4), 'hex'), 1, 8)) where invite_code is null");
  await k.raw('alter table users alter column invite_code set not null');

  await k.schema.alterTable('sessions', (t) => {
    t.uuid('id').notNullable().defaultTo(k.raw('gen_random_uuid()')).unique(); // public id: list and revoke
    t.string('user_agent', 300).nullable();
    t.string('ip', 64).nullable();
    t.timestamp('last_seen_at', { useTz: true }).notNullable().defaultTo(k.fn.now());
  });

  await k.schema.createTable('verification_codes', (t) => {
    t.uuid('id').primary().defaultTo(k.raw('gen_random_uuid()'));
    t.string('purpose', 32).notNullable(); // domain/verification CODE_PURPOSES
    t.string('channel', 8).notNullable(); // email | sms
    t.string('address', 254).notNullable(); // normalised e-mail or phone
    t.string('code_hash', 64).notNullable();
    t.uuid('user_id').nullable().references('users.id').onDelete('CASCADE');
    t.smallint('attempts').notNullable().defaultTo(0);
    t.string('ip', 64).nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(k.fn.now());
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('consumed_at', { useTz: true }).nullable();
  });
  await k.raw('create index verification_codes_address on verification_codes (address, purpose, created_at desc)');
  await k.raw('create index verification_codes_ip on verification_codes (ip, created_at desc)');

  await k.schema.createTable('outbox', (t) => {
    t.bigIncrements('id');
    t.string('channel', 8).notNullable(); // email | sms
    t.string('recipient', 254).notNullable();
    t.string('subject', 300).notNullable();
    t.text('body').notNullable();
    t.string('purpose', 32).nullable();
    t.string('transport', 8).notNullable(); // outbox (kept locally) | smtp
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(k.fn.now());
    t.timestamp('sent_at', { useTz: true }).nullable();
    t.text('error').nullable();
  });
  await k.raw('create index outbox_recipient on outbox (recipient, id desc)');

  await k.schema.createTable('account_cancellations', (t) => {
    t.uuid('id').primary().defaultTo(k.raw('gen_random_uuid()'));
    t.uuid('user_id').notNullable().references('users.id');
    t.text('reason').notNullable();
    t.string('status', 16).notNullable(); // pending | approved | rejected | withdrawn
    t.string('workflow_id', 200).notNullable();
    t.timestamp('requested_at', { useTz: true }).notNullable().defaultTo(k.fn.now());
    t.timestamp('decided_at', { useTz: true }).nullable();
    t.uuid('decided_by').nullable().references('users.id');
    t.text('decision_comment').nullable();
  });
  await k.raw("create unique index account_cancellations_pending on account_cancellations (user_id) where status = 'pending'");
  await k.raw('create index account_cancellations_requested on account_cancellations (requested_at desc, id)');

  // Spec part 1 §6: which UI elements a role may use; seeded from domain/permissions, admin-editable.
  await k.schema.createTable('role_elements', (t) => {
    t.string('role', 32).notNullable();
    t.string('element_id', 100).notNullable();
    t.primary(['role', 'element_id']);
  });

  await k.schema.alterTable('messages', (t) => {
    t.string('kind', 16).notNullable().defaultTo('system'); // system | message
    t.string('body_key', 100).nullable();
    t.string('title', 300).nullable(); // free text of a message written by staff
    t.text('content').nullable();
    t.string('remark', 300).nullable();
    t.timestamp('deleted_at', { useTz: true }).nullable();
  });
  await k.raw('alter table messages alter column title_key drop not null');
  await k.raw('drop index messages_unread');
  await k.raw('create index messages_unread on messages (user_id) where read_at is null and deleted_at is null');
  await k.raw('drop index messages_user');
  await k.raw('create index messages_user on messages (user_id, id desc) where deleted_at is null');
  await k.raw('create index messages_user_kind on messages (user_id, kind, id desc) where deleted_at is null');
}

export async function down(): Promise<void> {
  throw new Error('002_accounts is not reversible');
}
