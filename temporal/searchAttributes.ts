import type { Client } from '@temporalio/client';
import { temporal } from '@temporalio/proto';
import type { TemporalConfig } from './config';

const TYPES: Record<string, temporal.api.enums.v1.IndexedValueType> = {
  Keyword: temporal.api.enums.v1.IndexedValueType.INDEXED_VALUE_TYPE_KEYWORD,
};

/**
 * Registers the search attributes of temporal.yaml that the namespace lacks. The dev server adds
 * them only when it creates its database, so one kept from before a new attribute existed (and an
 * external cluster) would otherwise fail every workflow that sets it. Returns the names added.
 */
export async function ensureSearchAttributes(client: Client, cfg: Pick<TemporalConfig, 'searchAttributes'>, namespace = client.options.namespace): Promise<string[]> {
  const operator = client.connection.operatorService;
  const existing = (await operator.listSearchAttributes({ namespace })).customAttributes ?? {};
  const missing = Object.entries(cfg.searchAttributes).filter(([name]) => !(name in existing));
  if (missing.length === 0) return [];
  await operator.addSearchAttributes({ namespace, searchAttributes: Object.fromEntries(missing.map(([name, type]) => [name, TYPES[type]])) });
  return missing.map(([name]) => name);
}
