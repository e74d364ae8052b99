import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Background work that runs on a schedule (DESIGN.md §15): status changes from dates, reminders,
 * reconciliation of unpaid orders, expiry of stale applications. Each process ticks; one claims a
 * due job with a single conditional update, so with several processes a job runs once.
 */
export const scheduledJobs = pgTable('scheduled_jobs', {
  name: text('name').primaryKey(),
  nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }),
  lastError: text('last_error'),
});
