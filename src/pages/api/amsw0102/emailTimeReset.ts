import { z } from 'zod';
import { ErrorCode } from '@/lib/error-codes';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { extendEmailToken } from '@/server/services/accounts/email-challenges';
import { getSystemSettings } from '@/server/services/site/get-system-settings';

export const GET = endpoint({
  summary:
    'Give a sign-up EmailAuthorization token another validity period (webEmailValidMinute), at most three periods after its code was mailed; a reset token is never extended (-8)',
  tags: ['verification'],
  emailAuthorization: 'required',
  codes: [ErrorCode.TOKEN_INVALID],
  response: z.object({ expiresAt: z.string() }),
  handle: async ({ emailToken, locale }) => {
    const { webEmailValidMinute } = await getSystemSettings(locale);
    return extendEmailToken(emailToken, webEmailValidMinute);
  },
});
export const ALL = methodNotAllowed;
