import { ErrorCode } from '@/lib/error-codes';
import { recoveryCodesView, secondFactorCodeBody } from '@/lib/schemas/staff';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { confirmEnrolment } from '@/server/services/staff/second-factor';

export const POST = endpoint({
  summary: 'Confirm the new authenticator with its first code; answers the recovery codes, this once',
  tags: ['staff'],
  auth: ['individual'],
  body: secondFactorCodeBody,
  response: recoveryCodesView,
  codes: [ErrorCode.NO_PERMISSION, ErrorCode.NO_DATA, ErrorCode.DUPLICATE],
  handle: async ({ actor, body, clientIp }) => confirmEnrolment(actor, body.code, await clientIp()),
});
export const ALL = methodNotAllowed;
