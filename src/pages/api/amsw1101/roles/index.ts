import { z } from 'zod';
import { ErrorCode } from '@/lib/error-codes';
import { grantRoleBody, roleHolderView } from '@/lib/schemas/staff';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { grantRoleInConsole, listRoleHolders } from '@/server/services/roles/manage-roles';

export const GET = endpoint({
  summary: 'Everyone who holds a role, with their roles and whether their authenticator is set up',
  tags: ['staff'],
  auth: ['individual'],
  roles: ['admin'],
  response: z.array(roleHolderView),
  codes: [ErrorCode.NO_PERMISSION],
  handle: async () =>
    (await listRoleHolders()).map((h) => ({
      ...h,
      roles: h.roles.map((r) => ({ ...r, grantedAt: r.grantedAt.toISOString() })),
    })),
});

export const POST = endpoint({
  summary: 'Grant a role to the individual account with this e-mail, with a fresh second-factor code',
  tags: ['staff'],
  auth: ['individual'],
  roles: ['admin'],
  body: grantRoleBody,
  response: z.object({ accountId: z.number().int(), result: z.enum(['granted', 'held already']) }),
  codes: [ErrorCode.NO_PERMISSION],
  handle: async ({ actor, body, clientIp }) => grantRoleInConsole(actor, body, await clientIp()),
});
export const ALL = methodNotAllowed;
