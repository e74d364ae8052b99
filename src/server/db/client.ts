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
import { logger } from '../logger';
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
  /**
   * Runs `work` while no other process starting on this database runs its own: on PostgreSQL
   * under the advisory lock the migrations take turns with (machines starting at once put the
   * base data in place and seed the demo once); the embedded database has one process.
   */
  inTurn<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface OpenOptions {
  databaseUrl?: string;
  /** Folder for PGlite's files, or 'memory' for a throw-away database. */
  dataDir: string;
  /** Apply the committed migrations (default); a backup reads the database as it is. */
  migrate?: boolean;
  /** PostgreSQL: the tables' owner, who migrates (and runs `afterMigrate`); unset, `databaseUrl`'s role. */
  migrationDatabaseUrl?: string;
  /** Run right after the migrations, as the role that ran them, in the same turn (the audit log's sealing). */
  afterMigrate?: (db: Db) => Promise<unknown>;
}

export class DataDirLockedError extends Error {}

/**
 * How long a request waits for a PostgreSQL connection (a new one, or a free one of the pool's)
 * before it fails as the database unavailable (HTTP 503, -997): a database that cannot be reached
 * answers within this bound, never hangs the request.
 */
export const CONNECT_TIMEOUT_MS = 5000;
/** The pool's connections per serving process. */
const POOL_SIZE = 10;

/**
 * PostgreSQL's 64-bit integers (a `count(*)`, a sum of integers, a `bigint` column) are read as the
 * embedded database reads them: a number when it is a safe integer, else a BigInt (node-postgres
 * alone gives text), so a service sees the same values on both engines (`engine-parity.test.ts`).
 * Drizzle's queries use node-postgres's global parsers, so the parser is set there, once.
 */
pg.types.setTypeParser(pg.types.builtins.INT8, (text: string) => {
  const value = BigInt(text);
  return value >= Number.MIN_SAFE_INTEGER && value <= Number.MAX_SAFE_INTEGER ? Number(value) : value;
});

/**
 * The pool of PostgreSQL connections. A connection the server ends while it sits idle in the pool
 * (PostgreSQL stopped or restarted, an administrator's `pg_terminate_backend`) is reported on the
 * pool: logged here, it is dropped and the next request opens a new one. Without a listener
 * Node would end the process on that event.
 */
function createPool(databaseUrl: string): pg.Pool {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: POOL_SIZE,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  });
  pool.on('error', (error) => logger().warn({ err: error }, 'an idle database connection was lost'));
  // A connection in use that is lost between two statements (a transaction while the process works
  // on its next statement, such as the audit chain's hash) is reported by node-postgres as an 'error'
  // event, which the pool listens for only while the connection is idle; unheard, it would end the
  // process. The transaction's next statement fails instead (-997), and the pool drops the connection.
  pool.on('connect', (client) =>
    client.on('error', (error) => logger().warn({ err: error }, 'a database connection in use was lost')),
  );
  return pool;
}

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
 *
 * The lock file (`portal.lock`) names the process and, where the system says (Linux's /proc),
 * when it started. A lock left by a process that has ended (killed, or the machine stopped) is
 * taken over: its process is gone, or its number now belongs to a process that started at
 * another time (numbers are reused, after a restart of a container or of the machine most of all).
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, 'portal.lock');
  const take = () => writeFileSync(lockFile, `${process.pid} ${startTimeOf(process.pid) ?? ''}`.trim(), { flag: 'wx' });
  try {
    take();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const [pidText = '', started] = readFileSync(lockFile, 'utf8').trim().split(/\s+/);
    const pid = Number(pidText);
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && holds(pid, started)) {
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

/** Whether the process that wrote a lock (`pid`, started at `started` when known) still runs. */
function holds(pid: number, started: string | undefined): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const now = startTimeOf(pid);
  return !started || !now || now === started;
}

/** When process `pid` started (clock ticks after boot, /proc/PID/stat), or null where the system does not say. */
export function startTimeOf(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The 22nd field; the second (the command, in parentheses) may hold spaces.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

/** The advisory lock processes starting at once on one PostgreSQL database take turns with to start. */
const START_LOCK = 7_302_610;

/**
 * Runs `work` (the migrations, then the base data and the demo) while holding a session advisory
 * lock on a connection of its own: processes (of one machine or several) starting at once after a
 * release each wait for the one before, then find its work done, instead of doing it twice and
 * failing.
 */
async function inTurn<T>(pool: pg.Pool, work: () => Promise<T>): Promise<T> {
  const lock = await pool.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [START_LOCK]);
    try {
      return await work();
    } finally {
      await lock.query('SELECT pg_advisory_unlock($1)', [START_LOCK]);
    }
  } finally {
    lock.release();
  }
}

/**
 * With two roles (MIGRATION_DATABASE_URL the tables' owner, DATABASE_URL the role the portal serves
 * as), the owner takes from the serving role any right to change or remove the audit log's rows
 * (granted it by default privileges on every new table): it may read and append, nothing more.
 */
async function appendOnlyFor(pool: pg.Pool, ownerPool: pg.Pool): Promise<void> {
  const [serving, owner] = await Promise.all(
    [pool, ownerPool].map((p) => p.query<{ role: string }>('SELECT current_user AS role')),
  );
  const role = serving!.rows[0]!.role;
  if (role === owner!.rows[0]!.role) return;
  await ownerPool.query(`REVOKE UPDATE, DELETE, TRUNCATE ON audit_log FROM "${role.replaceAll('"', '""')}"`);
}

/** Opens the database and applies the committed migrations (unless `migrate` is false). */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  const folder = migrationsFolder();
  const migrate = options.migrate ?? true;
  if (options.databaseUrl) {
    const pool = createPool(options.databaseUrl);
    const db = drizzlePg({ client: pool, schema, logger: statementCountingLogger }) as unknown as Db;
    try {
      if (migrate) {
        const ownerPool = options.migrationDatabaseUrl ? createPool(options.migrationDatabaseUrl) : pool;
        const ownerDb = ownerPool === pool ? db : (drizzlePg({ client: ownerPool, schema }) as unknown as Db);
        try {
          await inTurn(ownerPool, async () => {
            await migratePg(ownerDb as never, { migrationsFolder: folder });
            await options.afterMigrate?.(ownerDb);
            if (ownerPool !== pool) await appendOnlyFor(pool, ownerPool);
          });
        } finally {
          if (ownerPool !== pool) await ownerPool.end();
        }
      }
    } catch (error) {
      await pool.end();
      throw error;
    }
    return {
      db,
      engine: 'postgres',
      prepared: pgRunner(pool),
      inTurn: (work) => inTurn(pool, work),
      close: () => pool.end(),
    };
  }
  const memory = options.dataDir === 'memory';
  const unlock = memory ? () => {} : lockDataDir(options.dataDir);
  try {
    const client = await PGliteThread.open(memory ? null : path.join(options.dataDir, 'pglite'));
    // Drizzle's PGlite driver uses only `query` and `transaction`, which the thread's client keeps.
    const db = drizzlePglite({ client: client as unknown as PGlite, schema, logger: statementCountingLogger });
    if (migrate) {
      await migratePglite(db, { migrationsFolder: folder });
      await options.afterMigrate?.(db);
    }
    if (!memory) tightenDataDir(options.dataDir);
    return {
      db,
      engine: 'pglite',
      prepared: pgliteRunner(client),
      inTurn: (work) => work(),
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
