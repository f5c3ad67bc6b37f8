import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Worker } from '@temporalio/worker';

const DIR = path.join(__dirname, '..', 'histories');

/**
 * Saved histories of real runs replay against today's workflow code: a change that would break
 * running workflows (without patched()) fails here. Save new ones with
 * `temporal workflow show -w <id> -o json > tests/histories/<kind>-<story>.json`, or from a test with
 * tests/support/histories.ts saveHistory (run with IPCI_SAVE_HISTORIES=1).
 */
test.each(readdirSync(DIR).filter((f) => f.endsWith('.json')))('%s replays deterministically', async (file) => {
  const history = JSON.parse(readFileSync(path.join(DIR, file), 'utf8'));
  await Worker.runReplayHistory({ workflowsPath: require.resolve('../../workflows') }, history);
});
