import { ErrorCode } from '@/lib/error-codes';
import { reportRoles } from '@/lib/reports/sections';
import { financeReportView, reportWindowQuery } from '@/lib/schemas/reports';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { financeReport } from '@/server/services/reports/finance';

export const GET = endpoint({
  summary:
    'Membership fees billed, collected and refunded each month, dues still owed, and bank transfers waiting (Taipei months)',
  tags: ['staff'],
  auth: ['individual'],
  roles: reportRoles('finance'),
  query: reportWindowQuery,
  response: financeReportView,
  codes: [ErrorCode.NO_PERMISSION],
  handle: ({ query }) => financeReport(query.months),
});
export const ALL = methodNotAllowed;
