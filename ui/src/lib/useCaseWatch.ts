import { useEffect, useRef } from 'react';
import { subscribe } from '../api/client';

const FIRST_POLL_MS = 150;
const MAX_POLL_MS = 2000;

/**
 * While `active`, calls `reload` whenever the case's timeline moves (the server pushes its events,
 * /api/cases/:kind/:id/stream) and, in case the push is late or the stream cannot open, polls with
 * back-off: first after 150 ms, doubling up to every 2 s. For pages waiting on a workflow's next step
 * (a payment's notification): the answer shows as soon as it exists, not at the next 2 s tick.
 */
export function useCaseWatch(kind: string, id: string, active: boolean, reload: () => Promise<unknown>): void {
  const latest = useRef(reload);
  latest.current = reload;
  useEffect(() => {
    if (!active || !id) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let delay = FIRST_POLL_MS;
    const poll = () => {
      timer = setTimeout(async () => {
        await latest.current().catch(() => undefined);
        delay = Math.min(delay * 2, MAX_POLL_MS);
        if (!stopped) poll();
      }, delay);
    };
    poll();
    const unsubscribe = subscribe(`/api/cases/${encodeURIComponent(kind)}/${encodeURIComponent(id)}/stream`, 'case', () => void latest.current());
    return () => {
      stopped = true;
      clearTimeout(timer);
      unsubscribe();
    };
  }, [kind, id, active]);
}
