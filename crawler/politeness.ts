/**
 * Per-host politeness: at most `concurrency` requests in flight to a host; two requests to it start
 * at least `delayMs` apart (the site's delay, never under MIN_CRAWL_DELAY_MS, raised to the host's
 * robots.txt Crawl-delay), and none starts sooner than `delayMs` after an answer from it was read —
 * so the server sees the gap even when an earlier request took its time to reach it (a new
 * connection) or to be answered. A 429 or 503 pauses the whole host (pauseUntil), not only the URL
 * that got it: the server asked us, not the page. Waiters are served in order of arrival.
 */
export class HostGate {
  private inFlight = 0;
  private nextStartAt = 0;
  /** The last request started, or the last answer read, whichever was later. */
  private lastAt = 0;
  private timer: NodeJS.Timeout | null = null;
  private readonly waiters: Array<{ resolve: (release: () => void) => void; reject: (err: unknown) => void; signal?: AbortSignal; onAbort?: () => void }> = [];

  constructor(
    public delayMs: number,
    public concurrency: number,
  ) {}

  /** Resolves with a release function once this request may start; rejects if `signal` aborts first. */
  acquire(signal?: AbortSignal): Promise<() => void> {
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const waiter: (typeof this.waiters)[number] = { resolve, reject, signal };
      if (signal) {
        waiter.onAbort = () => {
          const i = this.waiters.indexOf(waiter);
          if (i >= 0) this.waiters.splice(i, 1);
          reject(signal.reason);
        };
        signal.addEventListener('abort', waiter.onAbort, { once: true });
      }
      this.waiters.push(waiter);
      this.pump();
    });
  }

  /** A longer delay (robots.txt Crawl-delay) applies from the last request or answer already there. */
  raiseDelay(ms: number): void {
    if (ms <= this.delayMs) return;
    this.delayMs = ms;
    this.pauseUntil(this.lastAt + ms);
  }

  /** No request starts before `at` (epoch ms); an earlier pause is not shortened. */
  pauseUntil(at: number): void {
    this.nextStartAt = Math.max(this.nextStartAt, at);
  }

  private pump(): void {
    if (this.timer) return;
    while (this.waiters.length && this.inFlight < this.concurrency) {
      const wait = this.nextStartAt - Date.now();
      if (wait > 0) {
        this.timer = setTimeout(() => {
          this.timer = null;
          this.pump();
        }, wait);
        return;
      }
      const waiter = this.waiters.shift()!;
      if (waiter.onAbort) waiter.signal!.removeEventListener('abort', waiter.onAbort);
      this.inFlight++;
      this.lastAt = Date.now();
      this.nextStartAt = this.lastAt + this.delayMs;
      let released = false;
      waiter.resolve(() => {
        if (released) return;
        released = true;
        this.inFlight--;
        this.lastAt = Date.now();
        this.pauseUntil(this.lastAt + this.delayMs);
        this.pump();
      });
    }
  }
}

/** The gates of one crawl, one per host; two sites sharing a host share its gate with the stricter settings. */
export class HostGates {
  private readonly gates = new Map<string, HostGate>();

  get(host: string, delayMs: number, concurrency: number): HostGate {
    let gate = this.gates.get(host);
    if (!gate) this.gates.set(host, (gate = new HostGate(delayMs, concurrency)));
    else {
      gate.raiseDelay(delayMs);
      gate.concurrency = Math.min(gate.concurrency, concurrency);
    }
    return gate;
  }
}
