import { z } from 'zod';
import { ErrorCode } from '@/lib/error-codes';
import { checkPersonIdBody } from '@/lib/schemas/account';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { assertPersonIdAvailable, authorizeAvailabilityCheck } from '@/server/services/accounts/check-availability';

export const POST = endpoint({
  summary:
    'Whether a national ID or resident certificate number is free: 0 when free, -13 when registered. Needs the individual sign-up EmailAuthorization token (-8 without); at most 10 checks per token and 30 an hour per client address (-11)',
  tags: ['individual accounts'],
  body: checkPersonIdBody,
  codes: [ErrorCode.DUPLICATE, ErrorCode.TOKEN_INVALID, ErrorCode.NO_PERMISSION],
  response: z.null(),
  handle: async ({ body, request, clientIp }) => {
    await authorizeAvailabilityCheck(request.headers.get('emailauthorization'), 'individual', await clientIp());
    await assertPersonIdAvailable(body.personId);
    return null;
  },
});
export const ALL = methodNotAllowed;
