import type { Knex } from 'knex';

/**
 * The creator's ID became its own upload kind, idDocument (images or a pdf scan), instead of proof.
 * A pdf scan already given as a creator's ID in a draft or a registration is relabelled, so saving or
 * resubmitting it is not refused as the wrong kind; an office file stays proof and is asked for again.
 */
export async function up(k: Knex): Promise<void> {
  await k.raw(`
    update uploads u set kind = 'idDocument'
     where u.kind = 'proof'
       and u.mime = 'application/pdf'
       and exists (
         select 1 from (select data from title_drafts union all select data from title_registrations) d
          where jsonb_typeof(d.data->'creatorId') = 'array' and d.data->'creatorId' \\? u.id::text)`);
}

export async function down(k: Knex): Promise<void> {
  await k.raw(`
    update uploads u set kind = 'proof'
     where u.kind = 'idDocument' and u.mime = 'application/pdf'`);
}
