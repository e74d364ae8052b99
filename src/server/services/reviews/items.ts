import { and, eq } from 'drizzle-orm';
import type { ReviewQueue } from '../../../lib/roles';
import type { Executor } from '../../db/client';
import { reviewItems } from '../../db/schema';

/**
 * Puts a subject on a queue for review (in the caller's transaction): one open item per subject
 * and queue, due `reviewDays` from now.
 */
export async function openReviewItem(
  executor: Executor,
  input: { queue: ReviewQueue; subjectId: number; applicantId: number | null; dueAt: Date },
): Promise<number> {
  const [row] = await executor.insert(reviewItems).values(input).returning({ id: reviewItems.id });
  return row!.id;
}

/** Takes a subject off its queue (the applicant withdrew it): nobody decides it any more. */
export async function withdrawReviewItem(executor: Executor, queue: ReviewQueue, subjectId: number): Promise<void> {
  await executor
    .update(reviewItems)
    .set({ status: 'withdrawn', closedAt: new Date() })
    .where(and(eq(reviewItems.queue, queue), eq(reviewItems.subjectId, subjectId), eq(reviewItems.status, 'open')));
}
