import { z } from 'zod';
import { ErrorCode } from '@/lib/error-codes';
import { createOrganisationBody } from '@/lib/schemas/account';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { setSessionCookie } from '@/server/http/session-cookie';
import { createOrganisation } from '@/server/services/accounts/create-account';

export const POST = endpoint({
  summary:
    'Create an organisation account for the address proven by the EmailAuthorization header, and sign it in (sets the session cookie)',
  tags: ['organisation accounts'],
  body: createOrganisationBody,
  emailAuthorization: 'required',
  codes: [ErrorCode.TOKEN_INVALID, ErrorCode.DUPLICATE],
  response: z.object({ organisationId: z.number().int(), email: z.string() }),
  handle: async ({ body, emailToken, locale, clientIp, request, cookies, tls }) => {
    const { password, ...profile } = body;
    const { session, ...created } = await createOrganisation(emailToken, profile, password, locale, {
      ip: await clientIp(),
      userAgent: request.headers.get('user-agent') ?? '',
    });
    setSessionCookie(cookies, tls, session);
    return created;
  },
});
export const ALL = methodNotAllowed;
