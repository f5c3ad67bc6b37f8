import type { Client } from '@temporalio/client';
import type { Knex } from 'knex';
import type { TemporalConfig } from '../temporal/config';
import type { EventHub } from './events';
import type { Notifier } from './lib/notifier';

/** What every route factory receives; one set per API process. */
export interface ApiDeps {
  db: Knex;
  temporal: Client;
  cfg: TemporalConfig;
  events: EventHub;
  uploadDir: string;
  maxUploadBytes: number;
  notifier: Notifier;
}
