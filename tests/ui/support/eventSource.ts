/** A stand-in for EventSource: tests push server-sent events with FakeEventSource.emit(url, event, data). */
export class FakeEventSource {
  static instances: FakeEventSource[] = [];
  url: string;
  closed = false;
  listeners = new Map<string, Set<(e: MessageEvent) => void>>();
  constructor(url: string) {
    this.url = url;
    FakeEventSource.instances.push(this);
  }
  addEventListener(type: string, fn: (e: MessageEvent) => void) {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)!.add(fn);
  }
  removeEventListener(type: string, fn: (e: MessageEvent) => void) {
    this.listeners.get(type)?.delete(fn);
  }
  close() {
    this.closed = true;
  }
  static emit(url: string, type: string, data: unknown) {
    let n = 0;
    for (const s of FakeEventSource.instances) {
      if (s.closed || !s.url.includes(url)) continue;
      for (const fn of s.listeners.get(type) ?? []) {
        fn(new MessageEvent(type, { data: JSON.stringify(data) }));
        n++;
      }
    }
    return n;
  }
  static reset() {
    FakeEventSource.instances = [];
  }
}
