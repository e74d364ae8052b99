import { describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../setup/start-server';
import { JOB, jobRow, membersDueReminders, remindersOf, jobLogged } from './job-crash-helpers';
import { jobsSite } from './jobs-helpers';

/**
 * The embedded database's one serving process killed (SIGKILL) while it runs a background job:
 * started again on the same data folder, it runs the job again once the lease
 * (`JOB_LEASE_SECONDS`) has ended, once, and what the killed run had done is not done twice. The
 * job has enough members to remind to last a moment; the process is killed as soon as it logs the
 * job's start (LOG_LEVEL=debug), and the database read afterwards shows it was caught mid-run.
 */
describe('the embedded database’s process killed while it runs a background job', () => {
  it('runs the job again after a restart on the same data folder, once', { timeout: 120_000 }, async () => {
    const site = await jobsSite();
    const env = { ...site.env, JOB_LEASE_SECONDS: '2', LOG_LEVEL: 'debug' };
    let server: RunningServer | null = null;
    try {
      await site.start(); // migrates and seeds
      await site.stop();
      const members = await site.withDb((db) => membersDueReminders(db, 150));

      server = await startServer(env);
      const killed = server;
      for (let i = 0; jobLogged(killed.output(), 'started') === 0; i += 1) {
        if (i > 3000) throw new Error('the job did not start');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      killed.process.kill('SIGKILL');
      await killed.stop();
      server = null;
      const caught = await site.withDb(async (db) => ({ row: await jobRow(db), done: await remindersOf(db, members) }));
      expect(caught.row?.lastRunAt, 'killed before the job ended').toBeNull();
      expect(caught.row?.lockedUntil).not.toBeNull();
      expect(caught.done.rows).toBeLessThan(members.length);

      server = await startServer(env);
      const restarted = server;
      for (let i = 0; jobLogged(restarted.output(), 'finished') === 0; i += 1) {
        if (i > 600) throw new Error(`the job was not run again:\n${restarted.output().slice(-2000)}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await new Promise((resolve) => setTimeout(resolve, 2500)); // ticks enough to run it again, were it due
      expect(jobLogged(restarted.output(), 'started')).toBe(1);
      await restarted.stop();
      server = null;

      const after = await site.withDb(async (db) => ({ row: await jobRow(db), done: await remindersOf(db, members) }));
      expect(after.row).toMatchObject({ name: JOB, lockedUntil: null, lastError: null });
      expect(after.done.rows).toBe(members.length);
      for (const member of members) expect(after.done.mailsPerMember.get(member.email), member.email).toBe(1);
    } finally {
      await server?.stop();
      await site.drop();
    }
  });
});
