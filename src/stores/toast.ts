import { atom, type ReadableAtom } from 'nanostores';

export type ToastType = 'success' | 'error' | 'info' | 'warning';
export type ToastPosition = 'top' | 'bottom';

export interface ToastInput {
  message: string;
  type: ToastType;
  /** Milliseconds before the toast removes itself; 0 keeps it until dismissed. */
  duration?: number;
  position?: ToastPosition;
}

export interface Toast extends Required<ToastInput> {
  id: number;
}

export const TOAST_DURATION_MS = 5000;
export const TOAST_DEDUPE_MS = 5000;

/** The clock and timers the queue uses; read at call time so fake timers apply. */
export interface ToastClock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const systemClock: ToastClock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface ToastQueue {
  toasts: ReadableAtom<readonly Toast[]>;
  /** Queues a toast and returns its id, or null when the same text and type was shown in the last 5 s. */
  showToast(input: ToastInput): number | null;
  dismissToast(id: number): void;
}

export function createToastQueue(clock: ToastClock = systemClock): ToastQueue {
  const toasts = atom<readonly Toast[]>([]);
  const timers = new Map<number, unknown>();
  const lastShownAt = new Map<string, number>();
  let nextId = 1;

  function dismissToast(id: number): void {
    if (timers.has(id)) clock.clearTimeout(timers.get(id));
    timers.delete(id);
    toasts.set(toasts.get().filter((t) => t.id !== id));
  }

  function showToast({ message, type, duration = TOAST_DURATION_MS, position = 'bottom' }: ToastInput): number | null {
    const now = clock.now();
    for (const [key, at] of lastShownAt) if (now - at >= TOAST_DEDUPE_MS) lastShownAt.delete(key);
    const key = `${type}\u0000${message}`;
    if (lastShownAt.has(key)) return null;
    lastShownAt.set(key, now);

    const id = nextId++;
    toasts.set([...toasts.get(), { id, message, type, duration, position }]);
    if (duration > 0)
      timers.set(
        id,
        clock.setTimeout(() => dismissToast(id), duration),
      );
    return id;
  }

  return { toasts, showToast, dismissToast };
}

/** The site's one toast queue, rendered by the toast island. */
export const { toasts, showToast, dismissToast } = createToastQueue();
