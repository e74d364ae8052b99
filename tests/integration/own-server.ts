import { inject } from 'vitest';
import { freshDatabase } from '../setup/fresh-database';
import { startServer } from '../setup/start-server';

/**
 * A server with a demo society of its own, on the project's engine (a database of its own on
 * PostgreSQL), for tests that change the demo's members (a renewal in grace) where the shared
 * server's other tests read them. Mail goes to the project's catcher.
 */
export async function startOwnServer(env: Record<string, string> = {}) {
  const database = inject('engine') === 'postgres' ? await freshDatabase() : null;
  const server = await startServer({
    DATA_DIR: 'memory',
    DATABASE_URL: database?.url,
    SMTP_URL: inject('smtpUrl'),
    TRUST_PROXY: 'loopback',
    WORKERS: '1',
    JOB_TICK_SECONDS: '1',
    ...env,
  });
  return {
    url: server.url,
    async stop() {
      await server.stop();
      await database?.drop();
    },
  };
}
