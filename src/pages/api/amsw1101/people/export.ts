import { z } from 'zod';
import { ErrorCode } from '@/lib/error-codes';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { exportMembersDownload } from '@/server/services/imports/export-members';

const TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

export const GET = endpoint({
  summary: 'Every member as a CSV file (UTF-8) or an Excel workbook, in the columns the members import reads',
  description:
    'The same file as `npm run export -- members`: national IDs in full, so the download is written to the audit log with who took it.',
  tags: ['staff'],
  auth: ['individual'],
  roles: ['office'],
  query: z.object({ format: z.enum(['csv', 'xlsx']).default('csv') }),
  binary: true,
  codes: [ErrorCode.NO_PERMISSION],
  handle: async ({ query, actor, clientIp }) => {
    const file = await exportMembersDownload(
      query.format,
      { userType: 'individual', accountId: actor.accountId },
      actor.account.email,
      await clientIp(),
    );
    return new Response(new Uint8Array(file.body), {
      headers: {
        'Content-Type': TYPES[query.format],
        'Content-Disposition': `attachment; filename="${file.filename}"`,
        'Cache-Control': 'private, no-store',
      },
    });
  },
});
export const ALL = methodNotAllowed;
