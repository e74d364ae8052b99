import { mkdir, open, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { asStorageFault } from './faults';

/** Where file bytes live; the database keeps only their metadata and key. */
export interface FileStorage {
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** A stream of the bytes, or null when nothing is stored under the key. */
  open(key: string): Promise<ReadableStream<Uint8Array> | null>;
  /** Forgets the bytes under the key (nothing stored: nothing to do). */
  remove(key: string): Promise<void>;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9._-]{0,127}$/i;
const CHUNK_BYTES = 64 * 1024;

function assertKey(key: string): void {
  if (!SAFE_KEY.test(key)) throw new Error(`Unsafe storage key: ${key}`);
}

/** Bytes under DATA_DIR/files, written atomically. */
export function createDiskStorage(dataDir: string): FileStorage {
  const root = path.resolve(dataDir, 'files');
  return {
    async put(key, bytes) {
      assertKey(key);
      const tmp = path.join(root, `.${key}.${process.pid}.tmp`);
      try {
        await mkdir(root, { recursive: true });
        await writeFile(tmp, bytes);
        await rename(tmp, path.join(root, key));
      } catch (error) {
        // A full or read-only folder: nothing half written stays behind, and the caller stores no row.
        await rm(tmp, { force: true }).catch(() => {});
        throw asStorageFault(error);
      }
    },
    async open(key) {
      assertKey(key);
      let handle: Awaited<ReturnType<typeof open>>;
      try {
        handle = await open(path.join(root, key), 'r');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
      // A plain pull stream over the file: each read is asked for by the reader, and the file is
      // closed at the end or when the reader goes away.
      return new ReadableStream<Uint8Array>({
        async pull(controller) {
          try {
            const chunk = new Uint8Array(CHUNK_BYTES);
            const { bytesRead } = await handle.read(chunk, 0, CHUNK_BYTES, null);
            if (bytesRead === 0) {
              await handle.close();
              controller.close();
            } else {
              controller.enqueue(chunk.subarray(0, bytesRead));
            }
          } catch (error) {
            await handle.close().catch(() => {});
            controller.error(error);
          }
        },
        async cancel() {
          await handle.close();
        },
      });
    },
    async remove(key) {
      assertKey(key);
      await rm(path.join(root, key), { force: true });
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
    async remove(key) {
      assertKey(key);
      map.delete(key);
    },
  };
}
