import { readStorage, writeStorage } from './storage';

/**
 * After a deployment, a tab still running the old build asks for script chunks that no longer
 * exist. Reloading once loads the new build; the guard stops a reload loop when the failure
 * has another cause.
 */
export const CHUNK_RELOAD_KEY = 'ams-chunk-reload-at';
export const CHUNK_RELOAD_GUARD_MS = 10_000;

/** What browsers and bundlers say when a script chunk cannot be loaded. */
const CHUNK_ERROR = new RegExp(
  [
    'Failed to fetch dynamically imported module', // Chromium
    'error loading dynamically imported module', // Firefox
    'Importing a module script failed', // Safari
    'Loading (CSS )?chunk',
  ].join('|'),
  'i',
);

/** Reload unless the last reload is less than 10 s ago (a time in the future counts as stale). */
export function shouldReloadAfterChunkError(now: number, lastReloadAt: number | null): boolean {
  if (lastReloadAt === null || !Number.isFinite(lastReloadAt)) return true;
  const elapsed = now - lastReloadAt;
  return elapsed < 0 || elapsed >= CHUNK_RELOAD_GUARD_MS;
}

export function isChunkLoadError(reason: unknown): boolean {
  const text = reason instanceof Error ? reason.message : typeof reason === 'string' ? reason : '';
  return CHUNK_ERROR.test(text);
}

type GuardWindow = Pick<Window, 'addEventListener' | 'removeEventListener'> & {
  location: Pick<Location, 'reload'>;
};

/** Installs the listeners; returns a function that removes them. */
export function installChunkReloadGuard(win: GuardWindow = window, now: () => number = Date.now): () => void {
  /** Reloads when the guard allows it; says whether it did. */
  const reloadOnce = (): boolean => {
    const stored = readStorage('sessionStorage', CHUNK_RELOAD_KEY);
    const at = now();
    if (!shouldReloadAfterChunkError(at, stored === null ? null : Number(stored))) return false;
    writeStorage('sessionStorage', CHUNK_RELOAD_KEY, String(at));
    win.location.reload();
    return true;
  };
  // Vite's event for a failed preload; preventing it keeps Vite from throwing the error on.
  const onPreloadError = (event: Event): void => {
    if (reloadOnce()) event.preventDefault();
  };
  const onRejection = (event: PromiseRejectionEvent): void => {
    if (isChunkLoadError(event.reason) && reloadOnce()) event.preventDefault();
  };
  win.addEventListener('vite:preloadError', onPreloadError);
  win.addEventListener('unhandledrejection', onRejection);
  return () => {
    win.removeEventListener('vite:preloadError', onPreloadError);
    win.removeEventListener('unhandledrejection', onRejection);
  };
}
