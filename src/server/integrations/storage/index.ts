import { createReadStream } from 'node:fs';
import { mkdir, rename, stat, writeFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import path from 'node:path';

/** Where file bytes live; the database keeps only their metadata and key. */
export interface FileStorage {
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** A stream of the bytes, or null when nothing is stored under the key. */
  open(key: string): Promise<ReadableStream<Uint8Array> | null>;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9._-]{0,127}$/i;

function assertKey(key: string): void {
  if (!SAFE_KEY.test(key)) throw new Error(`Unsafe storage key: ${key}`);
}

/** Bytes under DATA_DIR/files, written atomically. */
export function createDiskStorage(dataDir: string): FileStorage {
  const root = path.resolve(dataDir, 'files');
  return {
    async put(key, bytes) {
      assertKey(key);
      await mkdir(root, { recursive: true });
      const tmp = path.join(root, `.${key}.${process.pid}.tmp`);
      await writeFile(tmp, bytes);
      await rename(tmp, path.join(root, key));
    },
    async open(key) {
      assertKey(key);
      const file = path.join(root, key);
      try {
        await stat(file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
      return Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>;
    },
  };
}

/** A throw-away store for DATA_DIR=memory. */
export function createMemoryStorage(): FileStorage {
  const map = new Map<string, Uint8Array>();
  return {
    async put(key, bytes) {
      assertKey(key);
      map.set(key, bytes);
    },
    async open(key) {
      assertKey(key);
      const bytes = map.get(key);
      return bytes ? (new Blob([bytes as BlobPart]).stream() as ReadableStream<Uint8Array>) : null;
    },
  };
}
