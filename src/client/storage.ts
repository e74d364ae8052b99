/**
 * Guarded access to the browser's Web Storage. On the server, or where the browser refuses
 * storage (private modes, disabled cookies), reads give null and writes do nothing.
 */
export type StorageKind = 'localStorage' | 'sessionStorage';

function storageOf(kind: StorageKind): Storage | null {
  try {
    return (globalThis as Partial<Record<StorageKind, Storage>>)[kind] ?? null;
  } catch {
    return null; // some browsers throw on merely touching the property
  }
}

export function readStorage(kind: StorageKind, key: string): string | null {
  try {
    return storageOf(kind)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Writes `value`, or removes the key when `value` is null. */
export function writeStorage(kind: StorageKind, key: string, value: string | null): void {
  try {
    const storage = storageOf(kind);
    if (value === null) storage?.removeItem(key);
    else storage?.setItem(key, value);
  } catch {
    // quota exceeded or storage disabled: the state simply is not remembered
  }
}
