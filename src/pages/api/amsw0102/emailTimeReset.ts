import { z } from 'zod';
import { ErrorCode } from '@/lib/error-codes';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { extendEmailToken } from '@/server/services/accounts/email-challenges';
import { getSystemSettings } from '@/server/services/site/get-system-settings';

export const GET = endpoint({
  summary: 'Give the EmailAuthorization token another full validity period (webEmailValidMinute)',
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
