import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { NODE_ARGS } from './tests/setup/start-server.ts';

const alias = { '@': fileURLToPath(new URL('./src', import.meta.url)) };

const integration = (name: string, exclude: string[] = [], include = ['tests/integration/**/*.test.ts']) => ({
  resolve: { alias },
  test: {
    name,
    include,
    exclude,
    environment: 'node',
    execArgv: NODE_ARGS,
    globalSetup: ['tests/setup/integration-server.ts'],
    // A ceiling against a hang, not a speed check: the test runs share a two-core machine, where
    // a sign-in in a set-up has taken over a minute when the three runs peak together.
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});

/**
 * What runs a second time on PostgreSQL (decision record 032): what the engine changes. Several
 * processes and whole-process faults (postgres-*), transactions that meet at once (payments applied
 * once, sign-in limits, single-use links, queue assignment, merges, verification codes), jobs and
 * the outbox claimed by processes, imports and reports written in SQL of their own, the society
 * file, the statement counts, a start on an empty database, and site search (its SQL ranks and filters, and how well it ranks). How each driver reads a value is
 * checked once for both (src/server/db/engine-parity.test.ts); the rest runs on the embedded database.
 */
const ON_POSTGRES = [
  'postgres-*',
  'going-live',
  'statement-budget',
  'import-members',
  'import-credits',
  'import-first-sign-in',
  'staff-imports',
  'membership-payments',
  'payments-surplus',
  'payments-live-start',
  'staff-money',
  'staff-money-more',
  'membership-jobs',
  'papers-reminders',
  'papers-confidential',
  'mail-outage',
  'accounts-sign-in-protection',
  'accounts-mail-security',
  'staff-queue-assign',
  'staff-merge',
  'staff-reports',
  'documents',
  'society-command',
  'audit-chain',
  'events-registration',
  'events-registration-page',
  'events-credits',
  'events-door',
  'events-desk',
  'search',
  'search-relevance',
].map((name) => `tests/integration/${name}.test.ts`);

/** What runs against a live start as well as the demo. */
const LIVE_TESTS = [
  'tests/integration/live-*.test.ts',
  'tests/integration/accounts-signup.test.ts',
  'tests/integration/accounts-mail-security.test.ts',
  'tests/integration/accounts-password-strength.test.ts',
];

export default defineConfig({
  resolve: { alias },
  test: {
    // Files side by side: an integration file mostly waits (on job ticks, mail, the gateway's delays
    // and its project's server), so one at a time left the two cores half idle (decision record 032).
    maxWorkers: 3,
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts'],
          environment: 'node',
          // Tests that open an embedded database in their own process, as the processes they start.
          execArgv: NODE_ARGS,
          // Ceilings against a hang: a file that opens an embedded database took over 10 s to open
          // it beside the integration files on the two cores.
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      // postgres-*: what only PostgreSQL allows (several serving processes), in integration-pg alone;
      // live-*: what a live start serves, in the live projects alone.
      integration('integration', ['tests/integration/postgres-*.test.ts', 'tests/integration/live-*.test.ts']),
      // A live start (no demo, an empty database): its own tests, and the account tests that bring
      // their own people.
      integration('integration-live', [], LIVE_TESTS),
      // What the engine changes, again on PostgreSQL when a server is offered (CI points it at the machine's).
      ...(process.env.TEST_DATABASE_URL
        ? [
            integration('integration-pg', [], ON_POSTGRES),
            integration('integration-live-pg', [], ['tests/integration/live-*.test.ts']),
          ]
        : []),
    ],
  },
});
