import type { ReviewQueue } from '../../../lib/roles';
import { COURSE_REVIEW } from '../credits/course-review';
import { CREDIT_REVIEW } from '../credits/review-subject';
import { MEMBERSHIP_REVIEW } from '../membership/review-subject';
import type { ReviewSubject } from './engine';

/** What each queue reviews. The credit, course and paper queues plug in here as they are built. */
const SUBJECTS: Partial<Record<ReviewQueue, ReviewSubject>> = {
  membership: MEMBERSHIP_REVIEW,
  memberStatus: MEMBERSHIP_REVIEW,
  credit: CREDIT_REVIEW,
  contiEdu: COURSE_REVIEW,
};

export function subjectOf(queue: ReviewQueue): ReviewSubject {
  const subject = SUBJECTS[queue];
  if (!subject) throw new Error(`nothing reviews the ${queue} queue yet`);
  return subject;
}
