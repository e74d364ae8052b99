import { z } from 'zod';
import { ErrorCode } from '@/lib/error-codes';
import { createIndividualBody } from '@/lib/schemas/account';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { createIndividualAccount } from '@/server/services/accounts/create-account';

export const POST = endpoint({
  summary: 'Create an individual account for the address proven by the EmailAuthorization header',
  tags: ['individual accounts'],
  body: createIndividualBody,
  emailAuthorization: 'required',
  codes: [ErrorCode.TOKEN_INVALID, ErrorCode.DUPLICATE],
  response: z.object({ accountId: z.number().int(), email: z.string() }),
  handle: async ({ body, emailToken, locale, clientIp }) => {
    const { password, ...profile } = body;
    return createIndividualAccount(emailToken, profile, password, locale, await clientIp());
  },
});
export const ALL = methodNotAllowed;
