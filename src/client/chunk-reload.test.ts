import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CHUNK_RELOAD_KEY,
  installChunkReloadGuard,
  isChunkLoadError,
  shouldReloadAfterChunkError,
} from './chunk-reload';
import { memoryStorage } from './test-support';

describe('shouldReloadAfterChunkError', () => {
  it('reloads when there was no reload yet', () => {
    expect(shouldReloadAfterChunkError(1_000, null)).toBe(true);
  });

  it('does not reload again within 10 s', () => {
    expect(shouldReloadAfterChunkError(50_000, 50_000)).toBe(false);
    expect(shouldReloadAfterChunkError(59_999, 50_000)).toBe(false);
    expect(shouldReloadAfterChunkError(60_000, 50_000)).toBe(true);
  });

  it('treats an unreadable or future time as stale', () => {
    expect(shouldReloadAfterChunkError(1_000, Number.NaN)).toBe(true);
    expect(shouldReloadAfterChunkError(1_000, 5_000)).toBe(true);
  });
});

describe('isChunkLoadError', () => {
  it.each([
    'Failed to fetch dynamically imported module: https://x/_astro/Page.abc.js', // Chromium
    'error loading dynamically imported module: https://x/_astro/Page.abc.js', // Firefox
    'Importing a module script failed.', // Safari
    'Loading chunk 12 failed.',
    'Loading CSS chunk 3 failed.',
  ])('recognises "%s"', (text) => {
    expect(isChunkLoadError(new TypeError(text))).toBe(true);
    expect(isChunkLoadError(text)).toBe(true);
  });

  it('leaves other failures alone', () => {
    expect(isChunkLoadError(new Error('Request failed'))).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
    expect(isChunkLoadError({ message: 'Loading chunk 1 failed' })).toBe(false);
  });
});

describe('installChunkReloadGuard', () => {
  let now: number;
  let storage: Storage;
  let win: EventTarget & { location: { reload: ReturnType<typeof vi.fn> } };
  let uninstall: () => void;

  const preloadError = () => {
    const event = new Event('vite:preloadError', { cancelable: true });
    win.dispatchEvent(event);
    return event;
  };
  const rejection = (reason: unknown) => {
    const event = Object.assign(new Event('unhandledrejection', { cancelable: true }), { reason });
    win.dispatchEvent(event);
    return event;
  };

  beforeEach(() => {
    now = 100_000;
    storage = memoryStorage();
    vi.stubGlobal('sessionStorage', storage);
    win = Object.assign(new EventTarget(), { location: { reload: vi.fn() } });
    uninstall = installChunkReloadGuard(win as unknown as Window, () => now);
  });
  afterEach(() => {
    uninstall();
    vi.unstubAllGlobals();
  });

  it('reloads once on a failed preload and remembers when', () => {
    const event = preloadError();
    expect(win.location.reload).toHaveBeenCalledOnce();
    expect(event.defaultPrevented).toBe(true);
    expect(storage.getItem(CHUNK_RELOAD_KEY)).toBe('100000');
  });

  it('does not reload again within 10 s of the last reload (kept across the reload)', () => {
    storage.setItem(CHUNK_RELOAD_KEY, String(now - 9_000));
    const event = preloadError();
    expect(win.location.reload).not.toHaveBeenCalled();
    expect(event.defaultPrevented).toBe(false);

    now += 1_000;
    preloadError();
    expect(win.location.reload).toHaveBeenCalledOnce();
  });

  it('reloads on an unhandled rejection of a chunk import, and only then', () => {
    rejection(new Error('Request failed'));
    expect(win.location.reload).not.toHaveBeenCalled();

    const event = rejection(new TypeError('Failed to fetch dynamically imported module: /x.js'));
    expect(win.location.reload).toHaveBeenCalledOnce();
    expect(event.defaultPrevented).toBe(true);
  });

  it('stops listening when uninstalled', () => {
    uninstall();
    preloadError();
    rejection(new TypeError('Importing a module script failed.'));
    expect(win.location.reload).not.toHaveBeenCalled();
  });
});
