import { z } from 'zod';
import { ErrorCode } from '@/lib/error-codes';
import { auditFilterQuery, auditRowView } from '@/lib/schemas/staff';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { searchAudit } from '@/server/services/staff/audit-log';

export const GET = endpoint({
  summary: 'The audit log, newest first, 50 rows a page: who did what, to what, when, with the values before and after',
  description: 'Ask the next page with `before` set to `older` of this one.',
  tags: ['staff'],
  auth: ['individual'],
  roles: ['admin'],
  query: auditFilterQuery,
  response: z.object({ rows: z.array(auditRowView), older: z.number().int().nullable() }),
  codes: [ErrorCode.NO_PERMISSION],
  handle: async ({ query }) => {
    const { rows, older } = await searchAudit(query);
    return { rows: rows.map(({ actorName: _, ...r }) => ({ ...r, at: r.at.toISOString() })), older };
  },
});
export const ALL = methodNotAllowed;
