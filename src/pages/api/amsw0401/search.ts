import { ErrorCode } from '@/lib/error-codes';
import { applicationSearchBody, applicationSearchResponse } from '@/lib/schemas/membership';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { searchApplication } from '@/server/services/membership/search-application';

export const POST = endpoint({
  summary:
    'Look up an application without signing in: its number, the e-mail it was made with and a solved captcha; answers only its kind, state and last change',
  tags: ['membership'],
  body: applicationSearchBody,
  response: applicationSearchResponse,
  codes: [ErrorCode.NO_DATA, ErrorCode.VERIFICATION_CODE, ErrorCode.NO_PERMISSION],
  handle: async ({ body, clientIp, locale }) => searchApplication(body, await clientIp(), locale),
});
export const ALL = methodNotAllowed;
