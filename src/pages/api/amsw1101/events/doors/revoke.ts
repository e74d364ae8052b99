import { ErrorCode } from '@/lib/error-codes';
import { doorLinkRevokeBody } from '@/lib/schemas/door';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { revokeDoorLink } from '@/server/services/registrations/door-links';

export const POST = endpoint({
  summary: 'Revoke a door link: every phone holding it stops checking in at its next request',
  description: 'Revoking one already revoked changes nothing. Audited.',
  tags: ['staff'],
  auth: ['individual'],
  roles: ['events', 'admin'],
  body: doorLinkRevokeBody,
  codes: [ErrorCode.NO_PERMISSION, ErrorCode.NO_DATA],
  handle: async ({ actor, body, clientIp }) => revokeDoorLink(actor, body.doorLinkId, await clientIp()),
});
export const ALL = methodNotAllowed;
