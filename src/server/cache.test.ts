import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoCache } from './cache';

afterEach(() => vi.useRealTimers());

describe('MemoCache', () => {
  it('loads once while an answer is fresh, and again once it has expired', async () => {
    vi.useFakeTimers();
    const cache = new MemoCache(1000);
    const load = vi.fn(async () => 'value');
    await cache.get('k', load);
    await cache.get('k', load);
    expect(load).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1001);
    await cache.get('k', load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('never keeps a failure', async () => {
    const cache = new MemoCache(1000);
    await expect(cache.get('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    await expect(cache.get('k', async () => 'back')).resolves.toBe('back');
  });

  it('holds at most its maximum, forgetting the oldest first', async () => {
    const cache = new MemoCache(60_000, 3);
    const loads: string[] = [];
    const get = (key: string) =>
      cache.get(key, async () => {
        loads.push(key);
        return key;
      });
    for (const key of ['a', 'b', 'c', 'd']) await get(key);
    await get('b'); // still held
    await get('a'); // forgotten when d came, so loaded again
    expect(loads).toEqual(['a', 'b', 'c', 'd', 'a']);
  });

  it('makes room from expired answers before fresh ones', async () => {
    vi.useFakeTimers();
    const cache = new MemoCache(60_000, 2);
    const loads: string[] = [];
    const get = (key: string, ttl?: number) =>
      cache.get(
        key,
        async () => {
          loads.push(key);
          return key;
        },
        ttl,
      );
    await get('fresh');
    await get('brief', 10);
    vi.advanceTimersByTime(20);
    await get('new'); // the expired one goes, the older fresh one stays
    await get('fresh');
    expect(loads).toEqual(['fresh', 'brief', 'new']);
  });
});

describe('a loader that answers a thenable (a Drizzle query)', () => {
  it('runs it once and keeps its value', async () => {
    const cache = new MemoCache(60_000);
    let runs = 0;
    const query = { then: (resolve: (v: number) => void) => resolve((runs += 1)) } as PromiseLike<number>;
    expect(await cache.get('q', () => query)).toBe(1);
    expect(await cache.get('q', () => query)).toBe(1);
    expect(runs).toBe(1);
  });
});
