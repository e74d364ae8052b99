import { and, count, eq, inArray, isNotNull, isNull, notInArray, or, sql } from 'drizzle-orm';
import { ErrorCode } from '../../../lib/error-codes';
import type { Locale } from '../../../lib/locales';
import {
  ASSIGNED_QUEUES,
  queuesOf,
  reviewerRole,
  type ReviewDecision,
  type ReviewQueue,
  seesWholeQueue,
  worksQueue,
} from '../../../lib/roles';
import type { Actor } from '../../auth/sessions';
import type { Executor } from '../../db/client';
import { accountRoles, reviewAssignments, reviewDecisions, reviewItems } from '../../db/schema';
import { AppError } from '../../app-error';
import { runtime } from '../../runtime';
import type { DecisionInput, ReviewItemRow, ReviewSubject, SubjectSummary } from './contract';
import { subjectOf } from './subjects';
import { personName } from '../../../lib/validators/name';

function rolesOf(actor: Actor) {
  return actor.account.userType === 'individual' ? actor.account.roles : [];
}

/** Of these queues, those the actor sees only the items of that are assigned to them. */
function assignedOnly(actor: Actor, queues: readonly ReviewQueue[]): ReviewQueue[] {
  return queues.filter((q) => !seesWholeQueue(rolesOf(actor), q));
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
      overdue:
        sql<number>`count(*) filter (where coalesce(${reviewAssignments.dueAt}, ${reviewItems.dueAt}) < now())`.mapWith(
          Number,
        ),
    })
    .from(reviewItems)
    .leftJoin(
      reviewAssignments,
      and(eq(reviewAssignments.itemId, reviewItems.id), eq(reviewAssignments.reviewerId, actor.accountId)),
    )
    .where(
      and(
        inArray(reviewItems.queue, queues),
        eq(reviewItems.status, 'open'),
        // An item taken back from the reader is no longer theirs to see, in any queue.
        isNull(reviewAssignments.revokedAt),
        or(notInArray(reviewItems.queue, assignedOnly(actor, queues)), isNotNull(reviewAssignments.id)),
      ),
    )
    .groupBy(reviewItems.queue);
  return queues.map((queue) => {
    const row = rows.find((r) => r.queue === queue);
    return { queue, open: row?.open ?? 0, overdue: row?.overdue ?? 0 };
  });
}

/** -11 unless the actor works the queue (its reviewer role, or `editor` for an assigned queue). */
export function assertQueueRole(actor: Actor, queue: ReviewQueue): void {
  if (!worksQueue(rolesOf(actor), queue)) throw new AppError(ErrorCode.NO_PERMISSION);
}

/**
 * The open items of some queues (`$2`) with the reader's declaration on each, oldest due first (an
 * assigned reviewer's own due date first); of the queues in `$3`, only the items assigned to the
 * reader; in no queue an item taken back from the reader.
 */
const OPEN_ITEMS = `
  SELECT i.id, i.queue, i.subject_id, i.applicant_id, coalesce(a.due_at, i.due_at) AS due_at, a.declaration
  FROM review_items i
  LEFT JOIN review_assignments a ON a.item_id = i.id AND a.reviewer_id = $1
  WHERE i.status = 'open' AND i.queue = ANY(string_to_array($2, ',')) AND a.revoked_at IS NULL
    AND (NOT (i.queue = ANY(string_to_array($3, ','))) OR a.id IS NOT NULL)
  ORDER BY coalesce(a.due_at, i.due_at), i.id`;

/**
 * The open items of the queues with their subjects' facts: one statement for the items and one
 * per domain for the facts, however many items and queues.
 */
async function openItemsOf(actor: Actor, queues: ReviewQueue[], locale: Locale) {
  if (queues.length === 0) return [];
  const { prepared } = (await runtime()).database;
  const rows = await prepared('review_open_items', OPEN_ITEMS, [
    actor.accountId,
    queues.join(','),
    assignedOnly(actor, queues).join(','),
  ]);
  const items = rows.map((r) => ({
    reviewId: r.id as number,
    queue: r.queue as ReviewQueue,
    subjectId: r.subject_id as number,
    applicantId: r.applicant_id as number,
    dueAt: new Date(r.due_at as string | Date),
    declaration: r.declaration as 'none' | 'conflict' | null,
  }));
  // Queues that review the same kind of subject share one statement for their facts.
  const byDomain = new Map<ReviewSubject, number[]>();
  for (const item of items) {
    const subject = subjectOf(item.queue);
    byDomain.set(subject, [...(byDomain.get(subject) ?? []), item.subjectId]);
  }
  const facts = new Map<ReviewSubject, Map<number, SubjectSummary>>();
  await Promise.all(
    [...byDomain].map(async ([subject, ids]) => facts.set(subject, await subject.summaries(ids, locale))),
  );
  const now = Date.now();
  return items.map((item) => ({
    reviewId: item.reviewId,
    queue: item.queue,
    subjectId: item.subjectId,
    dueAt: item.dueAt.toISOString(),
    overdue: item.dueAt.getTime() < now,
    own: item.applicantId === actor.accountId,
    declaration: item.declaration,
    path: subjectOf(item.queue).pagePath(item.queue, item),
    ...facts.get(subjectOf(item.queue))!.get(item.subjectId)!,
  }));
}

/** The open items of a queue, oldest due first, with their subjects' facts; -11 without the queue's role. */
export async function listQueue(actor: Actor, queue: ReviewQueue, locale: Locale) {
  assertQueueRole(actor, queue);
  return openItemsOf(actor, [queue], locale);
}

/** The reviewer's desk (/member/review): every queue they may work with its open items. */
export async function reviewDesk(actor: Actor, locale: Locale) {
  const queues = queuesOf(rolesOf(actor));
  const items = await openItemsOf(actor, queues, locale);
  return queues.map((queue) => {
    const open = items.filter((i) => i.queue === queue);
    return { queue, items: open, overdue: open.filter((i) => i.overdue).length };
  });
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
    .select({ declaration: reviewAssignments.declaration, revokedAt: reviewAssignments.revokedAt })
    .from(reviewAssignments)
    .where(and(eq(reviewAssignments.itemId, item.id), eq(reviewAssignments.reviewerId, actor.accountId)));
  // On an assigned queue, a reviewer works only what the editor gave them; on any queue, not what
  // was taken back from them (a supervisor gave it to another).
  if ((!seesWholeQueue(rolesOf(actor), item.queue) && !assignment) || (assignment && assignment.revokedAt !== null))
    throw new AppError(ErrorCode.NO_PERMISSION, { reason: 'notAssigned' }, { key: 'reviewNotAssigned' });
  return { item, declaration: assignment?.declaration ?? null };
}

/**
 * An item with the reader's declaration and every decision made on its subject in the queue
 * (oldest first, with the reviewer's name), its columns named `review_*`.
 */
const ITEM_COLUMNS = `i.id AS review_id, i.queue AS review_queue, i.subject_id AS review_subject_id,
    i.applicant_id AS review_applicant_id, i.status AS review_status, i.due_at AS review_due_at,
    (SELECT a.declaration FROM review_assignments a WHERE a.item_id = i.id AND a.reviewer_id = $1) AS review_declaration,
    EXISTS (SELECT 1 FROM review_assignments a WHERE a.item_id = i.id AND a.reviewer_id = $1 AND a.revoked_at IS NULL)
      AS review_assigned,
    EXISTS (SELECT 1 FROM review_assignments a
      WHERE a.item_id = i.id AND a.reviewer_id = $1 AND a.revoked_at IS NOT NULL) AS review_taken_back,
    (SELECT json_agg(json_build_array(d.decision, d.comment, d.staff_note, d.reviewer_id, d.at, r.name_zh, r.name_en)
       ORDER BY d.at, d.id)
     FROM review_decisions d JOIN review_items j ON j.id = d.item_id JOIN accounts r ON r.id = d.reviewer_id
     WHERE j.queue = i.queue AND j.subject_id = i.subject_id) AS review_decisions`;

/**
 * The statements of a queue's (`$3`) review page: the item by its id (`$2`), or the newest of a subject
 * (`$2`; the review pages address subjects, and the newest is the open one if any: a subject goes
 * back on a queue only after its earlier item there closed), with the subject joined.
 */
const itemStatements = new Map<ReviewQueue, { byId: string; bySubject: string }>();
function itemStatementsOf(queue: ReviewQueue) {
  let found = itemStatements.get(queue);
  if (!found) {
    const select = `SELECT ${ITEM_COLUMNS}, s.* FROM review_items i
      LEFT JOIN LATERAL (${subjectOf(queue).detailSql('i.subject_id')}) s ON true
      WHERE i.queue = $3`;
    found = {
      byId: `${select} AND i.id = $2`,
      bySubject: `${select} AND i.subject_id = $2 ORDER BY i.id DESC LIMIT 1`,
    };
    itemStatements.set(queue, found);
  }
  return found;
}

const ITEM_QUEUE = `SELECT queue FROM review_items WHERE id = $1`;

type ItemLocator = { reviewId: number; queue?: ReviewQueue } | { queue: ReviewQueue; subjectId: number };

/**
 * One item for its reviewer: its queue, state and due date, their declaration, who applied for
 * what, and the subject itself and the decisions made on it only once they declared no conflict.
 * Without the queue's role, or on their own subject, -11; an unknown item (or one of another queue
 * than the one given) -6. With its queue given, one statement (the item with its subject).
 */
export async function getReviewItem(actor: Actor, locator: ItemLocator, locale: Locale) {
  const { prepared } = (await runtime()).database;
  let queue = locator.queue;
  if (queue === undefined) {
    const [found] = await prepared('review_item_queue', ITEM_QUEUE, [(locator as { reviewId: number }).reviewId]);
    if (!found) throw new AppError(ErrorCode.NO_DATA);
    queue = found.queue as ReviewQueue;
  }
  // Without the queue's role, nobody learns whether a subject exists.
  assertQueueRole(actor, queue);
  const statements = itemStatementsOf(queue);
  const name = queue.toLowerCase();
  const [row] =
    'subjectId' in locator
      ? await prepared(`review_item_of_subject_${name}`, statements.bySubject, [
          actor.accountId,
          locator.subjectId,
          queue,
        ])
      : await prepared(`review_item_${name}`, statements.byId, [actor.accountId, locator.reviewId, queue]);
  if (!row) throw new AppError(ErrorCode.NO_DATA);
  if (row.review_applicant_id === actor.accountId)
    throw new AppError(ErrorCode.NO_PERMISSION, { reason: 'ownApplication' }, { key: 'reviewOwn' });
  if ((!seesWholeQueue(rolesOf(actor), queue) && row.review_assigned !== true) || row.review_taken_back === true)
    throw new AppError(ErrorCode.NO_PERMISSION, { reason: 'notAssigned' }, { key: 'reviewNotAssigned' });
  const declaration = row.review_declaration as 'none' | 'conflict' | null;
  const subjectId = row.review_subject_id as number;
  const decisions = (
    (row.review_decisions ?? []) as [ReviewDecision, string, string, number, string, string, string][]
  ).map(([decision, comment, staffNote, reviewerId, at, nameZh, nameEn]) => ({
    decision,
    comment,
    staffNote,
    reviewerId,
    reviewerName: personName({ nameZh, nameEn }, locale),
    at: new Date(at).toISOString(),
  }));
  const reviewId = row.review_id as number;
  const subject = subjectOf(queue);
  // Who applied and for what is shown before the declaration (it is what a conflict is about);
  // the content only after it.
  const { summary, content } = await subject.detail(row, locale);
  return {
    reviewId,
    queue,
    subjectId,
    status: row.review_status as ReviewItemRow['status'],
    dueAt: new Date(row.review_due_at as string | Date).toISOString(),
    declaration,
    path: subject.pagePath(queue, { reviewId, subjectId }),
    summary,
    subject: declaration === 'none' ? content : null,
    decisions: declaration === 'none' ? decisions : [],
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
    // An assigned reviewer (an assigned queue, or one a supervisor gave the item to) declares on
    // their assignment; elsewhere the declaration takes the item.
    let declared = await tx
      .update(reviewAssignments)
      .set({ declaration })
      .where(
        and(
          eq(reviewAssignments.itemId, item.id),
          eq(reviewAssignments.reviewerId, actor.accountId),
          isNull(reviewAssignments.declaration),
          isNull(reviewAssignments.revokedAt),
        ),
      )
      .returning({ id: reviewAssignments.id });
    if (declared.length === 0 && !ASSIGNED_QUEUES.includes(item.queue))
      declared = await tx
        .insert(reviewAssignments)
        .values({ itemId: item.id, reviewerId: actor.accountId, assignedBy: actor.accountId, declaration })
        .onConflictDoNothing()
        .returning({ id: reviewAssignments.id });
    if (declared.length === 0 && ASSIGNED_QUEUES.includes(item.queue))
      throw new AppError(ErrorCode.NO_PERMISSION, { reason: 'notAssigned' }, { key: 'reviewNotAssigned' });
    if (declared.length > 0 && declaration === 'none') await subjectOf(item.queue).started(tx, item, actor);
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
  input: { decision: ReviewDecision; comment: string; staffNote: string } & DecisionInput,
): Promise<void> {
  const { db } = (await runtime()).database;
  const { item, declaration } = await itemForReviewer(db, actor, reviewId);
  if (declaration !== 'none')
    throw new AppError(ErrorCode.NO_PERMISSION, { reason: 'declarationNeeded' }, { key: 'reviewDeclare' });
  if (item.status !== 'open')
    throw new AppError(ErrorCode.DATA_CHECK, { reason: 'reviewClosed' }, { key: 'reviewClosed' });
  if (input.decision !== 'approve' && input.comment.trim() === '')
    throw new AppError(ErrorCode.KEY_MISSING, { fields: ['comment'] }, { key: 'reviewCommentNeeded' });
  const { points, sessionPoints, courseCode, score } = input;
  const carryOut = await subjectOf(item.queue).decision(item, input.decision, input.comment.trim(), actor, {
    points,
    sessionPoints,
    courseCode,
    score,
  });
  await db.transaction(async (tx) => {
    await recordDecision(tx, item.id, actor.accountId, input);
    await carryOut(tx);
  });
}

/**
 * Closes an open item with its decision, in the caller's transaction: of two deciders at once one
 * wins, the other is told the item changed (-10 `reviewClosed`).
 */
export async function recordDecision(
  tx: Executor,
  itemId: number,
  deciderId: number,
  input: { decision: ReviewDecision; comment: string; staffNote: string },
): Promise<void> {
  const closed = await tx
    .update(reviewItems)
    .set({ status: 'decided', closedAt: new Date() })
    .where(and(eq(reviewItems.id, itemId), eq(reviewItems.status, 'open')))
    .returning({ id: reviewItems.id });
  if (closed.length === 0)
    throw new AppError(ErrorCode.DATA_CHECK, { reason: 'reviewClosed' }, { key: 'reviewClosed' });
  await tx.insert(reviewDecisions).values({
    itemId,
    reviewerId: deciderId,
    decision: input.decision,
    comment: input.comment.trim(),
    staffNote: input.staffNote.trim(),
  });
}

/**
 * Gives an open item to a reviewer, in the caller's transaction: the one way someone else assigns
 * a review (the papers' editor, a queue's supervisor in the console). The item is locked first, so
 * a decision or another assignment at the same time waits. Refused with -10: a closed item
 * (`reviewClosed`), a reviewer without the queue's reviewer role (`reviewerNoRole`), the item's own
 * subject (`reviewerOwnSubject`), one who declared a conflict on it (`reviewerDeclaredConflict`);
 * -13 when they hold it already. An assignment taken back before starts afresh on its row (its
 * earlier declaration, reminders and due date go). Answers the assignment's id.
 */
export async function giveAssignment(
  tx: Executor,
  itemId: number,
  input: { reviewerId: number; assignedBy: number; dueAt: Date },
): Promise<number> {
  const [item] = await tx.select().from(reviewItems).where(eq(reviewItems.id, itemId)).for('update');
  if (!item) throw new AppError(ErrorCode.NO_DATA);
  if (item.status !== 'open')
    throw new AppError(ErrorCode.DATA_CHECK, { reason: 'reviewClosed' }, { key: 'reviewClosed' });
  const refuse = (reason: string, key: string) =>
    new AppError(ErrorCode.DATA_CHECK, { fields: ['reviewerId'], reason }, { key });
  const [role] = await tx
    .select({ id: accountRoles.id })
    .from(accountRoles)
    .where(and(eq(accountRoles.accountId, input.reviewerId), eq(accountRoles.role, reviewerRole(item.queue))));
  if (!role) throw refuse('noRole', 'reviewerNoRole');
  if (item.applicantId === input.reviewerId) throw refuse('ownSubject', 'reviewerOwnSubject');
  const [earlier] = await tx
    .select()
    .from(reviewAssignments)
    .where(and(eq(reviewAssignments.itemId, itemId), eq(reviewAssignments.reviewerId, input.reviewerId)));
  if (earlier?.declaration === 'conflict') throw refuse('declaredConflict', 'reviewerDeclaredConflict');
  if (earlier && earlier.revokedAt === null)
    throw new AppError(ErrorCode.DUPLICATE, { fields: ['reviewerId'] }, { key: 'reviewerAssigned' });
  const fresh = {
    assignedBy: input.assignedBy,
    dueAt: input.dueAt,
    declaration: null,
    revokedAt: null,
    remindedBeforeAt: null,
    remindedOverdueAt: null,
    remindedAt: null,
  };
  if (earlier) {
    await tx.update(reviewAssignments).set(fresh).where(eq(reviewAssignments.id, earlier.id));
    return earlier.id;
  }
  const [inserted] = await tx
    .insert(reviewAssignments)
    .values({ itemId, reviewerId: input.reviewerId, ...fresh })
    .returning({ id: reviewAssignments.id });
  return inserted!.id;
}

/**
 * Takes an assignment back, in the caller's transaction: the reviewer no longer sees or opens the
 * item; the row stays (the history). -10 `assignmentClosed` when it was taken back already.
 */
export async function takeBackAssignment(tx: Executor, assignmentId: number, now = new Date()): Promise<void> {
  const taken = await tx
    .update(reviewAssignments)
    .set({ revokedAt: now })
    .where(and(eq(reviewAssignments.id, assignmentId), isNull(reviewAssignments.revokedAt)))
    .returning({ id: reviewAssignments.id });
  if (taken.length === 0)
    throw new AppError(ErrorCode.DATA_CHECK, { reason: 'assignmentClosed' }, { key: 'assignmentClosed' });
}
