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

async function finish(name: string, error: unknown): Promise<void> {
  const { db } = (await runtime()).database;
  await db
    .update(scheduledJobs)
    .set({
      lockedUntil: null,
      lastRunAt: sql`now()`,
      lastError: error ? String(error instanceof Error ? error.message : error).slice(0, 500) : null,
    })
    .where(eq(scheduledJobs.name, name));
}

/**
 * Runs every due job once, in turn (each process calls this every tick). A job whose end could
 * not be recorded (the database went away while it ran) is kept in `unfinished` with its failure
 * and recorded first at the next tick: its lease is let go then, not ten minutes later.
 */
export async function runDueJobs(
  jobs: readonly Job[],
  now = new Date(),
  unfinished = new Map<string, unknown>(),
): Promise<string[]> {
  for (const [name, failure] of unfinished) {
    await finish(name, failure);
    unfinished.delete(name);
  }
  const ran: string[] = [];
  for (const job of jobs) {
    if (!(await claim(job, now))) continue;
    let failure: unknown = null;
    try {
      await job.run();
    } catch (error) {
      failure = error;
      logger().error({ err: error, job: job.name }, 'a background job failed');
    }
    try {
      await finish(job.name, failure);
    } catch (error) {
      unfinished.set(job.name, failure ?? error);
      throw error;
    }
    ran.push(job.name);
  }
  return ran;
}

export interface Scheduler {
  stop(): Promise<void>;
}

/** Ticks every `tickSeconds` until stopped; a tick that is still running skips the next. */
export function startScheduler(jobs: readonly Job[], tickSeconds: number): Scheduler {
  let running: Promise<unknown> | null = null;
  let stopped = false;
  const unfinished = new Map<string, unknown>();
  const timer = setInterval(() => {
    if (stopped || running) return;
    running = runDueJobs(jobs, new Date(), unfinished)
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
