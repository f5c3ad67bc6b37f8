import type { Client } from '@temporalio/client';
import type { Knex } from 'knex';
import type { TemporalConfig } from '../temporal/config';
import type { EventHub } from './events';
import type { Notifier } from './lib/notifier';
import type { ObjectStore } from '../storage';

/** What every route factory receives; one set per API process. */
export interface ApiDeps {
  db: Knex;
  temporal: Client;
  cfg: TemporalConfig;
  events: EventHub;
  uploadDir: string;
  /** Where files are read from (the disk store over uploadDir until every writer moves onto it). */
  store: ObjectStore;
  maxUploadBytes: number;
  notifier: Notifier;
}
