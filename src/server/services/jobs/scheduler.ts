import { and, eq, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { scheduledJobs } from '../../db/schema';
import { logger } from '../../logger';
import { runtime } from '../../runtime';

/** A piece of background work that runs every so often (DESIGN.md §15). */
export interface Job {
  name: string;
  everySeconds: number;
  run(): Promise<unknown>;
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

/** The run claimed at `claimedAt` has ended: the lease is given back and the next run set. */
async function finish(job: Job, claimedAt: Date, error: unknown): Promise<void> {
  const { db } = (await runtime()).database;
  await db
    .update(scheduledJobs)
    .set({
      nextRunAt: new Date(claimedAt.getTime() + job.everySeconds * 1000),
      lockedUntil: null,
      lastRunAt: sql`now()`,
      lastError: error ? String(error instanceof Error ? error.message : error).slice(0, 500) : null,
    })
    .where(eq(scheduledJobs.name, job.name));
}

/** Runs every due job once, in turn (each process calls this every tick). */
export async function runDueJobs(
  jobs: readonly Job[],
  now = new Date(),
  leaseSeconds = DEFAULT_LEASE_SECONDS,
): Promise<string[]> {
  const ran: string[] = [];
  for (const job of jobs) {
    if (!(await claim(job, now, leaseSeconds))) continue;
    const started = Date.now();
    logger().debug({ job: job.name }, 'background job started');
    let failure: unknown = null;
    try {
      await job.run();
    } catch (error) {
      failure = error;
      logger().error({ err: error, job: job.name }, 'a background job failed');
    }
    await finish(job, now, failure);
    logger().debug({ job: job.name, ms: Date.now() - started }, 'background job finished');
    ran.push(job.name);
  }
  return ran;
}

export interface Scheduler {
  stop(): Promise<void>;
}

/** Ticks every `tickSeconds` until stopped; a tick that is still running skips the next. */
export function startScheduler(
  jobs: readonly Job[],
  tickSeconds: number,
  leaseSeconds = DEFAULT_LEASE_SECONDS,
): Scheduler {
  let running: Promise<unknown> | null = null;
  let stopped = false;
  const timer = setInterval(() => {
    if (stopped || running) return;
    running = runDueJobs(jobs, new Date(), leaseSeconds)
      .catch((error: unknown) => logger().error({ err: error }, 'the job scheduler failed'))
      .finally(() => (running = null));
  }, tickSeconds * 1000);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
