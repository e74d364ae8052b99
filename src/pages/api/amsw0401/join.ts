import { ErrorCode } from '@/lib/error-codes';
import { applicationDetailResponse, joinBody } from '@/lib/schemas/membership';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { getOwnApplication } from '@/server/services/membership/read-applications';
import { submitJoin } from '@/server/services/membership/join';

export const POST = endpoint({
  summary:
    'Apply to join a member class with its documents: a reviewed class waits for review (payment after approval); otherwise payment is due at once',
  tags: ['membership'],
  auth: ['individual'],
  body: joinBody,
  response: applicationDetailResponse,
  codes: [ErrorCode.DUPLICATE],
  handle: async ({ actor, body, locale }) => {
    const app = await submitJoin(actor, { memberClassId: body.memberClassId, documents: body.documents }, locale);
    return getOwnApplication(actor, app.id, locale);
  },
});
export const ALL = methodNotAllowed;
