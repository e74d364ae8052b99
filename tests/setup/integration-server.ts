import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { freshDatabase } from './fresh-database';
import { startMailCatcher } from './mail-catcher';
import { signInDemoStaff, type StaffSession } from './staff-sessions';
import { freePort, startServer } from './start-server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    engine: 'pglite' | 'postgres';
    /** Reads the mails the portal sent: GET {mailUrl}/messages?to=<address>. */
    mailUrl: string;
    /** The mail catcher's SMTP address, for tests that start a server of their own. */
    smtpUrl: string;
    /** The project's PostgreSQL database ('' on the embedded database), for tests that start a server of their own on it. */
    databaseUrl: string;
    /** The server's SITE_URL ('' when unset: the demo projects). */
    siteUrl: string;
    /** The server's SECRET_KEY (hex), so tests can sign preview links as an operator would. */
    secretKey: string;
    /**
     * The demo staff accounts (finance, editor, admin) signed in once on the shared server with
     * their second factor passed, by e-mail ({} on a live start): a TOTP code is taken once per
     * account and 30-second step, so the files running in parallel share these (helpers.ts `signIn`).
     */
    staffSessions: Record<string, StaffSession>;
  }
}

/**
 * One built server per integration project: the embedded database in memory, or (projects
 * ending in `-pg`) a PostgreSQL database of its own, dropped afterwards. The `integration-live`
 * projects start as a society going live does: no demo, an empty database, the public address set.
 */
export default async function setup(project: TestProject) {
  const onPostgres = project.name.endsWith('-pg');
  const live = project.name.startsWith('integration-live');
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (onPostgres) ({ url: databaseUrl, drop: dropDatabase } = await freshDatabase());
  const mail = await startMailCatcher();
  const secretKey = randomBytes(32).toString('hex');
  // A live start needs its public address; the server's own, so the origin check takes the tests' requests.
  const port = live ? await freePort() : 0;
  const server = await startServer(
    {
      ...(live ? { SEED_DEMO: 'false', PORT: String(port), SITE_URL: `http://127.0.0.1:${port}` } : {}),
      DATA_DIR: 'memory',
      DATABASE_URL: databaseUrl,
      SMTP_URL: mail.smtpUrl,
      SECRET_KEY: secretKey,
      // Tests stand for many visitors by sending X-Forwarded-For from this machine (helpers.ts `from`, visitor()).
      TRUST_PROXY: 'loopback',
      // One process, so a change and the next read meet the same in-process caches; several
      // processes are tested on their own (postgres-workers.test.ts).
      WORKERS: '1',
      // Background jobs look every second, and ask the gateway about a payment quiet for two seconds.
      JOB_TICK_SECONDS: '1',
      PAYMENT_QUERY_AFTER_SECONDS: '2',
    },
    // A ceiling against a hang: every run's servers start at once, with the browser's, on two cores.
    180_000,
  );
  project.provide('baseUrl', server.url);
  project.provide('mailUrl', mail.readerUrl);
  project.provide('smtpUrl', mail.smtpUrl);
  project.provide('secretKey', secretKey);
  project.provide('siteUrl', live ? `http://127.0.0.1:${port}` : '');
  project.provide('engine', onPostgres ? 'postgres' : 'pglite');
  project.provide('databaseUrl', databaseUrl ?? '');
  const teardown = async () => {
    await server.stop();
    await mail.stop();
    await dropDatabase();
  };
  try {
    // One after the other, each account once: no two codes of one account in one step.
    project.provide('staffSessions', live ? {} : await signInDemoStaff(server.url));
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
