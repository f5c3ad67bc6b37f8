/**
 * Spec part 1 §4 / §9: a page-part (lazy chunk) load failure triggers one full reload, allowed once
 * per 60 000 ms; the time of the last such reload is kept in sessionStorage under this key.
 */
export const RELOAD_GUARD_MS = 60_000;
export const RELOAD_GUARD_KEY = 'ipci-chunk-reload-at';
