import { z } from 'zod';
import { ErrorCode } from '@/lib/error-codes';
import { personStateBody } from '@/lib/schemas/staff';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { closeAccount, reopenAccount } from '@/server/services/staff/close-account';

export const POST = endpoint({
  summary: 'Close an individual account (no sign-in, sessions ended, links void; records kept), or reopen it',
  description:
    'Refused (-10) while its membership runs (`closeMember`: the member leaves first) or it holds roles (`closeRoles`), and for your own account.',
  tags: ['staff'],
  auth: ['individual'],
  roles: ['office'],
  body: personStateBody,
  response: z.object({ closed: z.boolean() }),
  codes: [ErrorCode.NO_PERMISSION, ErrorCode.NO_DATA, ErrorCode.DATA_CHECK],
  handle: async ({ actor, body, clientIp }) => {
    const ip = await clientIp();
    if (body.close) await closeAccount(actor, body.accountId, body.reason, ip);
    else await reopenAccount(actor, body.accountId, body.reason, ip);
    return { closed: body.close };
  },
});
export const ALL = methodNotAllowed;
