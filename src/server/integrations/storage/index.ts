import { mkdir, open, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { asStorageFault } from './faults';
import type { Config } from '../../config';
import { assertKey, type FileStorage } from './file-storage';

export type { FileStorage } from './file-storage';

const CHUNK_BYTES = 64 * 1024;

/**
 * The file storage the configuration picks: FILE_STORAGE=s3, a bucket every machine shares
 * (checked at start, ./s3.ts); otherwise DATA_DIR/files on this machine's disk, or memory for
 * DATA_DIR=memory.
 */
export async function createStorage(config: Config): Promise<FileStorage> {
  if (config.FILE_STORAGE === 's3') {
    const { createS3Storage } = await import('./s3');
    return createS3Storage(s3Settings(config));
  }
  return config.memory ? createMemoryStorage() : createDiskStorage(config.DATA_DIR);
}

/** Where files are kept, for the start's log line: `s3://bucket/prefix` (and its server), or the folder. */
export function storageLocation(config: Config): string {
  if (config.FILE_STORAGE === 's3') {
    const { bucket, prefix, endpoint } = s3Settings(config);
    // The endpoint's origin only: an address may carry a user and password, never logged.
    return `s3://${bucket}/${prefix}${endpoint ? ` at ${new URL(endpoint).origin}` : ''}`;
  }
  return config.memory ? 'memory' : path.resolve(config.DATA_DIR, 'files');
}

function s3Settings(config: Config) {
  return {
    // loadConfig refuses FILE_STORAGE=s3 without them.
    bucket: config.S3_BUCKET!,
    region: config.S3_REGION!,
    endpoint: config.S3_ENDPOINT,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    prefix: config.S3_PREFIX ?? '',
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
  };
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
