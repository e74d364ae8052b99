import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCommand, runServerToExit, startServer } from '../setup/start-server';
import { signIn } from './helpers';

// Each command opens the data folder in a process of its own: several of them in one test take
// longer than the default test timeout on a loaded machine.
const CLI_TIMEOUT = 120_000;

const runSettings = (args: string[], env: Record<string, string>) => runCommand('settings', args, env);

// The embedded database's own rules: one process per data folder, closed cleanly on a signal.
// Runs in the embedded-database project only (vitest.config.ts leaves embedded-* out on PostgreSQL).
describe('the embedded database on disk', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-data-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('creates, migrates and seeds a new data folder, and refuses a second process on it', async () => {
    const first = await startServer({ DATA_DIR: dataDir });
    try {
      const info = await (await fetch(`${first.url}/api/amsw0201/webInfo`)).json();
      expect(info.data.name).toBe('臺灣臨床繼續教育醫學會');
      expect(existsSync(path.join(dataDir, 'portal.lock'))).toBe(true);

      const second = await runServerToExit({ DATA_DIR: dataDir });
      expect(second.code).not.toBe(0);
      expect(second.output).toMatch(/is in use by another process \(pid \d+\)/);
    } finally {
      expect(await first.stop('SIGTERM')).toBe(0);
    }
    expect(existsSync(path.join(dataDir, 'portal.lock'))).toBe(false);
  });

  it('starts again on the same folder after SIGINT and keeps the data without seeding twice', async () => {
    const again = await startServer({ DATA_DIR: dataDir });
    try {
      const res = await (await fetch(`${again.url}/api/amsw0202`)).json();
      const carousels = res.data.indexPartList.filter((p: { indexPartType: string }) => p.indexPartType === 'carousel');
      expect(carousels).toHaveLength(1);
      expect(again.output()).not.toContain('seeded the demo society');
    } finally {
      expect(await again.stop('SIGINT')).toBe(0);
    }
  });

  it(
    'refuses a start with another master key than the data was written with, and says which key to bring back',
    async () => {
      const keyFile = path.join(dataDir, 'secret.key');
      const original = readFileSync(keyFile, 'utf8');
      // The key file lost (a data folder copied without it): a new key would open none of the
      // national IDs or authenticators stored, so the server and the commands stop instead.
      rmSync(keyFile);
      const lost = await runServerToExit({ DATA_DIR: dataDir });
      expect(lost.code).toBe(1);
      expect(lost.output).toContain('主金鑰與資料庫不符');
      expect(lost.output).toContain(`The master key does not match the database`);
      expect(lost.output).toContain(`put back the ${keyFile} the database was used with`);
      expect(lost.output).not.toMatch(/at .*\.mjs:\d+/);
      const other = await runServerToExit({ DATA_DIR: dataDir, SECRET_KEY: randomBytes(32).toString('hex') });
      expect(other.code).toBe(1);
      expect(other.output).toContain('set SECRET_KEY to the key the database was used with');
      const command = await runSettings([], { DATA_DIR: dataDir });
      expect(command.code).toBe(1);
      expect(command.output).toContain('The master key does not match the database');
      expect(existsSync(path.join(dataDir, 'portal.lock'))).toBe(false);

      writeFileSync(keyFile, original);
      const back = await startServer({ DATA_DIR: dataDir });
      try {
        expect((await fetch(`${back.url}/api/amsw0201/webInfo`)).status).toBe(200);
      } finally {
        expect(await back.stop('SIGTERM')).toBe(0);
      }
    },
    CLI_TIMEOUT,
  );

  it('stops at start with a list of what is wrong in the configuration', async () => {
    const result = await runServerToExit({ DATA_DIR: dataDir, PORT: 'eighty', DATABASE_URL: 'mysql://x' });
    expect(result.code).toBe(1);
    expect(result.output).toContain('Invalid configuration');
    expect(result.output).toMatch(/PORT/);
    expect(result.output).toMatch(/DATABASE_URL/);
  });

  it('refuses several serving processes, which only PostgreSQL allows', async () => {
    const result = await runServerToExit({ DATA_DIR: dataDir, WORKERS: '2' });
    expect(result.code).toBe(1);
    expect(result.output).toContain('WORKERS=2 needs PostgreSQL (DATABASE_URL)');
    expect(existsSync(path.join(dataDir, 'portal.lock'))).toBe(false);
  });

  it('says at start where mailed links point, and to set SITE_URL when they point at this machine only', async () => {
    const local = await startServer({ DATA_DIR: 'memory', SITE_URL: undefined });
    try {
      const port = new URL(local.url).port;
      // The log is written asynchronously: it may follow the PORTAL_LISTENING line.
      await expect
        .poll(() => local.output())
        .toContain(`mail links point at http://localhost:${port}; set SITE_URL to`);
    } finally {
      await local.stop();
    }
    const configured = await startServer({
      DATA_DIR: 'memory',
      SITE_URL: 'https://portal.example.org',
      LOG_LEVEL: 'info',
    });
    try {
      await expect.poll(() => configured.output()).toContain('mail links point at https://portal.example.org');
      expect(configured.output()).not.toContain('set SITE_URL');
    } finally {
      await configured.stop();
    }
  });

  it('stops with a clear message when the port is taken, and frees the data folder', async () => {
    const first = await startServer({ DATA_DIR: 'memory' });
    try {
      const port = new URL(first.url).port;
      const second = await runServerToExit({ DATA_DIR: dataDir, PORT: port });
      expect(second.code).toBe(1);
      expect(second.output).toContain(`Port ${port} on 127.0.0.1 is already in use`);
      expect(second.output).not.toMatch(/at .*\.mjs:\d+/);
      expect(existsSync(path.join(dataDir, 'portal.lock'))).toBe(false);
    } finally {
      await first.stop();
    }
  });

  it(
    'lets an operator read and change the system settings from the command line',
    async () => {
      const set = await runSettings(['set', 'loginBlockMinute', '30'], { DATA_DIR: dataDir });
      expect(set.code).toBe(0);
      expect(JSON.parse(set.output)['zh-tw'].loginBlockMinute).toBe(30);
      const text = await runSettings(['set', 'loginNotice', 'Sign in with your e-mail.', 'en-us'], {
        DATA_DIR: dataDir,
      });
      expect(JSON.parse(text.output)['en-us'].loginNotice).toBe('Sign in with your e-mail.');
      expect(JSON.parse(text.output)['zh-tw'].loginNotice).toMatch(/登入/);
      const bad = await runSettings(['set', 'loginBlockMinute', '0'], { DATA_DIR: dataDir });
      expect(bad.code).toBe(1);
      expect(bad.output).toContain('loginBlockMinute must be a whole number of at least 1');
      const unknown = await runSettings(['set', 'colour', 'red'], { DATA_DIR: dataDir });
      expect(unknown.output).toContain('Unknown setting colour');

      const server = await startServer({ DATA_DIR: dataDir });
      try {
        const settings = await (await fetch(`${server.url}/api/amsw0901`)).json();
        expect(settings.data.loginBlockMinute).toBe(30);
        const locked = await runSettings([], { DATA_DIR: dataDir });
        expect(locked.code).toBe(1);
        expect(locked.output).toMatch(/in use by another process/);
      } finally {
        await server.stop();
      }
    },
    CLI_TIMEOUT,
  );

  it(
    'lets an operator grant and revoke roles from the command line; the next request has them',
    async () => {
      const grant = await runCommand('admin', ['grant', 'Member@example.org', 'reviewer:membership'], {
        DATA_DIR: dataDir,
      });
      expect(grant).toMatchObject({ code: 0, output: 'Member@example.org: reviewer:membership granted\n' });
      const again = await runCommand('admin', ['grant', 'member@example.org', 'reviewer:membership'], {
        DATA_DIR: dataDir,
      });
      expect(again.output).toContain('held already');
      const listed = await runCommand('admin', ['roles'], { DATA_DIR: dataDir });
      expect(listed.output).toMatch(/^member@example\.org\treviewer:membership\t/m);
      expect(listed.output).toMatch(/^reviewer@example\.org\treviewer:membership\t.*demo seed$/m);
      const unknownRole = await runCommand('admin', ['grant', 'member@example.org', 'superuser'], {
        DATA_DIR: dataDir,
      });
      expect(unknownRole).toMatchObject({ code: 1 });
      expect(unknownRole.output).toContain('Unknown role superuser');
      const nobody = await runCommand('admin', ['grant', 'nobody@example.org', 'finance'], { DATA_DIR: dataDir });
      expect(nobody.output).toContain('No individual account has the e-mail address nobody@example.org');
      const usage = await runCommand('admin', ['grant'], { DATA_DIR: dataDir });
      expect(usage.output).toContain('Usage: npm run admin');

      const server = await startServer({ DATA_DIR: dataDir });
      try {
        const { token } = await signIn('member@example.org', 'Member2026demo', 'individual', false, {
          base: server.url,
        });
        const hub = await (
          await fetch(`${server.url}/api/amsw0601`, { headers: { Authorization: `Bearer ${token}` } })
        ).json();
        expect(hub.data.queueList.map((q: { queue: string }) => q.queue)).toEqual(['membership']);
      } finally {
        await server.stop();
      }
      const revoked = await runCommand('admin', ['revoke', 'member@example.org', 'reviewer:membership'], {
        DATA_DIR: dataDir,
      });
      expect(revoked.output).toContain('revoked');
      expect((await runCommand('admin', ['roles'], { DATA_DIR: dataDir })).output).not.toContain('member@example.org');
      // Someone can always manage roles: the last admin keeps the role.
      const lastAdmin = await runCommand('admin', ['revoke', 'admin@example.org', 'admin'], { DATA_DIR: dataDir });
      expect(lastAdmin).toMatchObject({ code: 1 });
      expect(lastAdmin.output).toContain('admin@example.org is the last admin');
      expect((await runCommand('admin', ['roles'], { DATA_DIR: dataDir })).output).toMatch(
        /^admin@example\.org\tadmin\t.*demo seed$/m,
      );
    },
    CLI_TIMEOUT,
  );
});
