import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './scripts/chromium-launch.mjs';
import { NODE_ARGS } from './tests/setup/start-server';

/**
 * End-to-end tests against the built server on a fresh database in a temporary folder (DESIGN.md §10).
 * Chromium is Debian's headless shell (never `npx playwright install`): the same engine as its
 * `chromium` package without the full browser's compositing, at half its CPU (decision record 032).
 * `npm test` builds before running this.
 */

const ROOT = import.meta.dirname;
const SERVER_ENTRY = path.join(ROOT, 'dist/front/main.mjs');
const SETTINGS_ENTRY = path.join(ROOT, 'dist/front/settings.mjs');
const PORT = Number(process.env.E2E_PORT ?? 4417);
const BASE_URL = `http://127.0.0.1:${PORT}`;

if (!Number.isInteger(PORT) || PORT <= 0 || PORT > 65535) {
  throw new Error(`E2E_PORT must be a TCP port number, got "${process.env.E2E_PORT}".`);
}
if (!existsSync(SERVER_ENTRY)) {
  throw new Error(
    `The e2e tests run against the built server, but ${path.relative(ROOT, SERVER_ENTRY)} is missing: run \`npm run build\` first (\`npm test\` builds before the e2e tests).`,
  );
}

// A fresh data folder per run, so mails land as .eml files in DATA_DIR/outbox for the tests to
// read (tests/e2e/account/mail.ts). The runner makes it once and removes it at exit; its workers
// load this file again and take the runner's folder from E2E_DATA_DIR.
const isWorker = process.env.TEST_WORKER_INDEX !== undefined;
if (!isWorker || !process.env.E2E_DATA_DIR) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-'));
  process.env.E2E_DATA_DIR = dataDir;
  if (!isWorker) process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
}
const DATA_DIR = process.env.E2E_DATA_DIR;

// The project's own Node 24 (the `node` dev dependency) runs the server, whichever node runs Playwright.
const LOCAL_NODE = path.join(ROOT, 'node_modules/node/bin/node');
const NODE = existsSync(LOCAL_NODE) ? LOCAL_NODE : process.execPath;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  reporter: 'list',
  // A ceiling against a hang, not a speed check (the bench measures speed): the phone-width tests
  // scan four pages with axe each, which on a busy two-core machine takes half a minute.
  timeout: 60_000,
  // How long an expectation waits, also a ceiling and not a speed check: an island's form is
  // disabled until it hydrates, which with the other test runs on the two cores has taken over 5 s.
  expect: { timeout: 15_000 },
  use: {
    baseURL: BASE_URL,
    trace: 'on-first-retry',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        browserName: 'chromium',
        launchOptions: chromiumLaunchOptions(),
      },
    },
  ],
  webServer: {
    // A one-minute login block (npm run settings), so a browser test can see a block end.
    command: `"${NODE}" ${NODE_ARGS.join(' ')} "${SETTINGS_ENTRY}" set loginBlockMinute 1 && "${NODE}" ${NODE_ARGS.join(' ')} "${SERVER_ENTRY}"`,
    cwd: ROOT,
    url: `${BASE_URL}/`,
    // A fresh database with the demo society, whatever the shell or `.env` says; mails go to DATA_DIR/outbox.
    env: {
      DATA_DIR,
      SMTP_URL: '',
      DATABASE_URL: '',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(PORT),
      // API-level helpers may play other client addresses with X-Forwarded-For.
      TRUST_PROXY: 'loopback',
    },
    reuseExistingServer: false,
    // A ceiling against a hang: the integration runs' servers start at the same time on two cores.
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
