import { ErrorCode } from '@/lib/error-codes';
import { taipeiDate } from '@/lib/calendar-date';
import { auditFilterQuery } from '@/lib/schemas/staff';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { AUDIT_EXPORT_MAX, exportAudit } from '@/server/services/staff/audit-log';

export const GET = endpoint({
  summary: `The filtered audit log as a CSV file (UTF-8), newest first, at most ${AUDIT_EXPORT_MAX} rows; the export is itself audited`,
  tags: ['staff'],
  auth: ['individual'],
  roles: ['admin'],
  query: auditFilterQuery,
  binary: true,
  codes: [ErrorCode.NO_PERMISSION],
  handle: async ({ query, actor, clientIp }) => {
    const csv = await exportAudit(actor, query, await clientIp());
    return new Response(csv, {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="audit-log-${taipeiDate()}.csv"`,
        'Cache-Control': 'private, no-store',
      },
    });
  },
});
export const ALL = methodNotAllowed;
