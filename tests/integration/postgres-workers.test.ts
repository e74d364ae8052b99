import { inject, describe, expect, it } from 'vitest';
import { startServer, workerPids } from '../setup/start-server';

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
});
