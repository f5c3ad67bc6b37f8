import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../../api/client';
import type { WizardStep } from '../../../../domain/titleRegistration';
import type { Values } from './fields';

/** Typing pauses this long before the draft is saved; a step change saves at once. */
export const AUTOSAVE_DELAY_MS = 800;

export type SaveState = { status: 'idle' } | { status: 'saving' } | { status: 'saved'; at: Date } | { status: 'failed' };

/**
 * Keeps the server draft (PUT /api/title/drafts/:id { data, step }) in step with the wizard, so a
 * reload or another device resumes at the same step with the same data. A new wizard (id '') has no
 * draft until its first save, which creates it (POST /api/title/drafts) and reports the id through
 * `onCreated`: opening the wizard and leaving stores nothing. Saves run one after another, so the
 * draft is created once. `flush` saves what is pending now (before submit).
 */
export function useDraftAutosave(id: string, data: Values, step: WizardStep, onCreated?: (id: string) => void) {
  const [state, setState] = useState<SaveState>({ status: 'idle' });
  const [draftId, setDraftId] = useState(id);
  const idRef = useRef(id);
  const created = useRef(onCreated);
  created.current = onCreated;
  const body = JSON.stringify({ data, step });
  const saved = useRef(body);
  const savedStep = useRef(step);
  const latest = useRef(body);
  latest.current = body;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inFlight = useRef<Promise<void>>(Promise.resolve());

  const send = async (payload: string) => {
    if (payload === saved.current) return;
    setState({ status: 'saving' });
    try {
      const content = JSON.parse(payload) as { data: Values; step: WizardStep };
      if (idRef.current) {
        await api.put(`/api/title/drafts/${encodeURIComponent(idRef.current)}`, content, { quiet: true });
      } else {
        const { draft } = await api.post<{ draft: { id: string } }>('/api/title/drafts', content, { quiet: true });
        idRef.current = draft.id;
        setDraftId(draft.id);
        created.current?.(draft.id);
      }
      saved.current = payload;
      savedStep.current = content.step;
      // A newer edit may be waiting; its own timer saves it.
      setState({ status: 'saved', at: new Date() });
    } catch {
      setState({ status: 'failed' });
    }
  };
  // `send` reads refs and state setters only, so the first render's copy serves every save.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const save = useCallback((payload: string) => (inFlight.current = inFlight.current.then(() => send(payload))), []);

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
    await save(latest.current);
    return latest.current === saved.current;
  }, [save]);

  return { state, flush, draftId };
}
