import { ErrorCode } from '@/lib/error-codes';
import { reportRoles } from '@/lib/reports/sections';
import { complianceQuery, creditsReportView } from '@/lib/schemas/reports';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { complianceReport } from '@/server/services/reports/credits';

export const GET = endpoint({
  summary:
    'Members whose certificate ends within the horizon and who are short of its credit rules, with what each lacks',
  description:
    'Counted by the certification’s rules as the member’s own page counts them. `ahead` counts the certificates ending in each month, short or not.',
  tags: ['staff'],
  auth: ['individual'],
  roles: reportRoles('compliance'),
  query: complianceQuery,
  response: creditsReportView,
  codes: [ErrorCode.NO_PERMISSION],
  handle: ({ query, locale }) => complianceReport(query.horizon, locale),
});
export const ALL = methodNotAllowed;
