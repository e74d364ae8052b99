import { ErrorCode } from '@/lib/error-codes';
import { recoveryCodesView, secondFactorCodeBody } from '@/lib/schemas/staff';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { renewRecoveryCodes } from '@/server/services/staff/second-factor';

export const POST = endpoint({
  summary: 'New recovery codes for a fresh code from the app (the old ones stop working); answered this once',
  tags: ['staff'],
  auth: ['individual'],
  body: secondFactorCodeBody,
  response: recoveryCodesView,
  codes: [ErrorCode.NO_PERMISSION],
  handle: async ({ actor, body, clientIp }) => renewRecoveryCodes(actor, body.code, await clientIp()),
});
export const ALL = methodNotAllowed;
