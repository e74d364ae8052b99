import { z } from 'zod';
import { ErrorCode } from '@/lib/error-codes';
import { createOrganisationBody } from '@/lib/schemas/account';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { createOrganisation } from '@/server/services/accounts/create-account';

export const POST = endpoint({
  summary: 'Create an organisation account for the address proven by the EmailAuthorization header',
  tags: ['organisation accounts'],
  body: createOrganisationBody,
  emailAuthorization: 'required',
  codes: [ErrorCode.TOKEN_INVALID, ErrorCode.DUPLICATE],
  response: z.object({ organisationId: z.number().int(), email: z.string() }),
  handle: async ({ body, emailToken, locale, clientIp }) => {
    const { password, ...profile } = body;
    return createOrganisation(emailToken, profile, password, locale, await clientIp());
  },
});
export const ALL = methodNotAllowed;
