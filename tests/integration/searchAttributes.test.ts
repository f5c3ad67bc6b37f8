import { Client, Connection } from '@temporalio/client';
import { msToTs } from '@temporalio/common/lib/time';
import { temporalConfig } from '../../temporal/config';
import { ensureSearchAttributes } from '../../temporal/searchAttributes';

/**
 * A namespace that lacks some of temporal.yaml's search attributes (as a dev server database kept
 * from before an attribute was added does) gets them when a worker starts.
 */
test('the worker registers the search attributes a namespace lacks, once', async () => {
  const connection = await Connection.connect({ address: process.env.TEMPORAL_ADDRESS! });
  try {
    const namespace = `sa-${process.pid}-${Date.now()}`;
    await connection.workflowService.registerNamespace({ namespace, workflowExecutionRetentionPeriod: msToTs('1 day') });
    const client = new Client({ connection, namespace });
    const cfg = temporalConfig();
    const listed = async () => Object.keys((await connection.operatorService.listSearchAttributes({ namespace })).customAttributes ?? {});
    const before = await listed();
    expect(before).not.toContain('IpciCode');
    expect((await ensureSearchAttributes(client, cfg)).sort()).toEqual(Object.keys(cfg.searchAttributes).filter((n) => !before.includes(n)).sort());
    expect(await listed()).toEqual(expect.arrayContaining(Object.keys(cfg.searchAttributes)));
    expect(await ensureSearchAttributes(client, cfg)).toEqual([]);
  } finally {
    await connection.close();
  }
});
