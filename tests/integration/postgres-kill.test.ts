import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freshDatabase } from '../setup/fresh-database';
import { startServer, workerPids } from '../setup/start-server';
import {
  expectWholeClaims,
  killDuringClaims,
  MEMBER,
  sendClaim,
  specialistCertification,
  type Query,
} from './kill-helpers';
import { signedInOn } from './own-server';

/** Whether a process runs (one that has ended but is not yet reaped, a zombie, does not). */
const isRunning = (pid: number) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
};

async function until(check: () => boolean | Promise<boolean>, what: string, ms = 20_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

// The portal killed with SIGKILL in the middle of writes on PostgreSQL (docs/architecture.md,
// "Faults"): a database of its own, and a data folder of its own for the uploaded files' bytes.
describe('the portal killed while it writes, on PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-pg-kill-'));
  const env = () => ({ DATA_DIR: dataDir, DATABASE_URL: database.url, SECRET_KEY: inject('secretKey') });

  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(async () => {
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** A statement on a connection of its own to the portal's database. */
  const query: Query = async <T>(text: string) => {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      return (await client.query(text)).rows as T[];
    } finally {
      await client.end();
    }
  };
  /** The portal's connections to its database (its pools and content listeners). */
  const connections = async () =>
    (
      await query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
      )
    )[0]!.n;

  /** Kills the portal during claims with `kill`, starts it again on the same database and folder, and checks what was written. */
  async function killAndStartAgain(
    workers: '1' | '2',
    kill: (server: Awaited<ReturnType<typeof startServer>>) => void,
  ) {
    const first = await startServer({ ...env(), WORKERS: workers });
    // After the demo's seed (its own claims have no mail).
    const since = new Date();
    const member = await signedInOn(first.url, ...MEMBER);
    const certificationId = await specialistCertification(member);
    const acknowledged = await killDuringClaims(first, member, certificationId, () => kill(first));
    await first.stop();
    // Nothing of the killed portal is left: PostgreSQL saw its connections close.
    await until(async () => (await connections()) === 0, 'the killed portal’s connections closed');

    const again = await startServer({ ...env(), WORKERS: workers });
    try {
      const back = await signedInOn(again.url, ...MEMBER);
      const listed = await back.call<{ claimList: { applicationId: number }[] }>('/api/amsw0602/claims');
      const ids = new Set(listed.data.claimList.map((c) => c.applicationId));
      expect(acknowledged.claims.filter((c) => !ids.has(c.applicationId))).toEqual([]);
      await sendClaim(back, certificationId, acknowledged, -1);
    } finally {
      expect(await again.stop('SIGTERM')).toBe(0);
    }
    const { claims } = await expectWholeClaims(query, dataDir, acknowledged, since);
    expect(claims).toBeGreaterThanOrEqual(acknowledged.claims.length);
  }

  it('one serving process killed: every acknowledged claim whole, nothing in part, and it starts again', async () => {
    await killAndStartAgain('1', (server) => server.process.kill('SIGKILL'));
  }, 120_000);

  it('the primary of two killed: its workers end with it, and the portal starts again whole', async () => {
    let workers: number[] = [];
    await killAndStartAgain('2', (server) => {
      workers = workerPids(server.process.pid!);
      expect(workers).toHaveLength(2);
      server.process.kill('SIGKILL');
    });
    // Checked after the fact: the workers did not stay behind, serving or holding connections.
    expect(workers.filter(isRunning)).toEqual([]);
  }, 120_000);
});
