import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests against the built server on a fresh database in a temporary folder (DESIGN.md §10).
 * Chromium is Debian's (never `npx playwright install`); `npm test` builds before running this.
 */

const ROOT = import.meta.dirname;
const SERVER_ENTRY = path.join(ROOT, 'dist/front/main.mjs');
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

/** Whether a process is running (signalling 0 only checks). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * A fresh DATA_DIR for each run, so the server writes its mails as .eml files into
 * DATA_DIR/outbox, where tests read them (tests/e2e/account/mail.ts); the database lives there too.
 * Exported to the tests as E2E_DATA_DIR. Playwright loads this file again in every worker: a worker
 * inherits the folder through the environment from the run that made it (E2E_DATA_DIR_OWNER, a
 * running process), so a value left over in a shell is never reused. Removed when the run ends.
 */
function e2eDataDir(): string {
  const inherited = process.env.E2E_DATA_DIR;
  const owner = Number(process.env.E2E_DATA_DIR_OWNER);
  if (inherited && Number.isInteger(owner) && owner > 0 && isAlive(owner) && existsSync(inherited)) return inherited;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-'));
  process.env.E2E_DATA_DIR = dir;
  process.env.E2E_DATA_DIR_OWNER = String(process.pid);
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
const DATA_DIR = e2eDataDir();

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
  timeout: 30_000,
  expect: { timeout: 5_000 },
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        browserName: 'chromium',
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
          ],
        },
      },
    },
  ],
  webServer: {
    command: `"${NODE}" "${SERVER_ENTRY}"`,
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
    },
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
