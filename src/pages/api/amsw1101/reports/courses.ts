import { ErrorCode } from '@/lib/error-codes';
import { reportRoles } from '@/lib/reports/sections';
import { coursesReportView, reportWindowQuery } from '@/lib/schemas/reports';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { coursesReport } from '@/server/services/reports/credits';

export const GET = endpoint({
  summary: 'Courses sent for accreditation and approved each month, with their points (Taipei months)',
  tags: ['staff'],
  auth: ['individual'],
  roles: reportRoles('courses'),
  query: reportWindowQuery,
  response: coursesReportView,
  codes: [ErrorCode.NO_PERMISSION],
  handle: ({ query }) => coursesReport(query.months),
});
export const ALL = methodNotAllowed;
