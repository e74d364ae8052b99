import { ErrorCode } from '@/lib/error-codes';
import { reportRoles } from '@/lib/reports/sections';
import { membersReportView, reportWindowQuery } from '@/lib/schemas/reports';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { membersReport } from '@/server/services/reports/members';

export const GET = endpoint({
  summary: 'Members by status and class at the end of each month, and who joined, left and lapsed (Taipei months)',
  tags: ['staff'],
  auth: ['individual'],
  roles: reportRoles('members'),
  query: reportWindowQuery,
  response: membersReportView,
  codes: [ErrorCode.NO_PERMISSION],
  handle: ({ query, locale }) => membersReport(query.months, locale),
});
export const ALL = methodNotAllowed;
