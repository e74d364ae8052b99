import { ErrorCode } from '@/lib/error-codes';
import { courseView } from '@/lib/schemas/credits';
import { applicationBody } from '@/lib/schemas/membership';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { getOwnCourse } from '@/server/services/credits/courses';
import { withdrawApplication } from '@/server/services/membership/change-application';

export const POST = endpoint({
  summary: 'Withdraw one of the signed-in organisation’s course applications (before a decision, or before paying)',
  tags: ['course accreditation'],
  auth: ['organ'],
  body: applicationBody,
  response: courseView,
  codes: [ErrorCode.NO_DATA, ErrorCode.DATA_CHECK],
  handle: async ({ actor, body, locale }) => {
    await getOwnCourse(actor, body.applicationId, locale);
    await withdrawApplication(actor, body.applicationId);
    return getOwnCourse(actor, body.applicationId, locale);
  },
});
export const ALL = methodNotAllowed;
