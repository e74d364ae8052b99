import { randomUUID } from 'node:crypto';
import { checkMasterKey } from './auth/master-key';
import { loadConfig, type Config } from './config';
import { ensureBaseData, isEmpty } from './db/base-data';
import { runtimeRoleWarnings } from './db/roles';
import { seedDemo } from './db/seed';
import { rebuildSearchIndex, searchIndexEmpty } from './services/search/index-content';
import { startOutboxWorker } from './integrations/mail/outbox';
import { logger } from './logger';
import { mailHold, mailHoldText } from './services/mail/mail-hold';
import { bootstrap, installedRuntime, installRuntime, type Runtime } from './runtime';

export interface StartOptions {
  /**
   * Put the base data in place, and the demo when `SEED_DEMO` is on and the database is empty
   * (default). The workers of a primary skip it: the primary did it once before starting them.
   */
  prepareData?: boolean;
  /** Start the mail outbox's delivery worker (the server does; one-off commands do not). */
  mailWorker?: boolean;
  /**
   * Warn, on PostgreSQL, when the role the portal connects as could switch the audit log's
   * protection off (the server does; a command's output is its own, e.g. a society file printed).
   */
  serving?: boolean;
}

/**
 * Starts a process's runtime: opens it (`bootstrap`), puts the base data in place, checks that its
 * master key is the one the database was written with (`checkMasterKey`), seeds the demo into an
 * empty database when `SEED_DEMO` is on, then starts the mail worker when asked. The front,
 * the primary, the operators' commands, the tests' runtime and `astro dev`'s first request start
 * here; the requests only read the runtime.
 */
export async function startRuntime(
  config: Config = loadConfig(),
  buildId: string = randomUUID(),
  { prepareData = true, mailWorker = false, serving = false }: StartOptions = {},
): Promise<Runtime> {
  const rt = await bootstrap(config, buildId);
  try {
    const { db } = rt.database;
    if (prepareData) {
      // Machines starting at once on one PostgreSQL database take turns: the base data and the
      // demo are put in place once, and the first records the master key the others must have.
      await rt.database.inTurn(async () => {
        await ensureBaseData(db);
        await checkMasterKey(db, rt.secrets.masterKeyId, config);
        if (serving && rt.database.engine === 'postgres')
          for (const warning of await runtimeRoleWarnings(db)) logger().warn(warning);
        if (serving) await warnIfMailHeld(db);
        if (config.SEED_DEMO && (await isEmpty(db))) {
          await seedDemo(db, rt.storage, rt.secrets);
          logger().info({ engine: rt.database.engine }, 'seeded the demo society');
        }
        // Site search's index is written with the content; a database from before it (or just
        // seeded) is indexed whole once.
        if (await searchIndexEmpty(db)) {
          const started = performance.now();
          const { documents } = await db.transaction((tx) => rebuildSearchIndex(tx));
          const ms = Math.round(performance.now() - started);
          if (documents) logger().info({ documents, ms }, 'indexed the content for site search');
        }
      });
    } else await checkMasterKey(db, rt.secrets.masterKeyId, config);
  } catch (error) {
    await rt.mailer.close();
    await rt.database.close();
    throw error;
  }
  if (mailWorker)
    rt.outbox = startOutboxWorker({ db: rt.database.db, mailer: rt.mailer, retrySeconds: config.MAIL_RETRY_SECONDS });
  return rt;
}

/** Says, at a serving start, that the outbox is held (a restored copy) and how to release it. */
async function warnIfMailHeld(db: Runtime['database']['db']): Promise<void> {
  const hold = await mailHold(db);
  if (hold.heldAt === null) return;
  logger().warn({ heldAt: hold.heldAt, heldBy: hold.heldBy, waiting: hold.waiting }, mailHoldText(hold));
}

/**
 * The runtime a request reads: the front installed it before listening; under `astro dev` there is
 * no front, so the first request starts it here (with the mail worker, as the server does).
 */
export function startedRuntime(): Promise<Runtime> {
  return installedRuntime() ?? installRuntime(startRuntime(undefined, undefined, { mailWorker: true, serving: true }));
}
