import { ErrorCode } from '../../../lib/error-codes';
import { AppError } from '../../app-error';
import { applicationSubject, applicationSummaries } from '../membership/review-subject';
import { COURSE_ATTENDANCE_COLUMN } from './attendance';
import { listCertificationKinds } from './certifications';
import {
  courseApproval,
  courseOf,
  NEXT_COURSE_NUMBER_COLUMN,
  proposedCourseCode,
  type readCourse,
  recordApprovedCourse,
} from './courses';

/**
 * What the course review page shows (the subject's content), with the code proposed for an
 * approval (`proposedCourseCode`).
 */
export type CourseReviewContent = NonNullable<Awaited<ReturnType<typeof readCourse>>> & { suggestedCode: string };

/** The list's facts of several course applications: the course's title, with the organisation's name. */
const COURSE_SUMMARIES = `
  SELECT p.id, p.number, p.form ->> 'title' AS title, p.submitted_at, og.name, og.name_en
  FROM applications p JOIN organisations og ON og.id = p.organisation_id
  WHERE p.id = ANY(string_to_array($1, ',')::int[])`;

/**
 * The `contiEdu` queue reviews organisations' courses: the course with its sessions (and what each
 * may be granted by its length), its documents and the organisation. An approval scores the course,
 * grants points per session (at most those asked) and gives its code; the course is recorded then,
 * and accredited once its review fee is paid.
 */
export const COURSE_REVIEW = applicationSubject({
  summaries: (subjectIds, locale) =>
    applicationSummaries('course_summaries', COURSE_SUMMARIES, subjectIds, (row) => ({
      title: row.title as string,
      applicantName: locale === 'en-us' && row.name_en ? (row.name_en as string) : (row.name as string),
    })),

  columns: [COURSE_ATTENDANCE_COLUMN, NEXT_COURSE_NUMBER_COLUMN],

  async detail(application, row, locale) {
    const found = courseOf(application, row.attendance, await listCertificationKinds(), locale);
    if (!found) throw new AppError(ErrorCode.NO_DATA);
    return {
      summary: {
        title: found.course.title,
        number: found.course.number,
        applicantName:
          locale === 'en-us' && found.organisation.nameEn ? found.organisation.nameEn : found.organisation.name,
        submittedAt: found.course.submittedAt,
      },
      content: {
        ...found,
        suggestedCode: found.course.courseCode ?? proposedCourseCode(found.course.firstDay, row.next_course_number),
      } satisfies CourseReviewContent,
    };
  },

  pagePath: (_queue, { subjectId }) => `/member/continueEducationReview/${subjectId}`,

  approval: (app, input) => ({ form: courseApproval(app, input) as unknown as Record<string, unknown> }),

  approved: recordApprovedCourse,
});
