import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { scheduledJobs } from '../../db/schema';
import { useMemoryRuntime } from '../../test-runtime';
import { runDueJobs, type Job } from './scheduler';

const rt = useMemoryRuntime();

const row = async (name: string) =>
  (await rt().database.db.select().from(scheduledJobs).where(eq(scheduledJobs.name, name)))[0]!;

describe('runDueJobs', () => {
  it('lets a job go at the next tick when the database went away before its end was recorded', async () => {
    const { db } = rt().database;
    let runs = 0;
    // The job runs; the first time, the database is gone for the statement that records its end.
    const job: Job = {
      name: 'lostAtTheEnd',
      everySeconds: 60,
      run: async () => {
        if (runs++ > 0) return;
        vi.spyOn(db, 'update').mockImplementationOnce(() => {
          throw Object.assign(new Error('Connection terminated unexpectedly'), { code: 'ECONNRESET' });
        });
      },
    };
    const unfinished = new Map<string, unknown>();
    const start = new Date();
    await expect(runDueJobs([job], start, unfinished)).rejects.toThrow('Connection terminated');
    expect((await row('lostAtTheEnd')).lockedUntil).not.toBeNull();

    // The next tick (the database back) records the end first: the lease is let go then, not
    // ten minutes later, and the job does not run again before it is due.
    expect(await runDueJobs([job], new Date(start.getTime() + 1000), unfinished)).toEqual([]);
    const ended = await row('lostAtTheEnd');
    expect(ended.lockedUntil).toBeNull();
    expect(ended.lastRunAt).not.toBeNull();
    expect(unfinished.size).toBe(0);
    expect(runs).toBe(1);
    // At its next due time it runs again.
    expect(await runDueJobs([job], new Date(start.getTime() + 61_000), unfinished)).toEqual(['lostAtTheEnd']);
    expect(runs).toBe(2);
  });
});
