import { ErrorCode } from '@/lib/error-codes';
import { SOCIETY_TEXT_MAX, societyCheckView, societyTextBody } from '@/lib/schemas/staff';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { checkSocietyText } from '@/server/services/society/society-console';

export const POST = endpoint({
  summary: 'Check an edited society file: every problem, or what applying it would change (nothing is written)',
  tags: ['staff'],
  auth: ['individual'],
  roles: ['admin'],
  body: societyTextBody,
  maxBodyBytes: SOCIETY_TEXT_MAX + 4096,
  response: societyCheckView,
  codes: [ErrorCode.NO_PERMISSION, ErrorCode.FILE_TOO_LARGE],
  handle: ({ body }) => checkSocietyText(body.text),
});
export const ALL = methodNotAllowed;
