import { z } from 'zod';
import { ErrorCode } from '@/lib/error-codes';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { startViewing } from '@/server/services/staff/view-as';

export const POST = endpoint({
  summary: "Look at a member's own pages as they see them, read-only, for 30 minutes",
  description:
    'This session then shows the member: every write is refused (-11, `readOnlyView`) and the member’s roles do not come along. Refused (-10) for your own account (`viewOwn`) and a closed one (`accountClosed`).',
  tags: ['staff'],
  auth: ['individual'],
  roles: ['office'],
  body: z.object({ accountId: z.number().int().positive().max(2_147_483_647) }),
  response: z.object({ until: z.string() }),
  codes: [ErrorCode.NO_PERMISSION, ErrorCode.NO_DATA, ErrorCode.DATA_CHECK],
  handle: async ({ actor, body, clientIp }) => {
    const { until } = await startViewing(actor, body.accountId, await clientIp());
    return { until: until.toISOString() };
  },
});
export const ALL = methodNotAllowed;
