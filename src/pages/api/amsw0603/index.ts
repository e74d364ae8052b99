import { courseListQuery, courseListResponse } from '@/lib/schemas/credits';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { listOwnCourses } from '@/server/services/credits/courses';

export const GET = endpoint({
  summary: 'The signed-in organisation’s course applications, newest first; for one certification when given',
  tags: ['course accreditation'],
  auth: ['organ'],
  query: courseListQuery,
  response: courseListResponse,
  handle: async ({ actor, query, locale }) => ({
    courseList: await listOwnCourses(actor, locale, query.certificationId),
  }),
});
export const ALL = methodNotAllowed;
