import { createDb } from '../db/connection';
import { copyObjects, copyStores, describeFromDatabase, type CopySummary } from '../storage/copy';

/**
 * `npm run storage:copy [-- --replace]`: copies every file of the disk store under UPLOAD_DIR into the
 * store STORAGE_URL names, each verified by size and SHA-256 (README, "Moving existing files to S3").
 * Exits non-zero when any object failed or differs, so a script can tell a finished copy.
 */
const log = (line: string) => console.log(`[storage:copy] ${line}`);
const mb = (bytes: number) => (bytes / 1e6).toFixed(1);
const totals = (s: CopySummary) =>
  `${s.copied} copied${s.replaced ? ` (${s.replaced} replaced)` : ''}, ${s.alreadyThere} already there, ${s.differs} differ, ${s.failed} failed${s.gone ? `, ${s.gone} gone meanwhile` : ''} — ${mb(s.bytes)} MB in ${s.seconds.toFixed(1)} s, ${mb(s.bytes / Math.max(s.seconds, 0.001))} MB/s`;

async function main(): Promise<number> {
  const replace = process.argv.includes('--replace');
  const { source, target, root } = copyStores(process.env);
  // Unreachable, refused or missing bucket: said once, before a million objects fail one by one.
  try {
    for await (const _ of target.list('')) break;
  } catch (err) {
    throw new Error(`the store STORAGE_URL names cannot be listed: ${(err as Error).message}`);
  }
  // Files written before the store kept metadata: their rows know the type and name.
  const k = process.env.DATABASE_URL ? createDb(process.env.DATABASE_URL, { min: 0, max: 2 }) : undefined;
  log(`copying the disk store at ${root} into the ${target.kind} store${k ? '' : ' (DATABASE_URL unset: files without metadata go as application/octet-stream, unnamed)'}`);
  let shown = Date.now();
  try {
    const summary = await copyObjects({
      source,
      target,
      describe: k && describeFromDatabase(k),
      replace,
      onObject: (r, s) => {
        if (r.outcome === 'failed' || r.outcome === 'differs' || r.outcome === 'replaced') log(`${r.key}: ${r.outcome}${r.reason ? ` — ${r.reason}` : ''}`);
        if (Date.now() - shown >= 2000) {
          shown = Date.now();
          log(totals(s));
        }
      },
    });
    log(`done: ${totals(summary)}`);
    if (summary.differs) log('objects that differ were kept as they are; check them, then run again with --replace to overwrite them with the disk files');
    return summary.failed || summary.differs ? 1 : 0;
  } finally {
    await k?.destroy();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(`[storage:copy] ${(err as Error).message}`);
    process.exit(1);
  },
);
