import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

export interface TemporalConfig {
  namespace: string;
  taskQueue: string;
  address: string;
  /** True when TEMPORAL_ADDRESS points elsewhere: no dev server is started. */
  external: boolean;
  devServer: { cliVersion: string; port: number; uiPort: number; dbFile: string; logLevel: string };
  searchAttributes: Record<string, string>;
  webUi: string;
}

export const ROOT = path.resolve(__dirname, '..');

/** temporal.yaml, with TEMPORAL_ADDRESS / TEMPORAL_NAMESPACE / TEMPORAL_TASK_QUEUE / TEMPORAL_WEB_UI overriding it. */
export function temporalConfig(env: NodeJS.ProcessEnv = process.env): TemporalConfig {
  const file = parse(readFileSync(path.join(ROOT, 'temporal.yaml'), 'utf8'));
  return {
    namespace: env.TEMPORAL_NAMESPACE ?? file.namespace,
    taskQueue: env.TEMPORAL_TASK_QUEUE ?? file.taskQueue,
    address: env.TEMPORAL_ADDRESS ?? file.address,
    external: Boolean(env.TEMPORAL_ADDRESS),
    devServer: file.devServer,
    searchAttributes: file.searchAttributes,
    webUi: env.TEMPORAL_WEB_UI ?? file.webUi,
  };
}

export function workflowUrl(cfg: TemporalConfig, workflowId: string): string {
  return `${cfg.webUi}/namespaces/${encodeURIComponent(cfg.namespace)}/workflows/${encodeURIComponent(workflowId)}`;
}
