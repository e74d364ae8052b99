import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/**
 * Counters of rate-limiter-flexible's Drizzle store (src/server/auth/rate-limits.ts): one row per
 * limited key (`<limit>:<subject>`), its points in the current window and when the window ends.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  points: integer('points').notNull().default(0),
  expire: timestamp('expire', { withTimezone: true }),
});

export const MAIL_STATUSES = ['pending', 'sent', 'failed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/**
 * The durable mail outbox (DESIGN.md §15): a mail is written here in the transaction of the change
 * that causes it and delivered by a background worker with retries. Its content (which may hold a
 * live token or code) is erased once delivered or given up, or at `eraseAfter` at the latest.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    locale: text('locale').notNull(),
    /** What caused it (`passwordReset`, `signupCode`, …), for logs and tests. */
    kind: text('kind').notNull(),
    status: text('status').$type<MailStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    eraseAfter: timestamp('erase_after', { withTimezone: true }).notNull(),
  },
  (t) => [index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt)],
);
