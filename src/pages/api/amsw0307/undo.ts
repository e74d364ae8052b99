import { ErrorCode } from '@/lib/error-codes';
import { doorUndoBody } from '@/lib/schemas/door';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { undoScan } from '@/server/services/registrations/check-in';

export const POST = endpoint({
  summary: 'Undo a mistaken scan at the door (staff)',
  description:
    'Removes the check-in (or check-out) of the registration for the session, audited. Staff with the `events` ' +
    'or `admin` role only: a door link cannot undo. -6 when there is no such scan; undoing a check-in that has a ' +
    'check-out after it is -10 `checkedOutAfter` (undo the check-out first).',
  tags: ['events'],
  auth: ['individual'],
  roles: ['events', 'admin'],
  body: doorUndoBody,
  codes: [ErrorCode.NO_PERMISSION, ErrorCode.NO_DATA, ErrorCode.DATA_CHECK],
  handle: async ({ actor, body, clientIp }) => {
    await undoScan(actor, body, await clientIp());
    return null;
  },
});
export const ALL = methodNotAllowed;
