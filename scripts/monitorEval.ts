import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { EVAL_CANDIDATES, EVAL_DISTRACTORS, EVAL_ORIGINALS, evalCandidate, evalDistractor, evalOriginal, originalFile } from '../matching/evalSet';
import { evaluateFolder, evaluateGenerated, formatReport } from '../matching/evaluate';

/**
 * `npm run monitor:eval -- <folder>`: measures the image matcher on a folder of originals and
 * labelled candidates (labels.csv: candidate,original[,transform]; every picture not listed is an
 * original) and prints precision, recall and F1 at the configured threshold, per transformation,
 * and the threshold curve (README, "Monitoring: measured matching quality").
 * `npm run monitor:eval -- --generate <folder>` writes the generated evaluation set there (pictures
 * and labels.csv), for looking at or for measuring with the first form.
 * `npm run monitor:eval` alone measures the generated set without writing it.
 */
const log = (line: string) => console.log(line);

async function generate(folder: string): Promise<void> {
  await mkdir(folder, { recursive: true });
  for (let i = 0; i < EVAL_ORIGINALS; i++) await writeFile(path.join(folder, originalFile(i)), await evalOriginal(i));
  const labels = ['candidate,original,transform'];
  const total = EVAL_CANDIDATES + EVAL_DISTRACTORS;
  for (let k = 0; k < total; k++) {
    const item = k < EVAL_CANDIDATES ? await evalCandidate(k) : await evalDistractor(k - EVAL_CANDIDATES);
    await writeFile(path.join(folder, item.file), item.bytes);
    labels.push(`${item.file},${item.original ?? ''},${item.transform}`);
    if ((k + 1) % 1000 === 0) log(`[monitor:eval] ${k + 1} of ${total} written`);
  }
  await writeFile(path.join(folder, 'labels.csv'), labels.join('\n') + '\n');
  log(`[monitor:eval] ${EVAL_ORIGINALS} originals and ${total} labelled pictures written to ${folder}`);
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const at = args.indexOf('--generate');
  if (at >= 0) {
    const folder = args[at + 1];
    if (!folder) throw new Error('usage: npm run monitor:eval -- --generate <folder>');
    await generate(path.resolve(folder));
    return 0;
  }
  const folder = args[0];
  let done = 0;
  const onOutcome = () => {
    if (++done % 1000 === 0) log(`[monitor:eval] ${done} pictures matched`);
  };
  const report = folder ? await evaluateFolder(path.resolve(folder), await readdir(path.resolve(folder)), { onOutcome }) : await evaluateGenerated({ onOutcome });
  log(formatReport(report));
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(`[monitor:eval] ${(err as Error).message}`);
    process.exit(1);
  },
);
