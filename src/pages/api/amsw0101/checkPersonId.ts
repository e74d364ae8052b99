import { z } from 'zod';
import { ErrorCode } from '@/lib/error-codes';
import { checkPersonIdBody } from '@/lib/schemas/account';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { assertPersonIdAvailable } from '@/server/services/accounts/check-availability';

export const POST = endpoint({
  summary: 'Whether a national ID or resident certificate number is free: 0 when free, -13 when registered',
  tags: ['individual accounts'],
  body: checkPersonIdBody,
  codes: [ErrorCode.DUPLICATE],
  response: z.null(),
  handle: async ({ body }) => {
    await assertPersonIdAvailable(body.personId);
    return null;
  },
});
export const ALL = methodNotAllowed;
