import { z } from 'zod';
import { ErrorCode } from '@/lib/error-codes';
import { SOCIETY_TEXT_MAX, societyChangeView, societySectionApplyBody } from '@/lib/schemas/staff';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { applySocietySection } from '@/server/services/society/society-console';

export const POST = endpoint({
  summary:
    'Apply one edited section with a fresh second-factor code, as the society file is applied: one transaction, each change audited',
  description:
    'Refused (-10, `data.problems`) when the society with this section has problems; nothing changes then and the code stays unused.',
  tags: ['staff'],
  auth: ['individual'],
  roles: ['admin'],
  body: societySectionApplyBody,
  maxBodyBytes: SOCIETY_TEXT_MAX + 4096,
  response: z.object({ changes: z.array(societyChangeView) }),
  codes: [ErrorCode.NO_PERMISSION, ErrorCode.DATA_CHECK, ErrorCode.FILE_TOO_LARGE],
  handle: async ({ actor, body, clientIp }) => ({
    changes: await applySocietySection(actor, body.name, body.value, body.code, await clientIp()),
  }),
});
export const ALL = methodNotAllowed;
