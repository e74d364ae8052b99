import { ErrorCode } from '@/lib/error-codes';
import { societySectionApplyBody } from '@/lib/schemas/staff';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { applySocietySection } from '@/server/services/society/society-console';
import { societyChanges, societyFileCall } from '../_society-file';

export const POST = endpoint({
  summary:
    'Apply one edited section with a fresh second-factor code, as the society file is applied: one transaction, each change audited',
  description:
    'Refused (-10, `data.problems`) when the society with this section has problems; nothing changes then and the code stays unused.',
  ...societyFileCall,
  body: societySectionApplyBody,
  response: societyChanges,
  codes: [ErrorCode.NO_PERMISSION, ErrorCode.DATA_CHECK, ErrorCode.FILE_TOO_LARGE],
  handle: async ({ actor, body, clientIp }) => ({
    changes: await applySocietySection(actor, body.name, body.value, body.code, await clientIp()),
  }),
});
export const ALL = methodNotAllowed;
