import { ErrorCode } from '@/lib/error-codes';
import { societyCheckView, societyTextBody } from '@/lib/schemas/staff';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { checkSocietyText } from '@/server/services/society/society-console';
import { societyFileCall } from './_society-file';

export const POST = endpoint({
  summary: 'Check an edited society file: every problem, or what applying it would change (nothing is written)',
  ...societyFileCall,
  body: societyTextBody,
  response: societyCheckView,
  codes: [ErrorCode.NO_PERMISSION, ErrorCode.FILE_TOO_LARGE],
  handle: ({ body }) => checkSocietyText(body.text),
});
export const ALL = methodNotAllowed;
