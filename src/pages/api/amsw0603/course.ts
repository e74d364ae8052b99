import { ErrorCode } from '@/lib/error-codes';
import { courseBody, courseChangeBody, courseQuery, courseView } from '@/lib/schemas/credits';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { getOwnCourse, resubmitCourse, submitCourse } from '@/server/services/credits/courses';

export const GET = endpoint({
  summary: 'One of the signed-in organisation’s course applications, with its sessions, documents, history and order',
  tags: ['course accreditation'],
  auth: ['organ'],
  query: courseQuery,
  response: courseView,
  codes: [ErrorCode.NO_DATA],
  handle: ({ actor, query, locale }) => getOwnCourse(actor, query.applicationId, locale),
});

export const POST = endpoint({
  summary: 'Apply to have a course accredited for a certification',
  description:
    'Each session’s category must be one of the certification’s, its times make sense, fall within the course and ' +
    'not overlap another, and ask for no more points than its length allows; the first day must be far enough ' +
    'ahead under the certification’s accreditation rules (inside the shorter window the urgent fee is added; ' +
    'closer, -10 courseTooLate). The agenda and the speakers’ CVs are uploaded first by the organisation. The ' +
    'application goes to the course reviewers; its review fee is due once it is approved, and the course is ' +
    'accredited once it is paid.',
  tags: ['course accreditation'],
  auth: ['organ'],
  body: courseBody,
  response: courseView,
  codes: [ErrorCode.NO_DATA, ErrorCode.DATA_CHECK],
  handle: async ({ actor, body, locale }) => {
    const app = await submitCourse(actor, body, locale);
    return getOwnCourse(actor, app.id, locale);
  },
});

export const PUT = endpoint({
  summary: 'A course application returned for changes, changed and sent again to the course reviewers',
  tags: ['course accreditation'],
  auth: ['organ'],
  body: courseChangeBody,
  response: courseView,
  codes: [ErrorCode.NO_DATA, ErrorCode.DATA_CHECK],
  handle: async ({ actor, body, locale }) => {
    const app = await resubmitCourse(actor, body, locale);
    return getOwnCourse(actor, app.id, locale);
  },
});
export const ALL = methodNotAllowed;
