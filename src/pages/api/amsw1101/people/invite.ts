import { z } from 'zod';
import { ErrorCode } from '@/lib/error-codes';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { inviteOne } from '@/server/services/accounts/invite-first-sign-in';

export const POST = endpoint({
  summary: 'Mail an account without a password its first-sign-in link (again); an earlier link stops working',
  tags: ['staff'],
  auth: ['individual'],
  roles: ['office'],
  body: z.object({ accountId: z.number().int().positive().max(2_147_483_647) }),
  response: z.object({ sent: z.literal(true) }),
  codes: [ErrorCode.NO_PERMISSION, ErrorCode.NO_DATA, ErrorCode.DATA_CHECK],
  handle: async ({ actor, body, clientIp }) => {
    await inviteOne(
      body.accountId,
      { userType: 'individual', accountId: actor.accountId },
      actor.account.email,
      await clientIp(),
    );
    return { sent: true as const };
  },
});
export const ALL = methodNotAllowed;
