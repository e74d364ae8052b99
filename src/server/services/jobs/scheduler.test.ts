import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { scheduledJobs } from '../../db/schema';
import { useMemoryRuntime } from '../../test-runtime';
import { DEFAULT_LEASE_SECONDS, type Job, runDueJobs, startScheduler } from './scheduler';

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
    expect(await runDueJobs(jobs, new Date(), DEFAULT_LEASE_SECONDS, stopping.signal)).toEqual(['stop-test-long']);
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
