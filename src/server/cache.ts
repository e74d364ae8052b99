/**
 * A small in-process memo for data every page needs (web info, settings, home blocks).
 * Content changes call clear(); with several processes on PostgreSQL the time-to-live bounds
 * how long another process may show the old value. It holds at most `maxEntries` values: when
 * full, expired entries go first, then the oldest.
 */
export class MemoCache {
  private entries = new Map<string, { expires: number; value: Promise<unknown> }>();
  private listeners = new Set<() => void>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 5000,
  ) {}

  get<T>(key: string, load: () => PromiseLike<T>, ttlMs = this.ttlMs): Promise<T> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return hit.value as Promise<T>;
    // A promise of the value itself: a thenable (a Drizzle query) would run again at every await.
    const value = Promise.resolve(load());
    if (!hit && this.entries.size >= this.maxEntries) this.makeRoom(now);
    this.entries.set(key, { expires: now + Math.min(ttlMs, this.ttlMs), value });
    value.catch(() => this.entries.delete(key)); // never keep a failure
    return value;
  }

  private makeRoom(now: number): void {
    for (const [key, entry] of this.entries) if (entry.expires <= now) this.entries.delete(key);
    if (this.entries.size < this.maxEntries) return;
    const oldest = this.entries.keys().next().value;
    if (oldest !== undefined) this.entries.delete(oldest);
  }

  /** Forgets everything and tells listeners (the page cache in front of Astro). */
  clear(): void {
    this.entries.clear();
    for (const listener of this.listeners) listener();
  }

  onClear(listener: () => void): void {
    this.listeners.add(listener);
  }
}
