import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createToastQueue, type ToastClock, type ToastQueue } from './toast';

let queue: ToastQueue;

beforeEach(() => {
  vi.useFakeTimers();
  queue = createToastQueue();
});
afterEach(() => vi.useRealTimers());

const messages = () => queue.toasts.get().map((t) => t.message);

describe('showToast', () => {
  it('queues a toast at the bottom for 5000 ms by default', () => {
    const id = queue.showToast({ message: '已儲存', type: 'success' });
    expect(id).not.toBeNull();
    expect(queue.toasts.get()).toEqual([
      { id, message: '已儲存', type: 'success', duration: 5000, position: 'bottom' },
    ]);

    vi.advanceTimersByTime(4999);
    expect(messages()).toEqual(['已儲存']);
    vi.advanceTimersByTime(1);
    expect(messages()).toEqual([]);
  });

  it('takes its own duration and position, and keeps several toasts in order', () => {
    queue.showToast({ message: 'first', type: 'info', duration: 1000, position: 'top' });
    queue.showToast({ message: 'second', type: 'warning' });
    expect(queue.toasts.get().map((t) => [t.message, t.position])).toEqual([
      ['first', 'top'],
      ['second', 'bottom'],
    ]);
    vi.advanceTimersByTime(1000);
    expect(messages()).toEqual(['second']);
  });

  it('keeps a toast with duration 0 until it is dismissed', () => {
    const id = queue.showToast({ message: 'new version', type: 'info', duration: 0 });
    vi.advanceTimersByTime(60_000);
    expect(messages()).toEqual(['new version']);
    queue.dismissToast(id!);
    expect(messages()).toEqual([]);
  });

  it('suppresses the same text and type for 5 s, even after the first one was dismissed', () => {
    const id = queue.showToast({ message: 'Request failed', type: 'error' });
    queue.dismissToast(id!);
    vi.advanceTimersByTime(4999);
    expect(queue.showToast({ message: 'Request failed', type: 'error' })).toBeNull();
    expect(messages()).toEqual([]);

    vi.advanceTimersByTime(1);
    expect(queue.showToast({ message: 'Request failed', type: 'error' })).not.toBeNull();
  });

  it('does not suppress a different text or a different type', () => {
    queue.showToast({ message: 'A', type: 'error' });
    expect(queue.showToast({ message: 'A', type: 'info' })).not.toBeNull();
    expect(queue.showToast({ message: 'B', type: 'error' })).not.toBeNull();
    expect(messages()).toEqual(['A', 'A', 'B']);
  });
});

describe('dismissToast', () => {
  it('removes only that toast and cancels its timer', () => {
    const first = queue.showToast({ message: 'one', type: 'info' });
    queue.showToast({ message: 'two', type: 'info', duration: 8000 });
    queue.dismissToast(first!);
    expect(messages()).toEqual(['two']);
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(8000);
    expect(messages()).toEqual([]);
  });

  it('ignores an unknown id', () => {
    queue.showToast({ message: 'one', type: 'info' });
    queue.dismissToast(999);
    expect(messages()).toEqual(['one']);
  });
});

describe('createToastQueue with an injected clock', () => {
  it('uses the given clock and timers', () => {
    let now = 0;
    const pending: Array<() => void> = [];
    const clock: ToastClock = {
      now: () => now,
      setTimeout: (fn) => pending.push(fn),
      clearTimeout: () => {},
    };
    const own = createToastQueue(clock);
    own.showToast({ message: 'x', type: 'info' });
    expect(own.showToast({ message: 'x', type: 'info' })).toBeNull();
    now = 5000;
    expect(own.showToast({ message: 'x', type: 'info' })).not.toBeNull();
    pending.forEach((fire) => fire());
    expect(own.toasts.get()).toEqual([]);
  });
});
