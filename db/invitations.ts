import { keysetPage, newestFirst, type KeysetColumn } from './keyset';
import type { Knex } from 'knex';
import { IDENTITY_STATE } from '../domain/identity';
import type { InvitationStatsQuery, InviteeQuery } from '../domain/invitations';
import type { Lang } from '../domain/languages';
import type { UserKind } from '../domain/roles';

interface InviteeRow {
  id: string;
  display_name: string;
  username: string;
  kind: UserKind | null;
  created_at: Date;
  identity_state: number | null;
  rounds: number;
  company_zh: string | null;
  company_en: string | null;
  company_ja: string | null;
}

/** The enterprise certification names the company in up to three languages; Chinese is the one always given. */
function companyName(r: InviteeRow, lang: Lang): string | null {
  const own = lang === 'en-US' ? r.company_en : lang === 'ja-JP' ? r.company_ja : null;
  return own || r.company_zh || null;
}

export function toInviteeJson(r: InviteeRow, lang: Lang) {
  return {
    id: r.id,
    name: r.display_name,
    account: r.username,
    type: r.kind,
    companyName: companyName(r, lang),
    registeredAt: r.created_at.toISOString(),
    identityState: r.identity_state,
    // Spec part 2 §3 counts certification applications. Until title registrations arrive with a
    // later issue these are the invitee's identity certification rounds (first submission + each resubmission).
    certificationApplications: Number(r.rounds),
  };
}

/** One page of a user's invitees, newest first (index users_invited_by), and how many there are in all. */
export async function inviteesPage(k: Knex, inviterId: string, q: InviteeQuery): Promise<{ rows: InviteeRow[]; total: number; next: string | null }> {
  const query = k('users as u')
    .leftJoin('identity_certifications as ic', 'ic.user_id', 'u.id')
    .select(
      'u.id',
      'u.display_name',
      'u.username',
      'u.kind',
      'u.created_at',
      'ic.state as identity_state',
      k.raw('coalesce(ic.round, 0) as rounds'),
      k.raw("case when ic.kind = 'enterprise' then ic.data->>'companyNameZh' end as company_zh"),
      k.raw("case when ic.kind = 'enterprise' then ic.data->>'companyNameEn' end as company_en"),
      k.raw("case when ic.kind = 'enterprise' then ic.data->>'companyNameJa' end as company_ja"),
    )
    .where('u.invited_by', inviterId);
  const [{ rows, next }, [{ n }]] = await Promise.all([
    keysetPage<InviteeRow>(query, newestFirst('u.created_at', 'u.id'), q),
    k('users').where({ invited_by: inviterId }).count({ n: '*' }),
  ]);
  return { rows, total: Number(n), next };
}

export async function inviteCodeOf(k: Knex, userId: string): Promise<string | undefined> {
  const row = await k('users').select('invite_code').where({ id: userId }).first();
  return row?.invite_code;
}

/**
 * A new random code (same shape as the column default of 002_accounts); the old one stops working
 * at once. A clash with another user's code is astronomically rare and simply retried.
 */
export async function regenerateInviteCode(k: Knex, userId: string): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    try {
      const [row] = await k('users')
        .where({ id: userId })
        .update({ invite_code: k.raw("upper(substr(encode(gen_random_bytes(4), 'hex'), 1, 8))") })
        .returning('invite_code');
      return row.invite_code;
    } catch (err) {
      if ((err as { code?: string }).code !== '23505' || attempt >= 3) throw err;
    }
  }
}

export interface InviterStatsRow {
  inviter_id: string;
  username: string;
  display_name: string;
  invite_code: string;
  invitees: number;
  personal: number;
  enterprise: number;
  certified: number;
  last_invited_at: Date;
}

/** `like` pattern for a prefix typed by a person: %, _ and \ are literal. */
const prefix = (q: string) => q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`) + '%';

/**
 * Invitees grouped by inviter. The date range reads invitees through users_invitee_created; an
 * inviter search first finds the inviters (prefix indexes of 005_profile, the unique invite code)
 * and then their invitees through users_invited_by.
 */
function perInviter(k: Knex, q: InvitationStatsQuery) {
  const invitees = k('users as u')
    .leftJoin('identity_certifications as ic', 'ic.user_id', 'u.id')
    .whereNotNull('u.invited_by')
    .groupBy('u.invited_by')
    .select(
      'u.invited_by as inviter_id',
      k.raw('count(*)::int as invitees'),
      k.raw("count(*) filter (where u.kind = 'personal')::int as personal"),
      k.raw("count(*) filter (where u.kind = 'enterprise')::int as enterprise"),
      k.raw('count(*) filter (where ic.state = ?)::int as certified', [IDENTITY_STATE.verified]),
      k.raw('max(u.created_at) as last_invited_at'),
    );
  // Whole days in China time, where the platform operates.
  if (q.from) invitees.whereRaw("u.created_at >= (?::date)::timestamp at time zone 'Asia/Shanghai'", [q.from]);
  if (q.to) invitees.whereRaw("u.created_at < (?::date + 1)::timestamp at time zone 'Asia/Shanghai'", [q.to]);
  if (q.q) {
    const p = prefix(q.q);
    invitees.whereIn(
      'u.invited_by',
      k('users')
        .select('id')
        .whereRaw('lower(username) like ?', [p])
        .orWhereRaw('lower(display_name) like ?', [p])
        .orWhere('invite_code', q.q.toUpperCase()),
    );
  }
  return invitees;
}

/** One page of inviters, most invitees first (then the latest invitation), with totals over every inviter matching the filters. */
export async function invitationStats(k: Knex, q: InvitationStatsQuery) {
  const page = k
    .with('s', perInviter(k, q))
    .select('s.*', 'i.username', 'i.display_name', 'i.invite_code')
    .from('s')
    .join('users as i', 'i.id', 's.inviter_id');
  const totals = k
    .with('s', perInviter(k, q))
    .from('s')
    .first(
      k.raw('count(*)::int as inviters'),
      k.raw('coalesce(sum(invitees), 0)::int as invitees'),
      k.raw('coalesce(sum(personal), 0)::int as personal'),
      k.raw('coalesce(sum(enterprise), 0)::int as enterprise'),
      k.raw('coalesce(sum(certified), 0)::int as certified'),
    );
  const keys: KeysetColumn[] = [{ sql: 's.invitees', kind: 'count' }, ...newestFirst('s.last_invited_at', 's.inviter_id')];
  const [{ rows, next }, sums] = await Promise.all([
    keysetPage<InviterStatsRow>(page, keys, q),
    totals as Promise<{ inviters: number; invitees: number; personal: number; enterprise: number; certified: number }>,
  ]);
  return { rows, totals: sums, next };
}

export function toInviterStatsJson(r: InviterStatsRow) {
  return {
    inviter: { id: r.inviter_id, username: r.username, displayName: r.display_name },
    code: r.invite_code,
    invitees: r.invitees,
    personal: r.personal,
    enterprise: r.enterprise,
    certified: r.certified,
    lastInvitedAt: r.last_invited_at.toISOString(),
  };
}
