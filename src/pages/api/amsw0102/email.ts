import { z } from 'zod';
import { ErrorCode } from '@/lib/error-codes';
import { sendEmailBody } from '@/lib/schemas/account';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { sendEmailCode } from '@/server/services/accounts/send-email-code';

export const POST = endpoint({
  summary:
    'Mail a six-digit code to prove an address for sign-up, or a single-use reset link; always 0 whether or not the address has an account (for sign-up, the owner of a registered address is mailed that they have an account, with a reset link, instead of a code); at most 5 mails an hour to one address and 20 from one client address (-11 with the seconds to wait)',
  tags: ['verification'],
  body: sendEmailBody,
  codes: [ErrorCode.VERIFICATION_CODE, ErrorCode.DATA_CHECK, ErrorCode.NO_PERMISSION],
  response: z.object({ validMinutes: z.number().int() }),
  handle: async ({ body, locale, clientIp }) => sendEmailCode({ ...body, locale, ip: await clientIp() }),
});
export const ALL = methodNotAllowed;
