import { ErrorCode } from '@/lib/error-codes';
import { societyCheckView, societySectionBody } from '@/lib/schemas/staff';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { checkSocietySection } from '@/server/services/society/society-console';
import { societyFileCall } from '../_society-file';

export const POST = endpoint({
  summary:
    'Check one edited section within the stored society: every problem (paths in the whole file), or what applying it would change',
  ...societyFileCall,
  body: societySectionBody,
  response: societyCheckView,
  codes: [ErrorCode.NO_PERMISSION, ErrorCode.DATA_CHECK, ErrorCode.FILE_TOO_LARGE],
  handle: ({ body }) => checkSocietySection(body.name, body.value),
});
export const ALL = methodNotAllowed;
