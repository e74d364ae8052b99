import { ErrorCode } from '@/lib/error-codes';
import { verifyEmailBody } from '@/lib/schemas/account';
import { emailTokenResponse } from '@/lib/schemas/account-responses';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { verifyCode } from '@/server/services/accounts/email-challenges';
import { getSystemSettings } from '@/server/services/site/get-system-settings';

export const POST = endpoint({
  summary: 'Check the mailed code; answers the EmailAuthorization token that proves the address',
  tags: ['verification'],
  body: verifyEmailBody,
  codes: [ErrorCode.VERIFICATION_CODE],
  response: emailTokenResponse,
  handle: async ({ body, locale }) => {
    const { webEmailValidMinute } = await getSystemSettings(locale);
    return verifyCode(body.email, body.purpose, body.userType, body.code, webEmailValidMinute);
  },
});
export const ALL = methodNotAllowed;
