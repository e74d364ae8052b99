import type { ReviewQueue } from '../../../lib/roles';
import { CREDIT_REVIEW } from '../credits/review-subject';
import { MEMBERSHIP_REVIEW } from '../membership/review-subject';
import type { ReviewSubject } from './engine';

/** What each queue reviews. The credit, course and paper queues plug in here as they are built. */
const SUBJECTS: Partial<Record<ReviewQueue, ReviewSubject>> = {
  membership: MEMBERSHIP_REVIEW,
  memberStatus: MEMBERSHIP_REVIEW,
  credit: CREDIT_REVIEW,
};

export function subjectOf(queue: ReviewQueue): ReviewSubject {
  const subject = SUBJECTS[queue];
  if (!subject) throw new Error(`nothing reviews the ${queue} queue yet`);
  return subject;
}
