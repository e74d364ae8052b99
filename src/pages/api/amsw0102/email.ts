import { z } from 'zod';
import { ErrorCode } from '@/lib/error-codes';
import { sendEmailBody } from '@/lib/schemas/account';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { sendEmailCode } from '@/server/services/accounts/send-email-code';

export const POST = endpoint({
  summary:
    'Mail a six-digit code to prove an address for sign-up (-13 when already registered), or a single-use reset link (always 0, whether or not the address has an account)',
  tags: ['verification'],
  body: sendEmailBody,
  codes: [ErrorCode.VERIFICATION_CODE, ErrorCode.DUPLICATE, ErrorCode.DATA_CHECK],
  response: z.object({ validMinutes: z.number().int() }),
  handle: ({ body, locale, url }) => sendEmailCode({ ...body, locale, origin: url.origin }),
});
export const ALL = methodNotAllowed;
