import { ErrorCode } from '@/lib/error-codes';
import { statementFileQuery } from '@/lib/schemas/money';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { fileResponse } from '@/server/http/file-response';
import { bankStatementFile } from '@/server/services/payments/bank-statement';

export const GET = endpoint({
  summary: 'A stored bank statement’s file as it was uploaded, for finance; never cached',
  description: '-6 for a statement never stored. The file is served only here, never as an upload.',
  tags: ['staff'],
  auth: ['individual'],
  roles: ['finance'],
  query: statementFileQuery,
  binary: true,
  codes: [ErrorCode.NO_PERMISSION, ErrorCode.NO_DATA, ErrorCode.NO_FILE],
  handle: async ({ actor, query, request }) => fileResponse(await bankStatementFile(actor, query.statementId), request),
});
export const ALL = methodNotAllowed;
