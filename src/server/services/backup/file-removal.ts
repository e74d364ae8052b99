/**
 * Stored files' bytes and a backup running at the same time (decision record 025). A backup reads
 * the database in one snapshot, then copies the bytes of the files that snapshot names. Two rules
 * keep every byte it needs in place until it has copied it:
 *
 * - keys are never reused (a random part in every key), so no `put` changes bytes a snapshot names,
 *   and bytes are put before the row naming them commits;
 * - bytes are removed only after the row naming them is gone (committed), and only through
 *   `removeStoredFiles`, which waits while a backup holds the files (`holdingFiles`).
 *
 * A backup takes its hold before its snapshot: a removal that got in first has finished, and its
 * row's deletion is older than the snapshot; one that comes later waits for the copy to end.
 * Across processes (PostgreSQL) the hold is an advisory lock, shared by backups and taken alone by
 * a removal; in one process (the embedded database, whose backups run in the server) a counter.
 */
import { sql, type SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Database } from '../../db/client';
import type { FileStorage } from '../../integrations/storage';

/** The advisory lock backups share and a removal of bytes takes alone (PostgreSQL). */
export const FILES_HELD_LOCK = 7_302_625;

let held = 0;
let released: Promise<void> = Promise.resolve();
let release: () => void = () => {};

/** Runs `work` with the stored files held in this process: no removal starts until it ends. */
export async function holdingFilesHere<T>(work: () => Promise<T>): Promise<T> {
  if (held === 0) released = new Promise<void>((resolve) => (release = resolve));
  held += 1;
  try {
    return await work();
  } finally {
    held -= 1;
    if (held === 0) release();
  }
}

/** Runs statements in one read-only snapshot of the database. */
export interface SnapshotRunner {
  execute(query: SQL): Promise<{ rows: Record<string, unknown>[] }>;
}

/**
 * Holds the stored files (no removal until `work` ends) and gives `work` a way to read the
 * database in one snapshot taken after the hold: REPEATABLE READ READ ONLY (on the embedded
 * database, its one connection is held meanwhile, so the portal waits for the reading).
 */
export async function holdingFiles<T>(
  database: Database,
  work: (snapshot: <R>(read: (tx: SnapshotRunner) => Promise<R>) => Promise<R>) => Promise<T>,
): Promise<T> {
  const config = { isolationLevel: 'repeatable read', accessMode: 'read only' } as const;
  if (database.engine === 'pglite')
    return holdingFilesHere(() =>
      work((read) => database.db.transaction((tx) => read(tx as unknown as SnapshotRunner), config)),
    );
  // A session lock, taken before the snapshot's transaction begins, on a connection of its own.
  // Released as it came (the lock let go) or, after a failure, closed (which lets go of it too).
  const client = await (database.db as unknown as { $client: pg.Pool }).$client.connect();
  let failed = false;
  try {
    await client.query('SELECT pg_advisory_lock_shared($1)', [FILES_HELD_LOCK]);
    const own = drizzle({ client });
    const result = await work((read) => own.transaction((tx) => read(tx as unknown as SnapshotRunner), config));
    await client.query('SELECT pg_advisory_unlock_shared($1)', [FILES_HELD_LOCK]);
    return result;
  } catch (error) {
    failed = true;
    throw error;
  } finally {
    client.release(failed);
  }
}

/**
 * Forgets the bytes under `keys` (nulls skipped) once no backup holds the files. The rows naming
 * them must be gone already (committed): a backup that starts afterwards does not need them.
 */
export async function removeStoredFiles(
  database: Database,
  storage: FileStorage,
  keys: readonly (string | null | undefined)[],
): Promise<void> {
  const gone = keys.filter((key): key is string => Boolean(key));
  if (gone.length === 0) return;
  while (held > 0) await released;
  if (database.engine === 'postgres') {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${FILES_HELD_LOCK})`);
      for (const key of gone) await storage.remove(key);
    });
  } else {
    for (const key of gone) await storage.remove(key);
  }
}
