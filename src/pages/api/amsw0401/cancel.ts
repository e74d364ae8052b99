import { ErrorCode } from '@/lib/error-codes';
import { applicationBody, applicationDetailResponse } from '@/lib/schemas/membership';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { withdrawApplication } from '@/server/services/membership/change-application';
import { getOwnApplication } from '@/server/services/membership/read-applications';

export const POST = endpoint({
  summary: 'Withdraw one of the signed-in individual’s open applications (before a decision, or before paying)',
  tags: ['membership'],
  auth: ['individual'],
  body: applicationBody,
  response: applicationDetailResponse,
  codes: [ErrorCode.NO_DATA],
  handle: async ({ actor, body, locale }) => {
    await withdrawApplication(actor, body.applicationId);
    return getOwnApplication(actor, body.applicationId, locale);
  },
});
export const ALL = methodNotAllowed;
