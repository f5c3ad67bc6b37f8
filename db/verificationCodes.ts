import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { Knex } from 'knex';
import { CODE_LENGTH, CODE_RULES, type CodeChannel, type CodePurpose } from '../domain/verification';

export interface CodeRow {
  id: string;
  purpose: CodePurpose;
  channel: CodeChannel;
  address: string;
  code_hash: string;
  user_id: string | null;
  attempts: number;
  created_at: Date;
  expires_at: Date;
  consumed_at: Date | null;
}

const digest = (id: string, code: string) => createHash('sha256').update(`${id}:${code}`).digest('hex');

export type SendVerdict =
  | { ok: true; id: string; code: string }
  | { ok: false; reason: 'tooSoon'; seconds: number }
  | { ok: false; reason: 'addressLimit' | 'ipLimit' };

/**
 * Issues a code unless a limit forbids it. The address is locked for the transaction so that two
 * concurrent requests cannot both slip under a limit.
 */
export async function issueCode(
  k: Knex,
  input: { purpose: CodePurpose; channel: CodeChannel; address: string; userId?: string | null; ip?: string | null },
): Promise<SendVerdict> {
  return k.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`code:${input.address}`]);
    const hourAgo = trx.raw("now() - interval '1 hour'");
    // The resend wait is per purpose (registering, then binding the same phone a minute later is
    // fine); the hourly cap counts every purpose.
    const recent = await trx('verification_codes')
      .where('address', input.address)
      .andWhere('created_at', '>', hourAgo)
      .select(
        trx.raw('count(*)::int as n'),
        trx.raw('extract(epoch from now() - max(created_at) filter (where purpose = ?))::float as age', [input.purpose]),
      )
      .first();
    if (recent.age !== null && recent.age < CODE_RULES.resendSeconds) {
      return { ok: false, reason: 'tooSoon', seconds: Math.ceil(CODE_RULES.resendSeconds - recent.age) } as const;
    }
    if (recent.n >= CODE_RULES.perAddressPerHour) return { ok: false, reason: 'addressLimit' } as const;
    if (input.ip) {
      const [{ n }] = await trx('verification_codes').where('ip', input.ip).andWhere('created_at', '>', hourAgo).count({ n: '*' });
      if (Number(n) >= CODE_RULES.perIpPerHour) return { ok: false, reason: 'ipLimit' } as const;
    }
    const code = String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, '0');
    const [{ id }] = await trx('verification_codes')
      .insert({
        purpose: input.purpose,
        channel: input.channel,
        address: input.address,
        code_hash: 'pending',
        user_id: input.userId ?? null,
        ip: input.ip ?? null,
        expires_at: trx.raw(`now() + interval '${CODE_RULES.ttlSeconds} seconds'`),
      })
      .returning('id');
    await trx('verification_codes').where({ id }).update({ code_hash: digest(id, code) });
    return { ok: true, id, code } as const;
  });
}

export type CheckVerdict = { ok: true; id: string } | { ok: false; reason: 'missing' | 'expired' } | { ok: false; reason: 'wrong'; remaining: number };

/**
 * Checks a code against the newest one sent for this purpose and address. A wrong guess is counted
 * (committed here, whatever the caller does next); a right one is only consumed by `consumeCode`, in
 * the caller's own transaction, so a failed action does not burn the code.
 */
export async function checkCode(k: Knex, input: { purpose: CodePurpose; address: string; code: string }): Promise<CheckVerdict> {
  return k.transaction(async (trx) => {
    const row = await trx<CodeRow>('verification_codes')
      .where({ purpose: input.purpose, address: input.address })
      .orderBy('created_at', 'desc')
      .forUpdate()
      .first();
    if (!row) return { ok: false, reason: 'missing' } as const;
    if (row.consumed_at || row.expires_at.getTime() <= Date.now() || row.attempts >= CODE_RULES.maxAttempts) {
      return { ok: false, reason: 'expired' } as const;
    }
    const given = Buffer.from(digest(row.id, input.code));
    if (given.length === row.code_hash.length && timingSafeEqual(given, Buffer.from(row.code_hash))) return { ok: true, id: row.id } as const;
    const attempts = row.attempts + 1;
    await trx('verification_codes').where({ id: row.id }).update({ attempts });
    const remaining = CODE_RULES.maxAttempts - attempts;
    return remaining > 0 ? ({ ok: false, reason: 'wrong', remaining } as const) : ({ ok: false, reason: 'expired' } as const);
  });
}

/** Marks a checked code used; false when another request used it first. */
export async function consumeCode(k: Knex, id: string): Promise<boolean> {
  const n = await k('verification_codes').where({ id }).whereNull('consumed_at').update({ consumed_at: k.fn.now() });
  return n === 1;
}
