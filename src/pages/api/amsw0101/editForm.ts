import { ErrorCode } from '@/lib/error-codes';
import { applicationDetailResponse, editFormBody } from '@/lib/schemas/membership';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { resubmitApplication } from '@/server/services/membership/change-application';
import { getOwnApplication } from '@/server/services/membership/read-applications';

export const PUT = endpoint({
  summary:
    'Send an application that was returned for changes again, as changed (documents; or days and reason), checked as a new one would be; it goes back to its reviewers',
  tags: ['membership'],
  auth: ['individual'],
  body: editFormBody,
  response: applicationDetailResponse,
  codes: [ErrorCode.NO_DATA, ErrorCode.DATA_CHECK],
  handle: async ({ actor, body, locale }) => {
    await resubmitApplication(actor, body, locale);
    return getOwnApplication(actor, body.applicationId, locale);
  },
});
export const ALL = methodNotAllowed;
