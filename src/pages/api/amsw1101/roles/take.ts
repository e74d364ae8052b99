import { z } from 'zod';
import { ErrorCode } from '@/lib/error-codes';
import { takeRoleBody } from '@/lib/schemas/staff';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { takeRoleInConsole } from '@/server/services/roles/manage-roles';

export const POST = endpoint({
  summary: 'An admin takes an office role themselves (office, finance, editor…), with a fresh second-factor code',
  tags: ['staff'],
  auth: ['individual'],
  roles: ['admin'],
  body: takeRoleBody,
  response: z.object({ result: z.enum(['granted', 'held already']) }),
  codes: [ErrorCode.NO_PERMISSION],
  handle: async ({ actor, body, clientIp }) => takeRoleInConsole(actor, body, await clientIp()),
});
export const ALL = methodNotAllowed;
