import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { NODE_ARGS } from './tests/setup/start-server';

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
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts'],
          environment: 'node',
          // Tests that open an embedded database in their own process, as the processes they start.
          execArgv: NODE_ARGS,
        },
      },
      // postgres-*: what only PostgreSQL allows (several serving processes), in integration-pg alone;
      // live-*: what a live start serves, in the live projects alone.
      integration('integration', ['tests/integration/postgres-*.test.ts', 'tests/integration/live-*.test.ts']),
      // A live start (no demo, an empty database): its own tests, and the account tests that bring
      // their own people.
      integration('integration-live', [], LIVE_TESTS),
      // The same tests again on PostgreSQL when a server is offered (CI points it at the machine's).
      ...(process.env.TEST_DATABASE_URL
        ? [
            integration('integration-pg', ['tests/integration/embedded-*.test.ts', 'tests/integration/live-*.test.ts']),
            integration('integration-live-pg', [], LIVE_TESTS),
          ]
        : []),
    ],
  },
});
