import { z } from 'zod';
import { ErrorCode } from '@/lib/error-codes';
import { createIndividualBody } from '@/lib/schemas/account';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { setSessionCookie } from '@/server/http/session-cookie';
import { createIndividualAccount } from '@/server/services/accounts/create-account';

export const POST = endpoint({
  summary:
    'Create an individual account for the address proven by the EmailAuthorization header, and sign it in (sets the session cookie)',
  tags: ['individual accounts'],
  body: createIndividualBody,
  emailAuthorization: 'required',
  codes: [ErrorCode.TOKEN_INVALID, ErrorCode.DUPLICATE],
  response: z.object({ accountId: z.number().int(), email: z.string() }),
  handle: async ({ body, emailToken, locale, clientIp, request, cookies, tls }) => {
    const { password, ...profile } = body;
    const { session, ...created } = await createIndividualAccount(emailToken, profile, password, locale, {
      ip: await clientIp(),
      userAgent: request.headers.get('user-agent') ?? '',
    });
    setSessionCookie(cookies, tls, session);
    return created;
  },
});
export const ALL = methodNotAllowed;
