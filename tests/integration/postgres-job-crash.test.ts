import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client';
import { type RunningServer, startServer } from '../setup/start-server';
import { mailsTo } from './helpers';
import { jobRow, membersDueReminders, remindersOf, jobLogged } from './job-crash-helpers';
import { jobsSite } from './jobs-helpers';

/**
 * A serving process killed (SIGKILL) while it holds a background job, on PostgreSQL with a second
 * process: the job runs again once its lease (`JOB_LEASE_SECONDS`) has ended, in the other process,
 * once, and what the killed run had done is not done twice. The killed process is caught inside
 * the job for certain: the test holds a lock on one member's row, which the job's reminder for that
 * member waits for, so the process is killed while it holds the job with part of its work done.
 */
describe('a process killed while it holds a background job, on PostgreSQL', () => {
  it(
    'leaves the job to the other process once the lease has ended, which runs it once',
    { timeout: 120_000 },
    async () => {
      const site = await jobsSite();
      const env = { ...site.env, JOB_LEASE_SECONDS: '4', LOG_LEVEL: 'debug' };
      const servers: RunningServer[] = [];
      const database = await openDatabase({ dataDir: 'memory', databaseUrl: env.DATABASE_URL });
      const { db } = database;
      const locker = new pg.Client({ connectionString: env.DATABASE_URL });
      try {
        await site.start(); // migrates and seeds
        await site.stop();
        const members = await membersDueReminders(db, 60);

        // One member's row locked: the job's reminder for that member waits on it.
        await locker.connect();
        await locker.query('BEGIN');
        await locker.query('SELECT id FROM memberships WHERE id = $1 FOR UPDATE', [members[30]!.membershipId]);
        const killed = await startServer(env);
        servers.push(killed);
        for (let i = 0; ; i += 1) {
          const row = await jobRow(db);
          const waiting = await db.execute(sql`
          SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`);
          if (row?.lockedUntil && row.lastRunAt === null && (waiting as unknown as { rows: unknown[] }).rows.length > 0)
            break;
          if (i > 300) throw new Error('the job did not start');
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        killed.process.kill('SIGKILL');
        await killed.stop();
        const lease = (await jobRow(db))!.lockedUntil!;
        await locker.query('ROLLBACK');
        const done = await remindersOf(db, members);
        expect(done.rows).toBeLessThan(members.length);

        const other = await startServer(env);
        servers.push(other);
        for (let i = 0; ; i += 1) {
          const row = await jobRow(db);
          if (row?.lastRunAt) break;
          if (i > 300) throw new Error('the job was not run again');
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        await new Promise((resolve) => setTimeout(resolve, 2500)); // ticks enough to run it again, were it due
        const row = (await jobRow(db))!;
        expect(row.lockedUntil).toBeNull();
        expect(row.lastError).toBeNull();
        expect(row.lastRunAt!.getTime()).toBeGreaterThanOrEqual(lease.getTime());
        expect(row.nextRunAt.getTime()).toBeGreaterThan(Date.now() + 3000 * 1000);
        expect(jobLogged(other.output(), 'started')).toBe(1);

        const after = await remindersOf(db, members);
        expect(after.rows).toBe(members.length);
        for (const member of members) expect(after.mailsPerMember.get(member.email), member.email).toBe(1);
        // Delivered at most once each (a mail the killed process was sending waits out its own lease).
        for (const member of members) expect((await mailsTo(member.email, 2, 0)).length).toBeLessThanOrEqual(1);
      } finally {
        await locker.end().catch(() => undefined);
        for (const server of servers) await server.stop();
        await database.close();
        await site.drop();
      }
    },
  );
});
