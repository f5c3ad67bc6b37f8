import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { LAW_FIRM_AGREEMENT_VERSION, type LawFirmData } from '../../domain/lawFirms';
import { testDb } from './http';

/** A complete listing form (domain lawFirmSchema); the upload ids are the caller's to supply for API tests. */
export function lawFirmData(over: Partial<LawFirmData> = {}): LawFirmData {
  return {
    nameZh: '金诚律师事务所',
    nameEn: 'Jincheng Law Firm',
    nameJa: '金誠法律事務所',
    foundedOn: '2008-05-12',
    organisationForm: 'partnership',
    registeredAddress: '北京市朝阳区建国路 88 号',
    businessAddress: '北京市朝阳区建国路 88 号 12 层',
    lawyers: 56,
    countries: ['CN', 'JP'],
    contactName: '周律师',
    contactPhone: '010-65880000',
    email: 'ip@jincheng-law.cn',
    website: 'https://jincheng-law.example',
    introduction: '专注知识产权保护与文化产业法律服务。',
    achievements: '代理多起著作权侵权案件。',
    displayImages: [randomUUID()],
    detailImages: [],
    licence: [randomUUID()],
    qualification: [randomUUID()],
    ...over,
  };
}

/**
 * A law firm row as its listing workflow leaves it when listed (or in `state`), written directly so
 * protection cases and the directory are tested without the listing process; no workflow runs.
 */
export async function lawFirmRow(userId: string, o: { state?: string; recommended?: boolean; data?: Partial<LawFirmData>; listedAt?: Date } = {}, k: Knex = testDb()) {
  const id = randomUUID();
  const data = lawFirmData(o.data);
  const state = o.state ?? 'listed';
  const listed = state === 'listed' || state === 'suspended';
  const listedAt = o.listedAt ?? new Date();
  await k('law_firms').insert({
    id,
    user_id: userId,
    state,
    data: JSON.stringify(data),
    name_zh: data.nameZh,
    name_en: data.nameEn,
    name_ja: data.nameJa,
    countries: k.raw('?::text[]', [data.countries]),
    recommended: o.recommended ?? false,
    listed_at: listed ? listedAt : null,
    listed_until: listed ? new Date(listedAt.getTime() + 365 * 86_400_000).toISOString().slice(0, 10) : null,
    agreement_version: LAW_FIRM_AGREEMENT_VERSION,
    agreement_accepted_at: new Date(),
    workflow_id: `lawFirmListing/${id}`,
  });
  return { id, data };
}
