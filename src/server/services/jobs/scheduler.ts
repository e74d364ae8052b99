import { and, eq, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { scheduledJobs } from '../../db/schema';
import { logger } from '../../logger';
import { runtime } from '../../runtime';

/** A piece of background work that runs every so often (DESIGN.md §15). */
export interface Job {
  name: string;
  everySeconds: number;
  /**
   * Does the work. `signal` is aborted when the process stops: a job that goes through many items
   * stops between two of them (each may run again harmlessly), so a stop never waits for all of it.
   */
  run(signal: AbortSignal): Promise<unknown>;
}

/** How long a claimed job may run before another process may take it over. */
const LEASE_MS = 10 * 60_000;

/**
 * One claim: the job's row moves on to its next run and is leased, only if it is due and not
 * leased by another process. With several processes on PostgreSQL exactly one gets it.
 */
async function claim(job: Job, now: Date): Promise<boolean> {
  const { db } = (await runtime()).database;
  await db.insert(scheduledJobs).values({ name: job.name, nextRunAt: now }).onConflictDoNothing();
  const claimed = await db
    .update(scheduledJobs)
    .set({
      nextRunAt: new Date(now.getTime() + job.everySeconds * 1000),
      lockedUntil: new Date(now.getTime() + LEASE_MS),
    })
    .where(
      and(
        eq(scheduledJobs.name, job.name),
        lte(scheduledJobs.nextRunAt, now),
        or(isNull(scheduledJobs.lockedUntil), lt(scheduledJobs.lockedUntil, now)),
      ),
    )
    .returning({ name: scheduledJobs.name });
  return claimed.length > 0;
}

/** The run ended (failed when `error`); one cut short by a stop is due again at once, for the next process. */
async function finish(job: Job, error: unknown, cutShort: boolean): Promise<void> {
  const { db } = (await runtime()).database;
  await db
    .update(scheduledJobs)
    .set({
      ...(cutShort ? { nextRunAt: sql`now()` } : {}),
      lockedUntil: null,
      lastRunAt: sql`now()`,
      lastError: error ? String(error instanceof Error ? error.message : error).slice(0, 500) : null,
    })
    .where(eq(scheduledJobs.name, job.name));
}

/**
 * Runs every due job once, in turn (each process calls this every tick), until `signal` is aborted:
 * then no other job starts, and the one running is told to stop.
 */
export async function runDueJobs(
  jobs: readonly Job[],
  now = new Date(),
  signal = new AbortController().signal,
): Promise<string[]> {
  const ran: string[] = [];
  for (const job of jobs) {
    if (signal.aborted) break;
    if (!(await claim(job, now))) continue;
    let failure: unknown = null;
    try {
      await job.run(signal);
    } catch (error) {
      failure = error;
      logger().error({ err: error, job: job.name }, 'a background job failed');
    }
    await finish(job, failure, signal.aborted);
    ran.push(job.name);
  }
  return ran;
}

export interface Scheduler {
  stop(): Promise<void>;
}

/**
 * Ticks every `tickSeconds` until stopped; a tick that is still running skips the next. Stopping
 * waits for the job running, told to stop (see `Job.run`).
 */
export function startScheduler(jobs: readonly Job[], tickSeconds: number): Scheduler {
  let running: Promise<unknown> | null = null;
  let stopped = false;
  const stopping = new AbortController();
  const timer = setInterval(() => {
    if (stopped || running) return;
    running = runDueJobs(jobs, new Date(), stopping.signal)
      .catch((error: unknown) => logger().error({ err: error }, 'the job scheduler failed'))
      .finally(() => (running = null));
  }, tickSeconds * 1000);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      stopping.abort();
      await running;
    },
  };
}
