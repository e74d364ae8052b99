import { z } from 'zod';
import { captchaChallengeSchema, MAX_CAPTCHA_LEVEL } from '@/lib/captcha';
import { captchaQuery } from '@/lib/schemas/account';
import { ErrorCode } from '@/lib/error-codes';
import { createCaptcha } from '@/server/auth/captcha';
import { consumeLimit } from '@/server/auth/rate-limits';
import { captchaLevelFor } from '@/server/auth/login-throttle';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { CAPTCHAS_PER_CLIENT } from '@/server/services/accounts/visitor-limits';

export const GET = endpoint({
  summary:
    'A new single-use proof-of-work captcha (ALTCHA v2), valid five minutes: solve the challenge in the client and send it back as captchaAnswer with its captchaId',
  tags: ['verification'],
  query: captchaQuery,
  response: z.object({
    captchaId: z.string().describe('Send back as captchaId'),
    challenge: captchaChallengeSchema.describe(
      'Find the counter whose PBKDF2 key starts with parameters.keyPrefix; send base64 of JSON { challenge, solution: { counter, derivedKey } } as captchaAnswer',
    ),
    level: z
      .number()
      .int()
      .min(1)
      .max(MAX_CAPTCHA_LEVEL)
      .describe('The work this challenge takes: the level asked for, or more after many failures from this address'),
    expiresAt: z.string(),
  }),
  codes: [ErrorCode.NO_PERMISSION],
  handle: async ({ query, clientIp }) => {
    const ip = await clientIp();
    await consumeLimit(CAPTCHAS_PER_CLIENT, ip);
    return createCaptcha(await captchaLevelFor(ip, query.level ?? 1));
  },
});
export const ALL = methodNotAllowed;
