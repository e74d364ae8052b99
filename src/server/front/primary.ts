import { randomBytes } from 'node:crypto';
import cluster, { type Worker } from 'node:cluster';
import type { Config } from '../config';
import type { Logger } from 'pino';
import { logMailLinks } from '../services/site/site-origin';
import { startRuntime } from '../start';

/** How long the workers get to finish their requests on a stop before they are killed. */
const STOP_WAIT_MS = 10_000;
/** The first and the longest wait before another try at replacing a worker that could not start. */
const REPLACE_RETRY_MS = [1000, 30_000] as const;

/**
 * The first process when several serve requests (PostgreSQL only, `workerCount`): it migrates
 * and seeds the database once, starts the workers (each a whole server: front, Astro, database
 * pool, mail worker), shares the port among them, replaces a worker that dies, and stops them
 * all on SIGTERM or SIGINT. It prints PORTAL_LISTENING once every worker listens.
 *
 * A worker that cannot start at the portal's start (a configuration problem, the database away)
 * stops the portal with it. Once the portal has served, a replacement that cannot start (the
 * database away while a worker was replaced) is tried again, one second later and then less and
 * less often (at most every 30 s), so the portal comes back whole when the database does.
 */
export async function runPrimary(config: Config, workers: number, buildId: string, log: Logger): Promise<void> {
  // With no data folder to keep a key in, the processes share one made here (the workers read it
  // from the environment they inherit); the database refuses a process with another.
  if (config.memory && !config.SECRET_KEY) {
    process.env.SECRET_KEY = randomBytes(32).toString('hex');
    config = { ...config, SECRET_KEY: process.env.SECRET_KEY };
  }
  // Migrations and the demo seed run here, once, so the workers never race to apply them.
  const rt = await startRuntime(config, buildId, { serving: true });
  await rt.mailer.close();
  await rt.database.close();

  let stopping = false;
  let exitStatus = 0;
  let announced = false;
  // Workers that reached listen(): one that exits before it did could not start.
  const listened = new Set<number>();
  let retryMs: number = REPLACE_RETRY_MS[0];

  const start = () => cluster.fork();
  cluster.on('listening', (worker, address) => {
    listened.add(worker.id);
    retryMs = REPLACE_RETRY_MS[0];
    if (!announced && listened.size === workers) {
      announced = true;
      log.info({ url: `http://${config.HOST}:${address.port}`, workers }, 'listening');
      logMailLinks(log, config.SITE_URL, address.port);
      process.stdout.write(`PORTAL_LISTENING ${address.port}\n`);
    }
  });
  cluster.on('exit', (worker: Worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) {
        log.info('stopped');
        process.exit(exitStatus);
      }
      return;
    }
    // A worker that never listened failed to start (its own message says why): at the portal's
    // start, stop them all; later, try again a little later.
    if (!listened.has(worker.id)) {
      if (!announced) {
        log.error({ worker: worker.id, code, signal }, 'a worker could not start: stopping');
        stop(1);
        return;
      }
      log.error({ worker: worker.id, code, signal, retryInMs: retryMs }, 'a worker could not start: trying again');
      // Not unref'd: with every worker gone, this timer is what keeps the primary waiting.
      setTimeout(() => {
        if (!stopping) start();
      }, retryMs);
      retryMs = Math.min(retryMs * 2, REPLACE_RETRY_MS[1]);
      return;
    }
    log.error({ worker: worker.id, code, signal }, 'a worker stopped: starting another');
    listened.delete(worker.id);
    start();
  });

  const stop = (status = 0) => {
    if (stopping) return;
    stopping = true;
    exitStatus = status;
    const running = Object.values(cluster.workers ?? {});
    if (running.length === 0) process.exit(exitStatus);
    for (const worker of running) worker?.process.kill('SIGTERM');
    setTimeout(() => {
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGKILL');
      process.exit(exitStatus);
    }, STOP_WAIT_MS).unref();
  };
  process.on('SIGINT', () => stop());
  process.on('SIGTERM', () => stop());

  for (let i = 0; i < workers; i++) start();
}
