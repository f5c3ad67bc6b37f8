import { readFileSync } from 'node:fs';

/** The resident memory of process `pid` in bytes: VmRSS of /proc/<pid>/status (Linux). */
export function rssBytes(pid: number): number {
  const m = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!m) throw new Error(`process ${pid} has no VmRSS`);
  return Number(m[1]) * 1024;
}

/** Samples rssBytes(pid) every `everyMs` until stop(), which answers every sample taken. */
export function watchRss(pid: number, everyMs = 50): { stop(): number[] } {
  const samples = [rssBytes(pid)];
  const timer = setInterval(() => {
    try {
      samples.push(rssBytes(pid));
    } catch {
      // The process has gone; whoever started it reports its exit, and stop() fails on it.
      clearInterval(timer);
    }
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      samples.push(rssBytes(pid));
      return samples;
    },
  };
}
