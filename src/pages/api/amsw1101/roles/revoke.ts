import { z } from 'zod';
import { ErrorCode } from '@/lib/error-codes';
import { revokeRoleBody } from '@/lib/schemas/staff';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { revokeRoleInConsole } from '@/server/services/roles/manage-roles';

export const POST = endpoint({
  summary: 'Revoke a role, with a fresh second-factor code (the last admin keeps theirs)',
  tags: ['staff'],
  auth: ['individual'],
  roles: ['admin'],
  body: revokeRoleBody,
  response: z.object({ result: z.enum(['revoked', 'not held']) }),
  codes: [ErrorCode.NO_PERMISSION],
  handle: async ({ actor, body, clientIp }) => revokeRoleInConsole(actor, body, await clientIp()),
});
export const ALL = methodNotAllowed;
