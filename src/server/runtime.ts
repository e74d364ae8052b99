import { randomUUID } from 'node:crypto';
import { MemoCache } from './cache';
import { secureDataDir } from './data-dir';
import { loadConfig, type Config } from './config';
import { openDatabase, type Database } from './db/client';
import { createStorage, type FileStorage } from './integrations/storage';
import { loadSecrets, type Secrets } from './auth/secrets';
import { sealAuditLog, useAuditChainKey } from './db/audit-chain';
import { createMailer, type Mailer } from './integrations/mail/mailer';
import type { OutboxWorker } from './integrations/mail/outbox';
import path from 'node:path';

/**
 * What the running process holds: configuration, database, file storage and the site cache.
 * It is opened here and started by `start.ts` (base data, the demo, the mail worker); the front
 * (src/server/main.ts) starts it before listening and shares it with Astro's handler through a
 * global slot, because the two are bundled separately. Under `astro dev` there is no front, so
 * the first request starts it (`startedRuntime`).
 */
export interface Runtime {
  config: Config;
  database: Database;
  storage: FileStorage;
  secrets: Secrets;
  mailer: Mailer;
  /** The mail outbox's delivery worker (integrations/mail/outbox.ts), started by the server; null in the operators' commands. */
  outbox: OutboxWorker | null;
  cache: MemoCache;
  /**
   * On PostgreSQL, the serving process's listener for content changes made by any process
   * (services/content/changes.ts starts it); absent on the embedded database and in commands.
   */
  contentChanges?: ContentChangeListener;
  /** The port the server listens on (the front writes it once listening: PORT=0 picks a free one). */
  listeningPort: number;
  /** Changes with every build; the browser polls it to offer a reload. */
  buildId: string;
}

/** A serving process's ear on the database: it empties the caches when another process changes content. */
export interface ContentChangeListener {
  /**
   * Starts counting the processes that say they emptied their caches after the announcement `id`
   * (before it is made, so no answer is missed); `until` resolves once `processes` of them have
   * (this one among them), or after `ms`, or at once when not listening.
   */
  expect(id: string): { until(processes: number, ms: number): Promise<void>; cancel(): void };
  stop(): Promise<void>;
}

const SLOT = Symbol.for('society-portal.runtime');
type Slot = { [SLOT]?: Promise<Runtime> };

/**
 * Opens what the process holds, as configured: the data folder, the database (migrated), file
 * storage, secrets, the mailer and the cache. It writes no data and starts no background work:
 * that is the start's (`start.ts`).
 */
export async function bootstrap(config: Config = loadConfig(), buildId: string = randomUUID()): Promise<Runtime> {
  if (!config.memory) secureDataDir(config.DATA_DIR);
  // Read once the data folder is the process's (the embedded database's lock): it may write the key there.
  let secrets: Secrets | undefined;
  const readSecrets = () =>
    (secrets ??= loadSecrets({
      secretKey: config.SECRET_KEY,
      dataDir: config.DATA_DIR,
      linkKeyVersion: config.LINK_KEY_VERSION,
    }));
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    migrationDatabaseUrl: config.MIGRATION_DATABASE_URL,
    dataDir: config.DATA_DIR,
    // The audit log's rows from before its chain, sealed once with the key (docs/decisions/033).
    afterMigrate: (db) => sealAuditLog(db, readSecrets().auditChainKey),
  });
  try {
    const storage = await createStorage(config);
    const keys = readSecrets();
    useAuditChainKey(keys.auditChainKey);
    const cacheTtl = config.DATABASE_URL ? 10_000 : 24 * 60 * 60 * 1000;
    const mailer = createMailer({
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM,
      outboxDir: config.memory ? null : path.join(config.DATA_DIR, 'outbox'),
    });
    return {
      config,
      database,
      storage,
      secrets: keys,
      mailer,
      outbox: null,
      cache: new MemoCache(cacheTtl),
      listeningPort: config.PORT,
      buildId,
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}

/** Makes `runtime` (a started one, or its start under way) the one this process's code reads. */
export function installRuntime(runtime: Runtime | Promise<Runtime>): Promise<Runtime> {
  const installed = Promise.resolve(runtime);
  (globalThis as Slot)[SLOT] = installed;
  return installed;
}

/** The installed runtime; undefined before the front, a command or a test installed one. */
export function installedRuntime(): Promise<Runtime> | undefined {
  return (globalThis as Slot)[SLOT];
}

export function runtime(): Promise<Runtime> {
  return installedRuntime() ?? Promise.reject(new Error('The runtime has not been started (src/server/start.ts)'));
}

export async function db() {
  return (await runtime()).database.db;
}
