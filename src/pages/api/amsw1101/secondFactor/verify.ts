import { z } from 'zod';
import { ErrorCode } from '@/lib/error-codes';
import { secondFactorCodeBody } from '@/lib/schemas/staff';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { passSecondFactor } from '@/server/services/staff/second-factor';

export const POST = endpoint({
  summary:
    'Pass the second factor for this session (a code from the app or a recovery code): its staff roles count from now',
  tags: ['staff'],
  auth: ['individual'],
  body: secondFactorCodeBody,
  response: z.null(),
  codes: [ErrorCode.NO_PERMISSION],
  handle: async ({ actor, body, clientIp }) => {
    await passSecondFactor(actor, body.code, await clientIp());
    return null;
  },
});
export const ALL = methodNotAllowed;
