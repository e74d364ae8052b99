import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite, type PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';
import { tightenDataDir } from '../data-dir';
import { statementCountingLogger } from './statement-count';
import { PGliteThread } from './pglite-thread';
import { pgliteRunner, pgRunner, type PreparedRunner } from './prepared';

/** One query API for both engines: PGlite and PostgreSQL speak the same dialect. */
export type Db = PgliteDatabase<typeof schema>;
/** The database or an open transaction: what a step that may run inside a transaction takes. */
export type Executor = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
  /** Runs a statement prepared once (`db/prepared.ts`): for the hottest few, where it pays. */
  prepared: PreparedRunner;
  close(): Promise<void>;
}

export interface OpenOptions {
  databaseUrl?: string;
  /** Folder for PGlite's files, or 'memory' for a throw-away database. */
  dataDir: string;
  /** Apply the committed migrations (default); a backup reads the database as it is. */
  migrate?: boolean;
}

export class DataDirLockedError extends Error {}

/** The committed migrations folder, found by walking up from this module (source or bundle). */
export function migrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = path.join(dir, 'drizzle');
    if (existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('The drizzle/ migrations folder was not found');
    dir = parent;
  }
}

/**
 * Takes the data folder for this process. PGlite is one process's database: a second process
 * on the same folder would corrupt it, so it stops here with a clear message instead.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, 'portal.lock');
  const take = () => writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
  try {
    take();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const pid = Number(readFileSync(lockFile, 'utf8').trim());
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) {
      throw new DataDirLockedError(
        `The data folder ${path.resolve(dataDir)} is in use by another process (pid ${pid}). ` +
          'Stop that process first, or set DATA_DIR to another folder.',
      );
    }
    rmSync(lockFile, { force: true }); // left behind by a process that has ended
    take();
  }
  return () => rmSync(lockFile, { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Opens the database and applies the committed migrations (unless `migrate` is false). */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  const folder = migrationsFolder();
  const migrate = options.migrate ?? true;
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    const db = drizzlePg({ client: pool, schema, logger: statementCountingLogger }) as unknown as Db;
    if (migrate) await migratePg(db as never, { migrationsFolder: folder });
    return { db, engine: 'postgres', prepared: pgRunner(pool), close: () => pool.end() };
  }
  const memory = options.dataDir === 'memory';
  const unlock = memory ? () => {} : lockDataDir(options.dataDir);
  try {
    const client = await PGliteThread.open(memory ? null : path.join(options.dataDir, 'pglite'));
    // Drizzle's PGlite driver uses only `query` and `transaction`, which the thread's client keeps.
    const db = drizzlePglite({ client: client as unknown as PGlite, schema, logger: statementCountingLogger });
    if (migrate) await migratePglite(db, { migrationsFolder: folder });
    if (!memory) tightenDataDir(options.dataDir);
    return {
      db,
      engine: 'pglite',
      prepared: pgliteRunner(client),
      close: async () => {
        await client.close();
        if (!memory) tightenDataDir(options.dataDir);
        unlock();
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}
