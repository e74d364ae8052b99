import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { scheduledJobs } from '../../db/schema';
import { useMemoryRuntime } from '../../test-runtime';
import { type Job, runDueJobs, startScheduler, type Unfinished } from './scheduler';

const runtime = useMemoryRuntime();

async function nextRunOf(name: string): Promise<Date> {
  const [row] = await runtime()
    .database.db.select({ nextRunAt: scheduledJobs.nextRunAt })
    .from(scheduledJobs)
    .where(eq(scheduledJobs.name, name));
  return row!.nextRunAt;
}

describe('stopping the background jobs', () => {
  it('tells the running job to stop, starts no other, and leaves the one cut short due at once', async () => {
    const stopping = new AbortController();
    const ran: string[] = [];
    const jobs: Job[] = [
      {
        name: 'stop-test-long',
        everySeconds: 3600,
        async run(signal) {
          ran.push('long');
          stopping.abort(); // the process is told to stop while this job runs
          expect(signal.aborted).toBe(true);
        },
      },
      { name: 'stop-test-next', everySeconds: 3600, run: async () => ran.push('next') },
    ];
    const before = Date.now();
    expect(await runDueJobs(jobs, new Date(), { signal: stopping.signal })).toEqual(['stop-test-long']);
    expect(ran).toEqual(['long']);
    // Due again now, not in an hour: the next process takes up what was left.
    expect((await nextRunOf('stop-test-long')).getTime()).toBeLessThan(before + 60_000);

    // A run that was not stopped is due after its interval.
    expect(await runDueJobs(jobs.slice(1))).toEqual(['stop-test-next']);
    expect((await nextRunOf('stop-test-next')).getTime()).toBeGreaterThan(before + 3_000_000);
  });

  it('aborts the signal of the job under way when the scheduler stops, and waits for it to return', async () => {
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    let stoppedBetweenItems = false;
    const scheduler = startScheduler(
      [
        {
          name: 'stop-test-items',
          everySeconds: 3600,
          async run(signal) {
            started();
            // Many items: the job looks at the signal between two of them.
            for (let item = 0; item < 10_000; item++) {
              if (signal.aborted) {
                stoppedBetweenItems = true;
                return;
              }
              await new Promise((resolve) => setTimeout(resolve, 5));
            }
          },
        },
      ],
      0.05,
    );
    await running;
    const stoppedAt = Date.now();
    await scheduler.stop();
    expect(stoppedBetweenItems).toBe(true);
    expect(Date.now() - stoppedAt).toBeLessThan(5_000);
  });
});

const row = async (name: string) =>
  (await runtime().database.db.select().from(scheduledJobs).where(eq(scheduledJobs.name, name)))[0]!;

describe('runDueJobs', () => {
  it('lets a job go at the next tick when the database went away before its end was recorded', async () => {
    const { db } = runtime().database;
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
    const unfinished: Unfinished = new Map();
    const start = new Date();
    await expect(runDueJobs([job], start, { unfinished })).rejects.toThrow('Connection terminated');
    expect((await row('lostAtTheEnd')).lockedUntil).not.toBeNull();

    // The next tick (the database back) records the end first: the lease is let go then, not
    // ten minutes later, and the job does not run again before it is due.
    expect(await runDueJobs([job], new Date(start.getTime() + 1000), { unfinished })).toEqual([]);
    const ended = await row('lostAtTheEnd');
    expect(ended.lockedUntil).toBeNull();
    expect(ended.lastRunAt).not.toBeNull();
    expect(unfinished.size).toBe(0);
    expect(runs).toBe(1);
    // At its next due time it runs again.
    expect(await runDueJobs([job], new Date(start.getTime() + 61_000), { unfinished })).toEqual(['lostAtTheEnd']);
    expect(runs).toBe(2);
  });
});
