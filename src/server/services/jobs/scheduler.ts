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

/** How long a claimed job may run before another process may take it over (`JOB_LEASE_SECONDS`). */
export const DEFAULT_LEASE_SECONDS = 600;

/**
 * One claim: the job's row is leased, only if it is due and not leased by another process. With
 * several processes on PostgreSQL exactly one gets it. The row stays due while the lease lasts: a
 * process that dies holding the job (killed, the machine gone) leaves it to be run again once the
 * lease ends, by another process or the restarted one; `finish` moves it on to its next run.
 */
async function claim(job: Job, now: Date, leaseSeconds: number): Promise<boolean> {
  const { db } = (await runtime()).database;
  await db.insert(scheduledJobs).values({ name: job.name, nextRunAt: now }).onConflictDoNothing();
  const claimed = await db
    .update(scheduledJobs)
    .set({ lockedUntil: new Date(now.getTime() + leaseSeconds * 1000) })
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

/**
 * The run claimed at `claimedAt` has ended (failed when `error`): the lease is given back and the
 * next run set; one cut short by a stop is due again at once, for the next process.
 */
async function finish(job: Job, claimedAt: Date, error: unknown, cutShort: boolean): Promise<void> {
  const { db } = (await runtime()).database;
  await db
    .update(scheduledJobs)
    .set({
      nextRunAt: cutShort ? sql`now()` : new Date(claimedAt.getTime() + job.everySeconds * 1000),
      lockedUntil: null,
      lastRunAt: sql`now()`,
      lastError: error ? String(error instanceof Error ? error.message : error).slice(0, 500) : null,
    })
    .where(eq(scheduledJobs.name, job.name));
}

/** The ends of runs not yet recorded, by job: each records its run's end when called. */
export type Unfinished = Map<string, () => Promise<void>>;

export interface RunOptions {
  leaseSeconds?: number;
  signal?: AbortSignal;
  unfinished?: Unfinished;
}

/**
 * Runs every due job once, in turn (each process calls this every tick), until `signal` is aborted:
 * then no other job starts, and the one running is told to stop. A job whose end could not be
 * recorded (the database went away while it ran) is kept in `unfinished` and recorded first at
 * the next tick: its lease is let go then, not when the lease ends.
 */
export async function runDueJobs(
  jobs: readonly Job[],
  now = new Date(),
  {
    leaseSeconds = DEFAULT_LEASE_SECONDS,
    signal = new AbortController().signal,
    unfinished = new Map(),
  }: RunOptions = {},
): Promise<string[]> {
  for (const [name, record] of unfinished) {
    await record();
    unfinished.delete(name);
  }
  const ran: string[] = [];
  for (const job of jobs) {
    if (signal.aborted) break;
    if (!(await claim(job, now, leaseSeconds))) continue;
    const started = Date.now();
    logger().debug({ job: job.name }, 'background job started');
    let failure: unknown = null;
    try {
      await job.run(signal);
    } catch (error) {
      failure = error;
      logger().error({ err: error, job: job.name }, 'a background job failed');
    }
    const end = () => finish(job, now, failure, signal.aborted);
    try {
      await end();
    } catch (error) {
      unfinished.set(job.name, end);
      throw error;
    }
    logger().debug({ job: job.name, ms: Date.now() - started }, 'background job finished');
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
export function startScheduler(
  jobs: readonly Job[],
  tickSeconds: number,
  leaseSeconds = DEFAULT_LEASE_SECONDS,
): Scheduler {
  let running: Promise<unknown> | null = null;
  let stopped = false;
  const stopping = new AbortController();
  const unfinished: Unfinished = new Map();
  const timer = setInterval(() => {
    if (stopped || running) return;
    running = runDueJobs(jobs, new Date(), { leaseSeconds, signal: stopping.signal, unfinished })
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
