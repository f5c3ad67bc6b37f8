import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../../api/client';
import type { WizardStep } from '../../../../domain/titleRegistration';
import type { Values } from './fields';

/** Typing pauses this long before the draft is saved; a step change saves at once. */
export const AUTOSAVE_DELAY_MS = 800;

export type SaveState = { status: 'idle' } | { status: 'saving' } | { status: 'saved'; at: Date } | { status: 'failed' };

/**
 * Keeps the server draft (PUT /api/title/drafts/:id { data, step }) in step with the wizard, so a
 * reload or another device resumes at the same step with the same data. `flush` saves what is
 * pending now (before submit).
 */
export function useDraftAutosave(id: string, data: Values, step: WizardStep) {
  const [state, setState] = useState<SaveState>({ status: 'idle' });
  const body = JSON.stringify({ data, step });
  const saved = useRef(body);
  const savedStep = useRef(step);
  const latest = useRef(body);
  latest.current = body;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inFlight = useRef<Promise<void> | null>(null);

  const save = useCallback(
    async (payload: string) => {
      if (payload === saved.current) return;
      setState({ status: 'saving' });
      const run = api
        .put(`/api/title/drafts/${encodeURIComponent(id)}`, JSON.parse(payload), { quiet: true })
        .then(() => {
          saved.current = payload;
          savedStep.current = (JSON.parse(payload) as { step: WizardStep }).step;
          // A newer edit may be waiting; its own timer saves it.
          setState({ status: 'saved', at: new Date() });
        })
        .catch(() => setState({ status: 'failed' }));
      inFlight.current = run;
      await run;
    },
    [id],
  );

  useEffect(() => {
    if (body === saved.current) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void save(latest.current), step !== savedStep.current ? 0 : AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer.current);
  }, [body, step, save]);

  // Leaving the page keeps what was typed in the last moment.
  useEffect(
    () => () => {
      if (latest.current !== saved.current) void save(latest.current);
    },
    [save],
  );

  /** Saves what is pending; false when the server did not take it. */
  const flush = useCallback(async (): Promise<boolean> => {
    clearTimeout(timer.current);
    await inFlight.current;
    await save(latest.current);
    return latest.current === saved.current;
  }, [save]);

  return { state, flush };
}
