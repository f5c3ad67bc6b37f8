import type { Knex } from 'knex';

/**
 * Rights confirmation (issue 4): wizard drafts, title registrations, orders and payments, issued
 * IPCIs with their certificate files, licensing-section listings and paper-certificate requests.
 * Every list a user or staff member pages through has a (owner, time desc, id) index for keyset paging.
 */
export async function up(k: Knex): Promise<void> {
  // Serials are never reused: a sequence hands out each number once, even when a transaction rolls back.
  await k.raw('create sequence ipci_serial_seq minvalue 1 maxvalue 9999999 no cycle');
  await k.raw('create sequence order_serial_seq minvalue 1 no cycle');

  await k.schema.createTable('title_drafts', (t) => {
    t.uuid('id').primary().defaultTo(k.raw('gen_random_uuid()'));
    t.uuid('user_id').notNullable().references('users.id');
    t.jsonb('data').notNullable().defaultTo('{}');
    t.string('step', 32).notNullable().defaultTo('notice');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(k.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(k.fn.now());
  });
  await k.raw('create index title_drafts_user on title_drafts (user_id, updated_at desc, id)');

  await k.schema.createTable('title_registrations', (t) => {
    // The draft's id: submitting the same draft twice names the same registration and workflow.
    t.uuid('id').primary();
    t.uuid('user_id').notNullable().references('users.id');
    t.string('mode', 16).notNullable(); // domain REGISTRATION_MODES
    t.string('state', 32).notNullable(); // domain REGISTRATION_STATES
    t.jsonb('data').notNullable();
    t.jsonb('flags').nullable(); // field -> reason, from the last failed review
    t.string('failure_reason', 32).nullable(); // domain FAILURE_REASONS
    t.integer('round').notNullable().defaultTo(1);
    t.string('ip_name_zh', 200).notNullable(); // copied out of data for lists and search
    t.string('ip_name_en', 200).notNullable();
    t.string('ip_name_ja', 200).notNullable();
    t.string('workflow_id', 200).notNullable();
    t.uuid('current_order_id').nullable();
    t.uuid('ipci_id').nullable();
    t.timestamp('submitted_at', { useTz: true }).notNullable().defaultTo(k.fn.now());
    t.timestamp('decided_at', { useTz: true }).nullable();
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(k.fn.now());
  });
  await k.raw('create index title_registrations_user on title_registrations (user_id, submitted_at desc, id)');
  await k.raw('create index title_registrations_user_state on title_registrations (user_id, state, submitted_at desc, id)');

  // Fee table of the certification fee, per IPCI kind (domain FeeTable), editable by admins.
  await k.schema.createTable('fee_table', (t) => {
    t.string('kind', 32).primary();
    t.bigInteger('amount_fen').notNullable();
    t.uuid('updated_by').nullable();
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(k.fn.now());
  });

  await k.schema.createTable('orders', (t) => {
    t.uuid('id').primary().defaultTo(k.raw('gen_random_uuid()'));
    t.string('order_no', 32).notNullable().unique(); // domain makeOrderNumber
    t.string('dedupe_key', 200).notNullable().unique(); // the creating workflow's key: a retried activity creates one order
    t.uuid('user_id').notNullable().references('users.id');
    t.string('type', 32).notNullable(); // domain ORDER_TYPES
    t.string('subject_kind', 64).notNullable(); // e.g. titleRegistration
    t.string('subject_id', 100).notNullable();
    t.string('name', 300).notNullable();
    t.string('counterpart', 200).notNullable().defaultTo('');
    t.bigInteger('amount').notNullable(); // fen
    t.bigInteger('preferential_amount').notNullable().defaultTo(0); // fen
    t.smallint('order_state').notNullable(); // domain ORDER_STATE
    t.string('direction', 16).notNullable().defaultTo('spending'); // domain BILL_DIRECTIONS
    t.string('pay_method', 16).nullable(); // domain PAY_METHODS
    t.string('provider', 32).nullable();
    t.string('provider_trade_no', 100).nullable();
    t.jsonb('remittance').nullable(); // the last remittance submitted (domain remittanceSchema)
    t.jsonb('remittance_flags').nullable(); // field -> reason, from a rejected remittance
    t.string('workflow_id', 200).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(k.fn.now());
    t.timestamp('deadline_at', { useTz: true }).notNullable();
    t.timestamp('paid_at', { useTz: true }).nullable();
    t.timestamp('completed_at', { useTz: true }).nullable();
    t.timestamp('cancelled_at', { useTz: true }).nullable();
  });
  await k.raw('create index orders_user on orders (user_id, created_at desc, id)');
  await k.raw('create index orders_user_state on orders (user_id, order_state, created_at desc, id)');
  await k.raw('create index orders_all on orders (created_at desc, id)');
  // The bill list's and admin list's filters (bill type; bill state = a set of order states).
  await k.raw('create index orders_user_direction on orders (user_id, direction, created_at desc, id)');
  await k.raw('create index orders_state on orders (order_state, created_at desc, id)');
  await k.raw('create index orders_subject on orders (subject_kind, subject_id)');
  // At most one order waiting for money per thing bought.
  await k.raw('create unique index orders_open_subject on orders (subject_kind, subject_id) where order_state in (0, 4)');

  // One row per payment attempt at a gateway (the provider's trade number).
  await k.schema.createTable('payment_attempts', (t) => {
    t.string('trade_no', 100).primary();
    t.uuid('order_id').notNullable().references('orders.id').index();
    t.string('provider', 32).notNullable();
    t.string('method', 16).notNullable();
    t.bigInteger('amount').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(k.fn.now());
  });

  // Every gateway callback as received, accepted or not: forged ones are kept as evidence.
  await k.schema.createTable('payment_callbacks', (t) => {
    t.bigIncrements('id');
    t.string('provider', 32).notNullable();
    t.string('order_no', 32).nullable();
    t.string('trade_no', 100).nullable();
    t.jsonb('payload').notNullable();
    t.boolean('signature_ok').notNullable();
    t.string('verdict', 32).notNullable(); // accept | duplicate | wrongAmount | notPayable | badSignature | unknownOrder | malformed
    t.timestamp('received_at', { useTz: true }).notNullable().defaultTo(k.fn.now());
  });
  await k.raw('create index payment_callbacks_order on payment_callbacks (order_no, id)');

  // The built-in sandbox gateway's own trades (api/payments/sandboxGateway.ts): the provider's side of
  // a payment, kept apart from the platform's tables as a real provider's would be.
  await k.schema.createTable('sandbox_trades', (t) => {
    t.string('trade_no', 64).primary();
    t.string('order_no', 32).notNullable();
    t.string('subject', 300).notNullable();
    t.bigInteger('amount').notNullable(); // fen
    t.string('notify_url', 500).notNullable();
    t.string('return_url', 500).notNullable();
    t.string('state', 16).notNullable().defaultTo('created'); // created | paid
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(k.fn.now());
    t.timestamp('paid_at', { useTz: true }).nullable();
    t.integer('notify_attempts').notNullable().defaultTo(0);
    t.timestamp('notified_at', { useTz: true }).nullable(); // when the merchant answered 'success'
  });
  // Paid trades still waiting for the merchant's 'success' (resumed when the API starts).
  await k.raw("create index sandbox_trades_pending on sandbox_trades (paid_at) where state = 'paid' and notified_at is null");

  await k.schema.createTable('ipcis', (t) => {
    t.uuid('id').primary(); // the IPCI identifier (domain isIpciIdentifier)
    t.string('code', 32).notNullable().unique(); // domain makeIpciCode
    t.uuid('registration_id').notNullable().unique().references('title_registrations.id');
    t.uuid('user_id').notNullable().references('users.id');
    t.string('kind', 16).notNullable(); // domain IpciKind
    t.string('holder', 200).notNullable();
    t.string('ip_name_zh', 200).notNullable();
    t.string('ip_name_en', 200).notNullable();
    t.string('ip_name_ja', 200).notNullable();
    t.timestamp('issued_at', { useTz: true }).notNullable().defaultTo(k.fn.now());
    t.date('valid_until').nullable(); // the rights term's end when it has one
    t.boolean('trade_taken_down').notNullable().defaultTo(false);
    t.boolean('title_taken_down').notNullable().defaultTo(false);
    t.timestamp('invalid_at', { useTz: true }).nullable();
    t.string('invalid_reason', 32).nullable(); // expired | revoked
    t.string('certificate_key', 200).nullable(); // file under the upload folder, once generated
    t.string('certificate_sha256', 64).nullable();
    t.text('certificate_signature').nullable(); // base64 Ed25519 signature of the PDF bytes
    t.string('certificate_key_id', 16).nullable(); // signing_keys.key_id of that signature
    t.timestamp('certificate_generated_at', { useTz: true }).nullable();
    t.integer('search_count').notNullable().defaultTo(0);
    t.string('workflow_id', 200).notNullable(); // its ipciLifecycle
  });
  await k.raw('create index ipcis_user on ipcis (user_id, issued_at desc, id)');

  // Public keys of the certificate signatures, written by the workers (which hold the private keys)
  // and served by the API. Never deleted: a certificate signed with a retired key must still verify.
  await k.schema.createTable('signing_keys', (t) => {
    t.string('key_id', 16).primary(); // first 16 hex digits of sha256(public key DER)
    t.text('public_pem').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(k.fn.now());
  });

  // The licensing section's row of an issued IP (the trade issue lists and searches these).
  await k.schema.createTable('ip_listings', (t) => {
    t.uuid('id').primary().defaultTo(k.raw('gen_random_uuid()'));
    t.uuid('ipci_id').notNullable().unique().references('ipcis.id');
    t.uuid('user_id').notNullable().references('users.id');
    t.string('name_zh', 200).notNullable();
    t.string('name_en', 200).notNullable();
    t.string('name_ja', 200).notNullable();
    t.string('category', 32).notNullable();
    t.string('country', 8).notNullable();
    t.uuid('cover_upload_id').nullable();
    t.boolean('listed').notNullable().defaultTo(true);
    t.timestamp('listed_at', { useTz: true }).notNullable().defaultTo(k.fn.now());
    t.timestamp('delisted_at', { useTz: true }).nullable();
  });
  await k.raw('create index ip_listings_listed on ip_listings (listed_at desc, id) where listed');

  await k.schema.createTable('paper_certificates', (t) => {
    t.uuid('id').primary().defaultTo(k.raw('gen_random_uuid()'));
    t.uuid('ipci_id').notNullable().references('ipcis.id');
    t.uuid('user_id').notNullable().references('users.id');
    t.string('state', 16).notNullable(); // domain PAPER_STATES
    t.jsonb('address').notNullable(); // domain paperAddressSchema
    t.jsonb('flags').nullable(); // address field -> reason, when finance could not mail it
    t.integer('round').notNullable().defaultTo(1);
    t.string('carrier', 100).nullable();
    t.string('tracking_no', 100).nullable();
    t.string('workflow_id', 200).notNullable();
    t.timestamp('requested_at', { useTz: true }).notNullable().defaultTo(k.fn.now());
    t.timestamp('mailed_at', { useTz: true }).nullable();
  });
  await k.raw('create index paper_certificates_ipci on paper_certificates (ipci_id, requested_at desc)');
  await k.raw('create index paper_certificates_user on paper_certificates (user_id, requested_at desc, id)');
  // One request in progress per IPCI: a double submit cannot mail two certificates.
  await k.raw("create unique index paper_certificates_open on paper_certificates (ipci_id) where state <> 'mailed'");
}

export async function down(k: Knex): Promise<void> {
  for (const table of ['paper_certificates', 'ip_listings', 'signing_keys', 'ipcis', 'sandbox_trades', 'payment_callbacks', 'payment_attempts', 'orders', 'fee_table', 'title_registrations', 'title_drafts']) {
    await k.schema.dropTableIfExists(table);
  }
  await k.raw('drop sequence if exists order_serial_seq');
  await k.raw('drop sequence if exists ipci_serial_seq');
}
