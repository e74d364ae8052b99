/** Where file bytes live; the database keeps only their metadata and key. */
export interface FileStorage {
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** A stream of the bytes, or null when nothing is stored under the key. */
  open(key: string): Promise<ReadableStream<Uint8Array> | null>;
  /** Forgets the bytes under the key (nothing stored: nothing to do). */
  remove(key: string): Promise<void>;
}

/**
 * Keys are the portal's own (random names it makes: `files.storage_key`), never a visitor's text;
 * every store still refuses anything but one plain name, so no key can climb out of the folder
 * (`../`) or reach another part of a bucket (`/`).
 */
const SAFE_KEY = /^[a-z0-9][a-z0-9._-]{0,127}$/i;

export function assertKey(key: string): void {
  if (!SAFE_KEY.test(key)) throw new Error(`Unsafe storage key: ${key}`);
}
