import { randomUUID } from 'node:crypto';
import { MemoCache } from './cache';
import type { ContentChangeListener } from './services/content/changes';
import { secureDataDir } from './data-dir';
import { loadConfig, type Config } from './config';
import { openDatabase, type Database } from './db/client';
import { ensureBaseData, isEmpty } from './db/base-data';
import { seedDemo } from './db/seed';
import { createDiskStorage, createMemoryStorage, type FileStorage } from './integrations/storage';
import { logger } from './logger';
import { loadSecrets, type Secrets } from './auth/secrets';
import { createMailer, type Mailer } from './integrations/mail/mailer';
import { startOutboxWorker, type OutboxWorker } from './integrations/mail/outbox';
import path from 'node:path';

/**
 * What the running process holds: configuration, database, file storage and the site cache.
 * The front server (src/server/main.ts) builds it before listening and shares it with Astro's
 * handler through a global slot, because the two are bundled separately. Under `astro dev`
 * there is no front, so the first request builds it.
 */
export interface Runtime {
  config: Config;
  database: Database;
  storage: FileStorage;
  secrets: Secrets;
  mailer: Mailer;
  /** The mail outbox's delivery worker (integrations/mail/outbox.ts); null in the operators' commands. */
  outbox: OutboxWorker | null;
  cache: MemoCache;
  /**
   * On PostgreSQL, the serving process's listener for content changes made by any process
   * (services/content/changes.ts); absent on the embedded database and in commands.
   */
  contentChanges?: ContentChangeListener;
  /** The port the server listens on (the front writes it once listening: PORT=0 picks a free one). */
  listeningPort: number;
  /** Changes with every build; the browser polls it to offer a reload. */
  buildId: string;
}

const SLOT = Symbol.for('society-portal.runtime');
type Slot = { [SLOT]?: Promise<Runtime> };

export interface BootstrapOptions {
  /** Start the mail outbox's delivery worker (the server does; one-off commands do not). */
  mailWorker?: boolean;
}

export async function bootstrap(
  config: Config = loadConfig(),
  buildId: string = randomUUID(),
  options: BootstrapOptions = {},
): Promise<Runtime> {
  if (!config.memory) secureDataDir(config.DATA_DIR);
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    const storage = fileStorage(config);
    const secrets = loadSecrets({
      secretKey: config.SECRET_KEY,
      dataDir: config.DATA_DIR,
      linkKeyVersion: config.LINK_KEY_VERSION,
    });
    await ensureBaseData(database.db);
    if (config.SEED_DEMO && (await isEmpty(database.db))) {
      await seedDemo(database.db, storage, secrets);
      logger().info({ engine: database.engine }, 'seeded the demo society');
    }
    const cacheTtl = config.DATABASE_URL ? 10_000 : 24 * 60 * 60 * 1000;
    const mailer = createMailer({
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM,
      outboxDir: config.memory ? null : path.join(config.DATA_DIR, 'outbox'),
    });
    const outbox = options.mailWorker
      ? startOutboxWorker({ db: database.db, mailer, retrySeconds: config.MAIL_RETRY_SECONDS })
      : null;
    return {
      config,
      database,
      storage,
      secrets,
      mailer,
      outbox,
      cache: new MemoCache(cacheTtl),
      listeningPort: config.PORT,
      buildId,
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}

/** Where the configured portal keeps file bytes (the server, and the backup commands). */
export function fileStorage(config: Config): FileStorage {
  return config.memory ? createMemoryStorage() : createDiskStorage(config.DATA_DIR);
}

export function installRuntime(runtime: Runtime): void {
  (globalThis as Slot)[SLOT] = Promise.resolve(runtime);
}

export function runtime(): Promise<Runtime> {
  const slot = globalThis as Slot;
  // Under `astro dev` the first request builds the runtime, and with it the mail worker.
  slot[SLOT] ??= bootstrap(undefined, undefined, { mailWorker: true });
  return slot[SLOT];
}

export async function db() {
  return (await runtime()).database.db;
}
