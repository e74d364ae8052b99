import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const alias = { '@': fileURLToPath(new URL('./src', import.meta.url)) };

const integration = (name: string, exclude: string[] = []) => ({
  resolve: { alias },
  test: {
    name,
    include: ['tests/integration/**/*.test.ts'],
    exclude,
    environment: 'node',
    globalSetup: ['tests/setup/integration-server.ts'],
    testTimeout: 30_000,
    hookTimeout: 90_000,
  },
});

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
        },
      },
      // postgres-*: what only PostgreSQL allows (several serving processes), in integration-pg alone.
      integration('integration', ['tests/integration/postgres-*.test.ts']),
      // The same tests again on PostgreSQL when a server is offered (CI points it at the machine's).
      ...(process.env.TEST_DATABASE_URL
        ? [integration('integration-pg', ['tests/integration/embedded-*.test.ts'])]
        : []),
    ],
  },
});
