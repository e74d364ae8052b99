import { z } from 'zod';
import { ErrorCode } from '@/lib/error-codes';
import { resetSecondFactorBody } from '@/lib/schemas/staff';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { resetSecondFactorInConsole } from '@/server/services/roles/manage-roles';

export const POST = endpoint({
  summary:
    "Remove another staff member's authenticator (a lost phone), with a fresh second-factor code; they set one up again",
  tags: ['staff'],
  auth: ['individual'],
  roles: ['admin'],
  body: resetSecondFactorBody,
  response: z.object({ result: z.enum(['removed', 'none']) }),
  codes: [ErrorCode.NO_PERMISSION],
  handle: async ({ actor, body, clientIp }) => resetSecondFactorInConsole(actor, body, await clientIp()),
});
export const ALL = methodNotAllowed;
