import { RELOAD_GUARD_KEY, RELOAD_GUARD_MS } from '../../../domain/session';

/** The one way the app reloads the page (after a login, after a failed page part); tests replace it. */
export const browser = {
  reload(): void {
    window.location.reload();
  },
};

function lastReload(): number {
  try {
    return Number(sessionStorage.getItem(RELOAD_GUARD_KEY)) || 0;
  } catch {
    return 0;
  }
}

/**
 * Spec part 1 §4: a page part that fails to load triggers one full reload, allowed once per
 * RELOAD_GUARD_MS — a broken deployment must not reload forever. Answers whether it reloaded.
 */
export function reloadOnce(): boolean {
  const now = Date.now();
  if (now - lastReload() < RELOAD_GUARD_MS) return false;
  try {
    sessionStorage.setItem(RELOAD_GUARD_KEY, String(now));
  } catch {
    // storage refused (private mode): reload anyway, the guard is a nicety
  }
  browser.reload();
  return true;
}

/** Messages browsers give a dynamic import (a lazy page chunk) that could not be fetched. */
const CHUNK_FAILURE = /dynamically imported module|Importing a module script failed|error loading dynamically imported module|ChunkLoadError|Loading chunk/i;

/**
 * Reloads once on Vite's `vite:preloadError` (a chunk's preload failed) and on an unhandled dynamic
 * import failure. When the guard refuses, the error goes on as usual and `onRefused` is told.
 */
export function installChunkReloadGuard(onRefused: () => void): () => void {
  const onPreloadError = (e: Event) => {
    if (reloadOnce()) e.preventDefault();
    else onRefused();
  };
  const onRejection = (e: PromiseRejectionEvent) => {
    const reason = e.reason as { message?: unknown; name?: unknown } | undefined;
    const text = `${String(reason?.name ?? '')} ${String(reason?.message ?? reason ?? '')}`;
    if (!CHUNK_FAILURE.test(text)) return;
    if (reloadOnce()) e.preventDefault();
    else onRefused();
  };
  window.addEventListener('vite:preloadError', onPreloadError);
  window.addEventListener('unhandledrejection', onRejection);
  return () => {
    window.removeEventListener('vite:preloadError', onPreloadError);
    window.removeEventListener('unhandledrejection', onRejection);
  };
}
