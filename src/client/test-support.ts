/** Minimal browser stand-ins for the unit tests of src/client and src/stores (environment: node). */
import { vi } from 'vitest';

/** An in-memory Web Storage. */
export function memoryStorage(initial: Record<string, string> = {}): Storage {
  const items = new Map(Object.entries(initial));
  return {
    get length() {
      return items.size;
    },
    key: (index) => [...items.keys()][index] ?? null,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, String(value)),
    removeItem: (key) => void items.delete(key),
    clear: () => items.clear(),
  };
}

/** Pretends the page is `<html data-locale="...">`; undefined leaves the attribute out. */
export function stubPageLocale(locale: string | undefined): void {
  vi.stubGlobal('document', { documentElement: { dataset: locale === undefined ? {} : { locale } } });
}

/** Lets pending promise callbacks run. */
export function flushPromises(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
