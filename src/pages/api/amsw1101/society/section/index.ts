import { z } from 'zod';
import { ErrorCode } from '@/lib/error-codes';
import { societySectionQuery } from '@/lib/schemas/staff';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { societySection } from '@/server/services/society/society-console';

export const GET = endpoint({
  summary:
    'One section of the stored society (system, membership, classes, topics, certifications, brand), as the export writes it',
  tags: ['staff'],
  auth: ['individual'],
  roles: ['admin'],
  query: societySectionQuery,
  response: z.object({ value: z.unknown() }),
  codes: [ErrorCode.NO_PERMISSION, ErrorCode.DATA_CHECK],
  handle: async ({ query }) => ({ value: await societySection(query.name) }),
});
export const ALL = methodNotAllowed;
