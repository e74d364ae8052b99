import type { ReviewQueue } from '../../../lib/roles';
import { COURSE_REVIEW } from '../credits/course-review';
import { CREDIT_REVIEW } from '../credits/review-subject';
import { MEMBERSHIP_REVIEW } from '../membership/review-subject';
import { PAPER_REVIEW } from '../papers/review-subject';
import type { ReviewSubject } from './contract';

/** What each queue reviews. */
const SUBJECTS: Record<ReviewQueue, ReviewSubject> = {
  membership: MEMBERSHIP_REVIEW,
  memberStatus: MEMBERSHIP_REVIEW,
  credit: CREDIT_REVIEW,
  contiEdu: COURSE_REVIEW,
  paper: PAPER_REVIEW,
};

export function subjectOf(queue: ReviewQueue): ReviewSubject {
  return SUBJECTS[queue];
}
