import { ErrorCode } from '@/lib/error-codes';
import { registrationExportQuery } from '@/lib/schemas/registrations';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { exportEventRegistrations } from '@/server/services/registrations/events-desk';

export const GET = endpoint({
  summary: 'An event’s registrations as a CSV file (UTF-8) or an Excel workbook, filtered as the desk lists them',
  description:
    'Headings in both languages, times in Taipei, every cell a spreadsheet would run as a formula kept as text. The export is itself audited (`registration.exported`).',
  tags: ['staff'],
  auth: ['individual'],
  roles: ['events', 'admin'],
  query: registrationExportQuery,
  binary: true,
  codes: [ErrorCode.NO_PERMISSION],
  handle: async ({ query, actor, locale, clientIp }) => {
    const file = await exportEventRegistrations(actor, query, query.lang ?? locale, await clientIp());
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
