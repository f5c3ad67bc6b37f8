/** Latency statistics over a list of samples in milliseconds. */
export interface Summary {
  n: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** Nearest-rank percentile: the smallest sample with at least p% of the samples at or below it. */
export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

export function summarize(samples: number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  return { n: sorted.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), max: sorted[sorted.length - 1] };
}

/** Runs `fn` and returns how long it took, in milliseconds. */
export async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now();
  const value = await fn();
  return { ms: performance.now() - start, value };
}

export const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : '—');

/** A plain fixed-width text table. */
export function table(head: string[], rows: string[][]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

/**
 * The laps of one measured run: `mark(phase)` adds the time since the last mark to that phase's
 * samples (the breakdown of where a run spends its time); `total()` is the time since the start.
 */
export function laps<P extends string>(phaseSamples: Map<string, number[]>) {
  const started = performance.now();
  let lap = started;
  return {
    mark(phase: P) {
      const now = performance.now();
      phaseSamples.get(phase)!.push(now - lap);
      lap = now;
    },
    total: () => performance.now() - started,
  };
}

type Run = { wallMs: number; samples: number[] };

/**
 * Prints a workflow benchmark beside its bare-workflow baseline (bench/lib/baseline.ts): both runs'
 * rates and latencies, where a measured run spends its time, and the ratio of the rates, which it returns.
 */
export function reportBesideBare(o: { unit: string; units: string; label: string; concurrency: number; activities: number; full: Run; bare: Run; phaseSamples: Map<string, number[]>; target?: number }): number {
  const rate = (r: Run) => (r.samples.length * 1000) / r.wallMs;
  const row = (name: string, r: Run) => {
    const s = summarize(r.samples);
    return [name, String(r.samples.length), rate(r).toFixed(2), ms(s.p50), ms(s.p95), ms(s.max)];
  };
  const ratio = rate(o.full) / rate(o.bare);
  console.log(`\nconcurrency ${o.concurrency}, ${o.activities} activities per ${o.unit}\n`);
  console.log(table(['run', 'n', 'per s', 'p50 ms', 'p95 ms', 'max ms'], [row(o.label, o.full), row(`bare workflow, ${o.activities} no-op activities`, o.bare)]));
  console.log(`\nwhere a ${o.unit} spends its time (measured runs):\n`);
  console.log(
    table(
      ['step', 'p50 ms', 'p95 ms'],
      [...o.phaseSamples].map(([name, samples]) => {
        const s = summarize(samples);
        return [name, ms(s.p50), ms(s.p95)];
      }),
    ),
  );
  const target = o.target === undefined ? '' : ` (target ≥ ${o.target}) ${ratio >= o.target ? 'met' : 'MISSED'}`;
  console.log(`\n${o.units}/s ÷ bare workflows/s = ${ratio.toFixed(2)}${target}`);
  return ratio;
}
