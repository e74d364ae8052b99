import { ErrorCode } from '@/lib/error-codes';
import { societyApplyBody } from '@/lib/schemas/staff';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { applySocietyText } from '@/server/services/society/society-console';
import { societyChanges, societyFileCall } from './_society-file';

export const POST = endpoint({
  summary: 'Apply an edited society file with a fresh second-factor code: one transaction, each change audited',
  description:
    'Refused (-10, `data.problems`) when the file has problems; nothing changes then and the code stays unused.',
  ...societyFileCall,
  body: societyApplyBody,
  response: societyChanges,
  codes: [ErrorCode.NO_PERMISSION, ErrorCode.DATA_CHECK, ErrorCode.FILE_TOO_LARGE],
  handle: async ({ actor, body, clientIp }) => ({
    changes: await applySocietyText(actor, body.text, body.code, await clientIp()),
  }),
});
export const ALL = methodNotAllowed;
