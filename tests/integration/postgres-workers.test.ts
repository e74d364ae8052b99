import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject, describe, expect, it } from 'vitest';
import { freshDatabase } from '../setup/fresh-database';
import { runServerToExit, startServer, workerPids } from '../setup/start-server';
import { signIn } from './helpers';

async function until(check: () => boolean, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

// Several serving processes on PostgreSQL (the embedded database refuses them: embedded-process.test.ts).
describe('several serving processes on PostgreSQL', () => {
  it('serve the site together, replace a worker that dies and stop cleanly on a signal', async () => {
    const server = await startServer({
      DATA_DIR: 'memory',
      DATABASE_URL: inject('databaseUrl'),
      SECRET_KEY: inject('secretKey'),
      WORKERS: '2',
      LOG_LEVEL: 'info',
    });
    try {
      const workerLines = () => server.output().match(/"worker":\d+,"msg":"listening"/g) ?? [];
      // A worker's log line is written asynchronously, beside the primary's PORTAL_LISTENING line.
      for (let wait = 0; workerLines().length < 2 && wait < 250; wait++) await new Promise((r) => setTimeout(r, 20));
      expect(workerLines()).toHaveLength(2);
      expect(server.output().match(/PORTAL_LISTENING/g)).toHaveLength(1);
      // The database was migrated and seeded once, by the primary, before the workers started.
      expect(server.output().match(/seeded the demo society/g)?.length ?? 0).toBeLessThanOrEqual(1);

      const answers = await Promise.all(Array.from({ length: 20 }, () => fetch(`${server.url}/api/amsw0201/webInfo`)));
      expect(answers.every((res) => res.status === 200)).toBe(true);

      const [first] = workerPids(server.process.pid!);
      expect(workerPids(server.process.pid!)).toHaveLength(2);
      process.kill(first!, 'SIGKILL');
      await until(() => workerLines().length === 3);
      await until(
        () => workerPids(server.process.pid!).length === 2 && !workerPids(server.process.pid!).includes(first!),
      );
      expect((await fetch(`${server.url}/news/list`)).status).toBe(200);
    } finally {
      expect(await server.stop('SIGTERM')).toBe(0);
    }
  });

  it('share one master key when none is set, and a start with another key is refused', async () => {
    const database = await freshDatabase();
    try {
      // No SECRET_KEY and no data folder: the primary makes one key for its workers, so a captcha
      // or a sign-in begun on one worker ends on the other.
      const env = { DATA_DIR: 'memory', DATABASE_URL: database.url, SECRET_KEY: undefined, WORKERS: '2' };
      const server = await startServer(env);
      try {
        for (let i = 0; i < 4; i += 1) {
          const signedIn = await signIn('member@example.org', 'Member2026demo', 'individual', false, {
            base: server.url,
          });
          expect(signedIn.body.code).toBe(0);
        }
      } finally {
        expect(await server.stop('SIGTERM')).toBe(0);
      }
      // Started again, that key is gone: the encrypted fields would open no more, so it stops.
      const again = await runServerToExit(env);
      expect(again.code).toBe(1);
      expect(again.output).toContain(
        'DATA_DIR=memory keeps no key between starts: set SECRET_KEY to the key the database was used with',
      );
      // On a data folder that has no key of this database either, with a key set by hand.
      const folder = mkdtempSync(path.join(tmpdir(), 'portal-key-'));
      const other = await runServerToExit({
        ...env,
        DATA_DIR: folder,
        SECRET_KEY: randomBytes(32).toString('hex'),
        WORKERS: '1',
      });
      rmSync(folder, { recursive: true, force: true });
      expect(other.code).toBe(1);
      expect(other.output).toContain('主金鑰與資料庫不符');
      expect(other.output).toContain('set SECRET_KEY to the key the database was used with');
      expect(other.output).not.toMatch(/at .*\.mjs:\d+/);
    } finally {
      await database.drop();
    }
  });
});
