import type { Client } from '@temporalio/client';
import type { Knex } from 'knex';
import type { TemporalConfig } from '../temporal/config';
import type { EventHub } from './events';
import type { Notifier } from './lib/notifier';
import type { ObjectStore } from '../storage';
import type { DownloadConfig } from '../storage/appStore';

/** What every route factory receives; one set per API process. */
export interface ApiDeps {
  db: Knex;
  temporal: Client;
  cfg: TemporalConfig;
  events: EventHub;
  /** Where every file is kept (storage/appStore: STORAGE_URL, else disk under UPLOAD_DIR). */
  store: ObjectStore;
  /** Whether downloads stream through the API or redirect to a signed address. */
  downloads: DownloadConfig;
  maxUploadBytes: number;
  notifier: Notifier;
}
