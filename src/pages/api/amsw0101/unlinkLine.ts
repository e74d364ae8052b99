import { z } from 'zod';
import { ErrorCode } from '@/lib/error-codes';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { unlinkLine } from '@/server/services/accounts/line-link';

export const GET = endpoint({
  summary: 'Remove the LINE link of the signed-in account (-6 when none)',
  tags: ['individual accounts'],
  auth: ['individual'],
  sameSiteOnly: true,
  codes: [ErrorCode.NO_DATA],
  response: z.null(),
  handle: async ({ actor, clientIp }) => {
    await unlinkLine(actor, await clientIp());
    return null;
  },
});
export const ALL = methodNotAllowed;
