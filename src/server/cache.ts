/**
 * A small in-process memo for data every page needs (web info, settings, home blocks).
 * Content changes call clear(); with several processes on PostgreSQL the time-to-live bounds
 * how long another process may show the old value.
 */
export class MemoCache {
  private entries = new Map<string, { expires: number; value: Promise<unknown> }>();
  private listeners = new Set<() => void>();

  constructor(private readonly ttlMs: number) {}

  get<T>(key: string, load: () => Promise<T>, ttlMs = this.ttlMs): Promise<T> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return hit.value as Promise<T>;
    const value = load();
    this.entries.set(key, { expires: now + Math.min(ttlMs, this.ttlMs), value });
    value.catch(() => this.entries.delete(key)); // never keep a failure
    return value;
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
