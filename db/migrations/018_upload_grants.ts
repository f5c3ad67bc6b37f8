import type { Knex } from 'knex';

/**
 * Upload grants (db/uploadGrants.ts): a trade's seller reads the buyer's proposal, an objection's holder
 * the objector's evidence and the objector the holder's answer files. The upload ids live in the JSONB
 * forms the cases store; these expression indexes find the case that references an upload in one
 * index lookup, with nothing to keep in step on the many paths (routes and activities) that write the forms.
 */
export async function up(k: Knex): Promise<void> {
  await k.raw("create index trades_proposal on trades ((application->>'proposal'))");
  await k.raw("create index objections_attachments on objections using gin ((data->'attachments') jsonb_path_ops)");
  await k.raw("create index objections_answer_attachments on objections using gin ((holder_answer->'attachments') jsonb_path_ops)");
}

export async function down(k: Knex): Promise<void> {
  await k.raw('drop index if exists objections_answer_attachments');
  await k.raw('drop index if exists objections_attachments');
  await k.raw('drop index if exists trades_proposal');
}
