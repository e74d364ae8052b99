/**
 * The account operations both API families share (amsw0101 individuals, amsw0103 organisations),
 * written once and bound to a user type.
 */
import { z } from 'zod';
import { ErrorCode } from '@/lib/error-codes';
import { changePasswordBody, checkEmailBody, loginBody, resetPasswordBody } from '@/lib/schemas/account';
import type { UserType } from '@/server/db/schema';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { clearSessionCookie, setSessionCookie } from '@/server/http/session-cookie';
import { changePassword } from '@/server/services/accounts/change-password';
import { assertEmailAvailable, authorizeAvailabilityCheck } from '@/server/services/accounts/check-availability';
import { getAccount } from '@/server/services/accounts/get-account';
import { resetPassword } from '@/server/services/accounts/reset-password';
import { signIn } from '@/server/services/accounts/sign-in';
import { signOut } from '@/server/services/accounts/sign-out';

const tag = (userType: UserType) => (userType === 'individual' ? 'individual accounts' : 'organisation accounts');

export function loginEndpoint(userType: UserType) {
  return {
    POST: endpoint({
      summary: `Sign in (${userType}); sets the session cookie, and answers the token to API clients that ask (tokenInResponse)`,
      tags: [tag(userType)],
      body: loginBody,
      codes: [ErrorCode.VERIFICATION_CODE, ErrorCode.DATA_CHECK, ErrorCode.NO_PERMISSION],
      response: z.object({
        token: z
          .string()
          .nullable()
          .describe('Only when tokenInResponse is true: send as Authorization: Bearer <token> (API clients)'),
        expiresAt: z.string(),
        userType: z.enum(['individual', 'organ']),
        mustChangePassword: z.boolean(),
        secondFactor: z
          .enum(['verify', 'enrol'])
          .nullable()
          .describe(
            'An account holding a staff role: its staff roles count once the second factor is given at /staff/verify',
          ),
      }),
      handle: async ({ body, request, cookies, tls, clientIp }) => {
        const { tokenInResponse, ...credentials } = body;
        const result = await signIn({
          userType,
          ...credentials,
          ip: await clientIp(),
          userAgent: request.headers.get('user-agent') ?? '',
        });
        setSessionCookie(cookies, tls, result);
        return {
          // A script in the page must never read what the HttpOnly cookie protects.
          token: tokenInResponse ? result.token : null,
          expiresAt: result.expiresAt.toISOString(),
          userType: result.userType,
          mustChangePassword: result.mustChangePassword,
          secondFactor: result.secondFactor,
        };
      },
    }),
    ALL: methodNotAllowed,
  };
}

export function logoutEndpoint(userType: UserType) {
  return {
    GET: endpoint({
      summary: `Sign out (${userType}); succeeds also when the session has already ended`,
      tags: [tag(userType)],
      auth: 'optional',
      sameSiteOnly: true,
      whileViewing: true,
      response: z.null(),
      handle: async ({ actor, cookies, tls, clientIp }) => {
        if (actor) await signOut(actor, await clientIp());
        clearSessionCookie(cookies, tls);
        return null;
      },
    }),
    ALL: methodNotAllowed,
  };
}

export function accountEndpoint(userType: UserType, response: z.ZodType) {
  return {
    GET: endpoint({
      summary: `The signed-in ${userType} account`,
      tags: [tag(userType)],
      auth: [userType],
      response,
      handle: ({ actor }) => getAccount(actor),
    }),
    ALL: methodNotAllowed,
  };
}

export function checkEmailEndpoint(userType: UserType) {
  return {
    POST: endpoint({
      summary: `Whether an e-mail address is free for a new ${userType} account: 0 when free, -13 when registered. Needs the sign-up EmailAuthorization token (-8 without); at most 10 checks per token and 30 an hour per client address (-11)`,
      tags: [tag(userType)],
      body: checkEmailBody,
      codes: [ErrorCode.DUPLICATE, ErrorCode.TOKEN_INVALID, ErrorCode.NO_PERMISSION],
      response: z.null(),
      handle: async ({ body, request, clientIp }) => {
        await authorizeAvailabilityCheck(request.headers.get('emailauthorization'), userType, await clientIp());
        await assertEmailAvailable(userType, body.email);
        return null;
      },
    }),
    ALL: methodNotAllowed,
  };
}

export function changePasswordEndpoint(userType: UserType) {
  return {
    PUT: endpoint({
      summary: 'Change the password with the current one; other sessions end',
      tags: [tag(userType)],
      auth: [userType],
      body: changePasswordBody,
      codes: [ErrorCode.DATA_CHECK],
      response: z.null(),
      handle: async ({ actor, body, clientIp }) => {
        await changePassword(actor, body.currentPassword, body.newPassword, await clientIp());
        return null;
      },
    }),
    ALL: methodNotAllowed,
  };
}

export function resetPasswordEndpoint(userType: UserType) {
  return {
    PUT: endpoint({
      summary: 'Set a new password with the single-use token of the reset mail (EmailAuthorization header)',
      tags: [tag(userType)],
      body: resetPasswordBody,
      emailAuthorization: 'required',
      codes: [ErrorCode.TOKEN_INVALID, ErrorCode.DATA_CHECK],
      response: z.null(),
      handle: async ({ body, emailToken, clientIp }) => {
        await resetPassword(userType, emailToken, body.newPassword, await clientIp());
        return null;
      },
    }),
    ALL: methodNotAllowed,
  };
}
