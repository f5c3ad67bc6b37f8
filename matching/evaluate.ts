import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { EVAL_CANDIDATES, EVAL_DISTRACTORS, EVAL_ORIGINALS, evalCandidate, evalDistractor, evalOriginal, originalFile } from './evalSet';
import { MATCH_THRESHOLD, OriginalsIndex } from './matcher';
import { imageSignature, type ImageSignature } from './signature';

/**
 * Measures the image matcher (issue 15 "Measured, not claimed"): every candidate is signed and
 * matched against all originals; a candidate counts as found when its best match scores at the
 * threshold and is its labelled original, and as a false positive when its best match scores at
 * the threshold and is any other original (for a distractor: any original at all). Signing is
 * the costly part (decoding, PDQ, corners), so it runs on worker threads; matching runs here.
 */

export interface Labelled {
  file: string;
  /** The original it copies, or null for an unrelated picture. */
  original: string | null;
  /** The transformation (or distractor kind), when known. */
  transform: string;
}

export interface Outcome extends Labelled {
  /** The best-scoring original and its score (0 when nothing matched at all). */
  matched: string | null;
  score: number;
  method?: 'global' | 'local';
  inliers?: number;
  similarity?: number;
  distance?: number;
}

export interface Report {
  threshold: number;
  outcomes: Outcome[];
  originals: number;
  seconds: number;
  /** Mean signing time of one picture on one thread, ms. */
  signMs: number;
}

type Job = { kind: 'generated'; from: number; to: number } | { kind: 'files'; files: Labelled[]; folder: string };
type Signed = Labelled & { sig: ImageSignature; ms: number };
/** Where a thread finds the originals: the generated set's, or picture files in a folder. */
type Originals = { generated: true } | { folder: string; files: string[] };

async function signJob(job: Job, each: (s: Signed) => void): Promise<void> {
  if (job.kind === 'generated') {
    for (let k = job.from; k < job.to; k++) {
      const item = k < EVAL_CANDIDATES ? await evalCandidate(k) : await evalDistractor(k - EVAL_CANDIDATES);
      const t = performance.now();
      const sig = await imageSignature(item.bytes);
      each({ file: item.file, original: item.original, transform: item.transform, sig, ms: performance.now() - t });
    }
  } else {
    for (const f of job.files) {
      const bytes = await readFile(path.join(job.folder, f.file));
      const t = performance.now();
      try {
        each({ ...f, sig: await imageSignature(bytes), ms: performance.now() - t });
      } catch {
        // An undecodable candidate cannot be matched: it counts as not found (or as a true negative).
        each({ ...f, sig: { width: 0, height: 0, pdq: Buffer.alloc(32), pdqQuality: 0, features: Buffer.alloc(0) }, ms: 0 });
      }
    }
  }
}

/**
 * Each thread signs the originals itself and keeps its own index: signing is cheap next to the
 * thousands of candidates, and the calling thread may be jest's, where the generators' and the
 * signature's pixel loops run several times slower (every global look-up crosses its vm context).
 */
async function originalsIndex(originals: Originals): Promise<OriginalsIndex> {
  const index = new OriginalsIndex();
  if ('generated' in originals) {
    for (let i = 0; i < EVAL_ORIGINALS; i++) index.add(originalFile(i), await imageSignature(await evalOriginal(i)));
  } else {
    for (const f of originals.files) index.add(f, await imageSignature(await readFile(path.join(originals.folder, f))));
  }
  return index;
}

if (!isMainThread && (workerData as { matchingEval?: Originals } | null)?.matchingEval) {
  const ready = originalsIndex((workerData as { matchingEval: Originals }).matchingEval);
  parentPort!.on('message', async (job: Job) => {
    const index = await ready;
    const batch: Array<Outcome & { ms: number }> = [];
    await signJob(job, (s) => {
      batch.push({ ...outcome(index, s), ms: s.ms });
      if (batch.length >= 50) parentPort!.postMessage({ batch: batch.splice(0) });
    });
    parentPort!.postMessage({ batch, done: true });
  });
}

/** The threads sign pictures as Node runs this file (through tsx, as the API's watermark readers do). */
const BOOTSTRAP = `require('tsx/cjs'); require(${JSON.stringify(__filename)});`;

/** Signs and matches every job's pictures on `threads` worker threads; the outcomes and mean signing time. */
async function runJobs(originals: Originals, jobs: Job[], threads: number, onOutcome?: (o: Outcome) => void): Promise<{ outcomes: Outcome[]; signMs: number }> {
  const outcomes: Outcome[] = [];
  let signMs = 0;
  const queue = [...jobs];
  const workers = Array.from({ length: Math.min(threads, jobs.length) }, () => new Worker(BOOTSTRAP, { eval: true, workerData: { matchingEval: originals } }));
  try {
    await Promise.all(
      workers.map(
        (w) =>
          new Promise<void>((resolve, reject) => {
            const give = () => {
              const job = queue.shift();
              if (job) w.postMessage(job);
              else resolve();
            };
            w.on('message', (m: { batch: Array<Outcome & { ms: number }>; done?: boolean }) => {
              for (const { ms, ...o } of m.batch) {
                signMs += ms;
                outcomes.push(o);
                onOutcome?.(o);
              }
              if (m.done) give();
            });
            w.on('error', reject);
            give();
          }),
      ),
    );
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
  return { outcomes, signMs: signMs / Math.max(1, outcomes.length) };
}

const defaultThreads = () => Math.max(1, Math.min(4, os.availableParallelism()));

function outcome(index: OriginalsIndex, s: Signed): Outcome {
  const best = s.sig.features.length ? index.score(s.sig)[0] : undefined;
  return {
    file: s.file,
    original: s.original,
    transform: s.transform,
    matched: best?.originalId ?? null,
    score: best?.score ?? 0,
    method: best?.method,
    inliers: best?.inliers,
    similarity: best?.similarity,
    distance: best?.distance,
  };
}

/** Runs the generated evaluation set (matching/evalSet.ts); `limit` keeps only the first candidates and distractors (for quick looks). */
export async function evaluateGenerated(options: { threads?: number; candidates?: number; distractors?: number; onOutcome?: (o: Outcome) => void } = {}): Promise<Report> {
  const started = performance.now();
  const candidates = Math.min(EVAL_CANDIDATES, options.candidates ?? EVAL_CANDIDATES);
  const distractors = Math.min(EVAL_DISTRACTORS, options.distractors ?? EVAL_DISTRACTORS);
  const ranges: Array<[number, number]> = [[0, candidates], [EVAL_CANDIDATES, EVAL_CANDIDATES + distractors]];
  const jobs: Job[] = [];
  for (const [from, to] of ranges) for (let k = from; k < to; k += 100) jobs.push({ kind: 'generated', from: k, to: Math.min(to, k + 100) });
  const { outcomes, signMs } = await runJobs({ generated: true }, jobs, options.threads ?? defaultThreads(), options.onOutcome);
  return { threshold: MATCH_THRESHOLD, outcomes, originals: EVAL_ORIGINALS, seconds: (performance.now() - started) / 1000, signMs };
}

/**
 * A folder of originals and labelled candidates: `labels.csv` lists candidate,original[,transform]
 * (original empty for an unrelated picture; a first line naming the columns is skipped); every
 * other picture in the folder is an original.
 */
export async function evaluateFolder(folder: string, files: string[], options: { threads?: number; onOutcome?: (o: Outcome) => void } = {}): Promise<Report> {
  const started = performance.now();
  const labelled = parseLabels(await readFile(path.join(folder, 'labels.csv'), 'utf8'));
  const listed = new Set(labelled.map((l) => l.file));
  const originals = files.filter((f) => !listed.has(f) && /\.(png|jpe?g|webp|gif|avif|tiff?)$/i.test(f));
  const jobs: Job[] = [];
  for (let k = 0; k < labelled.length; k += 100) jobs.push({ kind: 'files', folder, files: labelled.slice(k, k + 100) });
  const { outcomes, signMs } = await runJobs({ folder, files: originals }, jobs, options.threads ?? defaultThreads(), options.onOutcome);
  return { threshold: MATCH_THRESHOLD, outcomes, originals: originals.length, seconds: (performance.now() - started) / 1000, signMs };
}

export function parseLabels(csv: string): Labelled[] {
  const rows = csv
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => l.split(',').map((c) => c.trim().replace(/^"(.*)"$/, '$1')));
  if (rows.length && /^candidate/i.test(rows[0][0])) rows.shift();
  return rows.map(([file, original, transform]) => ({ file, original: original || null, transform: transform || (original ? 'copy' : 'unrelated') }));
}

export interface Figures {
  threshold: number;
  precision: number;
  recall: number;
  f1: number;
  truePositives: number;
  falsePositives: number;
  copies: number;
}

/** Precision, recall and F1 at a threshold, over the outcomes given. */
export function figuresAt(outcomes: Outcome[], threshold: number): Figures {
  let tp = 0, fp = 0, copies = 0;
  for (const o of outcomes) {
    if (o.original) copies++;
    if (o.score < threshold) continue;
    if (o.original && o.matched === o.original) tp++;
    else fp++;
  }
  const precision = tp + fp ? tp / (tp + fp) : 1, recall = copies ? tp / copies : 1;
  return { threshold, precision, recall, f1: precision + recall ? (2 * precision * recall) / (precision + recall) : 0, truePositives: tp, falsePositives: fp, copies };
}

/** Per transformation: copies found at the threshold (and for distractor kinds, false positives). */
export function perTransform(outcomes: Outcome[], threshold: number): Array<{ transform: string; items: number; found: number; recall: number | null; falsePositives: number }> {
  const groups = new Map<string, Outcome[]>();
  for (const o of outcomes) groups.set(o.transform, [...(groups.get(o.transform) ?? []), o]);
  return [...groups].map(([transform, os]) => {
    const copies = os.filter((o) => o.original);
    const found = copies.filter((o) => o.score >= threshold && o.matched === o.original).length;
    const falsePositives = os.filter((o) => o.score >= threshold && o.matched !== o.original).length;
    return { transform, items: os.length, found, recall: copies.length ? found / copies.length : null, falsePositives };
  });
}

/** The lowest threshold whose precision is at least `precision` (the configured threshold is chosen with it). */
export function thresholdFor(outcomes: Outcome[], precision = 0.999): number {
  const scores = [...new Set(outcomes.map((o) => o.score).filter((s) => s > 0))].sort((a, b) => a - b);
  return scores.find((s) => figuresAt(outcomes, s).precision >= precision) ?? Infinity;
}

const pct = (v: number | null) => (v === null ? '—' : `${(100 * v).toFixed(1)} %`);

/** The report as printed by `npm run monitor:eval`. */
export function formatReport(r: Report): string {
  const lines: string[] = [];
  const at = figuresAt(r.outcomes, r.threshold);
  const copies = r.outcomes.filter((o) => o.original).length;
  lines.push(`${r.originals} originals, ${copies} labelled copies, ${r.outcomes.length - copies} unrelated pictures; ${r.seconds.toFixed(1)} s, signing ${r.signMs.toFixed(1)} ms a picture per thread`);
  lines.push(`At the configured threshold ${r.threshold}: precision ${at.precision.toFixed(4)}, recall ${at.recall.toFixed(4)}, F1 ${at.f1.toFixed(4)} (${at.truePositives} found, ${at.falsePositives} false positives)`);
  lines.push(`Lowest threshold with precision ≥ 0.999 on this set: ${thresholdFor(r.outcomes)}`);
  lines.push('', 'Per transformation at the configured threshold:', 'transform            items   found  recall     false positives');
  for (const t of perTransform(r.outcomes, r.threshold)) {
    lines.push(`${t.transform.padEnd(20)} ${String(t.items).padStart(5)}  ${String(t.found).padStart(6)}  ${pct(t.recall).padStart(8)}  ${String(t.falsePositives).padStart(6)}`);
  }
  lines.push('', 'Threshold curve:', 'threshold  precision  recall   F1      false positives');
  const max = Math.max(r.threshold * 2, 20);
  for (let t = Math.max(1, Math.floor(r.threshold / 2)); t <= max; t += t < r.threshold ? 1 : 2) {
    const f = figuresAt(r.outcomes, t);
    lines.push(`${String(t).padStart(9)}  ${f.precision.toFixed(4).padStart(9)}  ${f.recall.toFixed(4)}  ${f.f1.toFixed(4)}  ${String(f.falsePositives).padStart(6)}${t === r.threshold ? '  ← configured' : ''}`);
  }
  return lines.join('\n');
}
