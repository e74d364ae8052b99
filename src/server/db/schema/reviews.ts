import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { ReviewDecision, ReviewQueue, Role } from '../../../lib/roles';
import { createdAt, refId } from './columns';
import { accounts } from './accounts';

/**
 * One thing waiting for a decision on a queue (DESIGN.md §13): an application, a claim, a course,
 * a paper. The domain that owns the subject decides what a decision does; the engine keeps who may
 * decide, when it is due, and what was decided.
 */
export const reviewItems = pgTable(
  'review_items',
  {
    id: serial('id').primaryKey(),
    queue: text('queue').$type<ReviewQueue>().notNull(),
    /** The subject's id in its domain (an application's id for the membership queues). */
    subjectId: integer('subject_id').notNull(),
    /** The individual whose subject it is (a reviewer never decides their own); null for an organisation's. */
    applicantId: integer('applicant_id'),
    status: text('status').$type<'open' | 'decided' | 'withdrawn'>().notNull().default('open'),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    index('review_items_queue_idx').on(t.queue, t.status, t.dueAt),
    // A subject's items on a queue, newest first (its review page and the decisions made on it).
    index('review_items_subject_idx').on(t.queue, t.subjectId, t.id),
    // A subject has at most one open item on a queue.
    uniqueIndex('review_items_open_subject_idx')
      .on(t.queue, t.subjectId)
      .where(sql`${t.status} = 'open'`),
  ],
);

/** A reviewer taking an item, with their declaration of conflicts of interest before seeing it. */
export const reviewAssignments = pgTable(
  'review_assignments',
  {
    id: serial('id').primaryKey(),
    itemId: refId('item_id', () => reviewItems.id),
    reviewerId: refId('reviewer_id', () => accounts.id),
    /** Who assigned it (the reviewer themself when they took it). */
    assignedBy: integer('assigned_by').notNull(),
    /**
     * `none` declared before the content was shown; `conflict` withdraws the reviewer; null while
     * an assigned reviewer (the paper queue) has not declared yet.
     */
    declaration: text('declaration').$type<'none' | 'conflict'>(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** Where the queue assigns (papers): when the review is due, and when the editor took it back. */
    dueAt: timestamp('due_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** The reminders sent before the due date and once overdue (each once). */
    remindedBeforeAt: timestamp('reminded_before_at', { withTimezone: true }),
    remindedOverdueAt: timestamp('reminded_overdue_at', { withTimezone: true }),
    /** When a supervisor last reminded the reviewer from the console (at most once a day). */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('review_assignments_item_reviewer_idx').on(t.itemId, t.reviewerId)],
);

/** The decisions made on items: a comment for the applicant and a note for the staff. */
export const reviewDecisions = pgTable(
  'review_decisions',
  {
    id: serial('id').primaryKey(),
    itemId: refId('item_id', () => reviewItems.id),
    reviewerId: refId('reviewer_id', () => accounts.id),
    decision: text('decision').$type<ReviewDecision>().notNull(),
    comment: text('comment').notNull().default(''),
    staffNote: text('staff_note').notNull().default(''),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('review_decisions_item_idx').on(t.itemId, t.at)],
);

/** Roles an individual account holds (DESIGN.md §14), granted and revoked with `npm run admin`. */
export const accountRoles = pgTable(
  'account_roles',
  {
    id: serial('id').primaryKey(),
    accountId: refId('account_id', () => accounts.id),
    role: text('role').$type<Role>().notNull(),
    grantedBy: text('granted_by').notNull(),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('account_roles_account_role_idx').on(t.accountId, t.role)],
);
