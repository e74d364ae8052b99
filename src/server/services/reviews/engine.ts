import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { ErrorCode } from '../../../lib/error-codes';
import type { Locale } from '../../../lib/locales';
import { queuesOf, type ReviewDecision, type ReviewQueue, reviewerRole } from '../../../lib/roles';
import type { Actor } from '../../auth/sessions';
import type { Executor } from '../../db/client';
import { reviewAssignments, reviewDecisions, reviewItems } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { runtime } from '../../runtime';
import { subjectOf } from './subjects';

export type ReviewItemRow = typeof reviewItems.$inferSelect;

/** The facts of a subject a queue's list shows. */
export interface SubjectSummary {
  title: string;
  number: string;
  applicantName: string;
  submittedAt: string | null;
}

/** What a domain plugs into the engine for one queue (DESIGN.md §13). */
export interface ReviewSubject {
  /** The list's facts for several subjects at once (one statement, never one per item). */
  summaries(executor: Executor, subjectIds: number[], locale: Locale): Promise<Map<number, SubjectSummary>>;
  /** Everything a reviewer reads to decide (shown only after their declaration). */
  detail(executor: Executor, subjectId: number, locale: Locale): Promise<Record<string, unknown>>;
  /** The reviewer has declared no conflict and starts on the subject. */
  started(tx: Executor, item: ReviewItemRow, reviewer: Actor): Promise<void>;
  /**
   * Prepares a decision outside the transaction (reads what mail needs) and answers the step that
   * carries it out inside it.
   */
  decision(
    item: ReviewItemRow,
    decision: ReviewDecision,
    comment: string,
    reviewer: Actor,
  ): Promise<(tx: Executor) => Promise<void>>;
}

function rolesOf(actor: Actor) {
  return actor.account.userType === 'individual' ? actor.account.roles : [];
}

/** The queues the actor may work, each with what is open and what is overdue. */
export async function reviewHub(actor: Actor): Promise<{ queue: ReviewQueue; open: number; overdue: number }[]> {
  const queues = queuesOf(rolesOf(actor));
  if (queues.length === 0) return [];
  const { db } = (await runtime()).database;
  const rows = await db
    .select({
      queue: reviewItems.queue,
      open: count(),
      overdue: sql<number>`count(*) filter (where ${reviewItems.dueAt} < now())`.mapWith(Number),
    })
    .from(reviewItems)
    .where(and(inArray(reviewItems.queue, queues), eq(reviewItems.status, 'open')))
    .groupBy(reviewItems.queue);
  return queues.map((queue) => {
    const row = rows.find((r) => r.queue === queue);
    return { queue, open: row?.open ?? 0, overdue: row?.overdue ?? 0 };
  });
}

/** -11 unless the actor holds the queue's reviewer role. */
export function assertQueueRole(actor: Actor, queue: ReviewQueue): void {
  if (!rolesOf(actor).includes(reviewerRole(queue))) throw new AppError(ErrorCode.NO_PERMISSION);
}

/** The open items of a queue, oldest due first, with their subjects' facts; the reviewer's own are left out. */
export async function listQueue(actor: Actor, queue: ReviewQueue, locale: Locale) {
  assertQueueRole(actor, queue);
  const { db } = (await runtime()).database;
  const items = await db
    .select()
    .from(reviewItems)
    .where(and(eq(reviewItems.queue, queue), eq(reviewItems.status, 'open')))
    .orderBy(asc(reviewItems.dueAt), asc(reviewItems.id));
  const summaries = await subjectOf(queue).summaries(
    db,
    items.map((i) => i.subjectId),
    locale,
  );
  const now = Date.now();
  return items.map((item) => ({
    reviewId: item.id,
    subjectId: item.subjectId,
    dueAt: item.dueAt.toISOString(),
    overdue: item.dueAt.getTime() < now,
    own: item.applicantId === actor.accountId,
    ...summaries.get(item.subjectId)!,
  }));
}

/**
 * An item the actor may review: the queue's role, and never their own subject (-11). Unknown ids
 * answer -6.
 */
export async function itemForReviewer(
  executor: Executor,
  actor: Actor,
  reviewId: number,
): Promise<{ item: ReviewItemRow; declaration: 'none' | 'conflict' | null }> {
  const [item] = await executor.select().from(reviewItems).where(eq(reviewItems.id, reviewId));
  if (!item) throw new AppError(ErrorCode.NO_DATA);
  assertQueueRole(actor, item.queue);
  if (item.applicantId === actor.accountId)
    throw new AppError(ErrorCode.NO_PERMISSION, { reason: 'ownApplication' }, { key: 'reviewOwn' });
  const [assignment] = await executor
    .select({ declaration: reviewAssignments.declaration })
    .from(reviewAssignments)
    .where(and(eq(reviewAssignments.itemId, item.id), eq(reviewAssignments.reviewerId, actor.accountId)));
  return { item, declaration: assignment?.declaration ?? null };
}

/** The open item of a subject on a queue (the review pages address subjects), or -6. */
export async function openItemOf(queue: ReviewQueue, subjectId: number): Promise<ReviewItemRow> {
  const { db } = (await runtime()).database;
  const [item] = await db
    .select()
    .from(reviewItems)
    .where(and(eq(reviewItems.queue, queue), eq(reviewItems.subjectId, subjectId)))
    .orderBy(sql`${reviewItems.status} = 'open' desc`, sql`${reviewItems.id} desc`)
    .limit(1);
  if (!item) throw new AppError(ErrorCode.NO_DATA);
  return item;
}

/**
 * One item for its reviewer: its queue, state and due date, their declaration, and the subject
 * itself only once they declared no conflict; the decisions made on it so far.
 */
export async function getReviewItem(actor: Actor, reviewId: number, locale: Locale) {
  const { db } = (await runtime()).database;
  const { item, declaration } = await itemForReviewer(db, actor, reviewId);
  const subject = declaration === 'none' ? await subjectOf(item.queue).detail(db, item.subjectId, locale) : null;
  return {
    reviewId: item.id,
    queue: item.queue,
    subjectId: item.subjectId,
    status: item.status,
    dueAt: item.dueAt.toISOString(),
    declaration,
    subject,
    decisions:
      declaration === 'none'
        ? (await decisionsOf(db, item.queue, item.subjectId)).map((d) => ({ ...d, at: d.at.toISOString() }))
        : [],
  };
}

/**
 * The reviewer's declaration of interests, before anything of the subject is shown: `none`
 * assigns them and starts the review; `conflict` keeps them out of this item for good.
 */
export async function declareInterests(actor: Actor, reviewId: number, declaration: 'none' | 'conflict') {
  const { db } = (await runtime()).database;
  const { item, declaration: earlier } = await itemForReviewer(db, actor, reviewId);
  if (item.status !== 'open')
    throw new AppError(ErrorCode.DATA_CHECK, { reason: 'reviewClosed' }, { key: 'reviewClosed' });
  if (earlier !== null) return { declaration: earlier };
  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(reviewAssignments)
      .values({ itemId: item.id, reviewerId: actor.accountId, assignedBy: actor.accountId, declaration })
      .onConflictDoNothing()
      .returning({ id: reviewAssignments.id });
    if (inserted.length > 0 && declaration === 'none') await subjectOf(item.queue).started(tx, item, actor);
  });
  return { declaration };
}

/**
 * A decision on an item: the reviewer declared no conflict, the item is still open, and the
 * subject's domain carries it out in the same transaction. Of two reviewers deciding at once,
 * one wins; the other is told the item changed.
 */
export async function decide(
  actor: Actor,
  reviewId: number,
  input: { decision: ReviewDecision; comment: string; staffNote: string },
): Promise<void> {
  const { db } = (await runtime()).database;
  const { item, declaration } = await itemForReviewer(db, actor, reviewId);
  if (declaration !== 'none')
    throw new AppError(ErrorCode.NO_PERMISSION, { reason: 'declarationNeeded' }, { key: 'reviewDeclare' });
  if (item.status !== 'open')
    throw new AppError(ErrorCode.DATA_CHECK, { reason: 'reviewClosed' }, { key: 'reviewClosed' });
  if (input.decision !== 'approve' && input.comment.trim() === '')
    throw new AppError(ErrorCode.KEY_MISSING, { fields: ['comment'] }, { key: 'reviewCommentNeeded' });
  const carryOut = await subjectOf(item.queue).decision(item, input.decision, input.comment.trim(), actor);
  await db.transaction(async (tx) => {
    const closed = await tx
      .update(reviewItems)
      .set({ status: 'decided', closedAt: new Date() })
      .where(and(eq(reviewItems.id, item.id), eq(reviewItems.status, 'open')))
      .returning({ id: reviewItems.id });
    if (closed.length === 0)
      throw new AppError(ErrorCode.DATA_CHECK, { reason: 'reviewClosed' }, { key: 'reviewClosed' });
    await tx.insert(reviewDecisions).values({
      itemId: item.id,
      reviewerId: actor.accountId,
      decision: input.decision,
      comment: input.comment.trim(),
      staffNote: input.staffNote.trim(),
    });
    await carryOut(tx);
  });
}

/** The decisions made on a subject's items, oldest first (for its history). */
export async function decisionsOf(executor: Executor, queue: ReviewQueue, subjectId: number) {
  return executor
    .select({
      decision: reviewDecisions.decision,
      comment: reviewDecisions.comment,
      staffNote: reviewDecisions.staffNote,
      reviewerId: reviewDecisions.reviewerId,
      at: reviewDecisions.at,
    })
    .from(reviewDecisions)
    .innerJoin(reviewItems, eq(reviewItems.id, reviewDecisions.itemId))
    .where(and(eq(reviewItems.queue, queue), eq(reviewItems.subjectId, subjectId)))
    .orderBy(asc(reviewDecisions.at));
}
