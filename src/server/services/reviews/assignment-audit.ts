import { and, eq, isNull } from 'drizzle-orm';
import type { ReviewQueue } from '../../../lib/roles';
import type { Executor } from '../../db/client';
import { reviewAssignments, reviewItems } from '../../db/schema';
import { type AuditActor, recordAudit } from '../accounts/audit';

/**
 * Who holds a review item, for the audit of every change of it (DESIGN.md §19): the holders before
 * and after an assignment is given, given anew or taken back, written the same way by the papers'
 * editor, the console's queues and a revoked reviewer role, in the change's transaction.
 */

/** One assignment holding an item (not taken back). */
export interface Holder {
  id: number;
  reviewerId: number;
}

/** The assignments holding an item now (not taken back), by id. */
export async function itemHolders(executor: Executor, itemId: number): Promise<Holder[]> {
  return executor
    .select({ id: reviewAssignments.id, reviewerId: reviewAssignments.reviewerId })
    .from(reviewAssignments)
    .where(and(eq(reviewAssignments.itemId, itemId), isNull(reviewAssignments.revokedAt)))
    .orderBy(reviewAssignments.id);
}

/**
 * The item locked for a change in the caller's transaction (a decision or another assignment at the
 * same time waits), and who holds it then: the audit's `before`.
 */
export async function lockedHolders(tx: Executor, itemId: number): Promise<Holder[]> {
  await tx.select({ id: reviewItems.id }).from(reviewItems).where(eq(reviewItems.id, itemId)).for('update');
  return itemHolders(tx, itemId);
}

export interface AssignmentChange {
  actor: AuditActor;
  ip?: string | undefined;
  action: 'review.assigned' | 'review.reassigned' | 'review.revoked';
  item: { id: number; queue: ReviewQueue; subjectId: number };
  /** The holders before the change (`lockedHolders`). */
  before: Holder[];
  /** The assignment given or taken back, and its reviewer. */
  assignmentId: number;
  reviewerId: number;
  /** More of what happened (the reviewer replaced, the reason). */
  detail?: Record<string, unknown>;
}

/**
 * Audits a change of who holds an item, in its transaction: the reviewers before and after (with
 * the due date of an assignment given), the item as the target.
 */
export async function auditAssignment(tx: Executor, change: AssignmentChange): Promise<void> {
  const after = await itemHolders(tx, change.item.id);
  let dueAt: { dueAt: string | null } | null = null;
  if (change.action !== 'review.revoked') {
    const [given] = await tx
      .select({ dueAt: reviewAssignments.dueAt })
      .from(reviewAssignments)
      .where(eq(reviewAssignments.id, change.assignmentId));
    dueAt = { dueAt: given?.dueAt?.toISOString() ?? null };
  }
  await recordAudit(tx, {
    actor: change.actor,
    action: change.action,
    ip: change.ip,
    target: { type: 'reviewItem', id: change.item.id },
    before: { reviewers: change.before.map((h) => h.reviewerId) },
    after: { reviewers: after.map((h) => h.reviewerId), ...dueAt },
    detail: {
      queue: change.item.queue,
      subjectId: change.item.subjectId,
      assignmentId: change.assignmentId,
      reviewerId: change.reviewerId,
      ...change.detail,
    },
  });
}
