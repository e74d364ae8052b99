import { ErrorCode } from '@/lib/error-codes';
import { reportRoles } from '@/lib/reports/sections';
import { complianceExportQuery } from '@/lib/schemas/reports';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { exportCompliance } from '@/server/services/reports/credits';

export const GET = endpoint({
  summary: 'The compliance list as a CSV file (UTF-8) or an Excel workbook; the export is itself audited',
  tags: ['staff'],
  auth: ['individual'],
  roles: reportRoles('compliance'),
  query: complianceExportQuery,
  binary: true,
  codes: [ErrorCode.NO_PERMISSION],
  handle: async ({ query, actor, locale, clientIp }) => {
    const file = await exportCompliance(actor, query, locale, await clientIp());
    return new Response(file.body, {
      headers: {
        'Content-Type': file.contentType,
        'Content-Disposition': `attachment; filename="${file.filename}"`,
        'Cache-Control': 'private, no-store',
      },
    });
  },
});
export const ALL = methodNotAllowed;
