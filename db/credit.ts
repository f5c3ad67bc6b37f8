import type { Knex } from 'knex';
import { creditScore, type CreditScore } from '../domain/credit';

/** A user's credit score from every evaluation they received (domain/credit.ts; index evaluations_to). */
export async function creditOf(k: Knex, userId: string): Promise<CreditScore> {
  const row = await k('evaluations').where({ to_user_id: userId }).first(k.raw('coalesce(sum(stars), 0)::int as total'), k.raw('count(*)::int as n'));
  return creditScore(Number(row?.total ?? 0), Number(row?.n ?? 0));
}
