import { ErrorCode } from '@/lib/error-codes';
import { statementProposal, statementUploadBody } from '@/lib/schemas/money';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { MAX_STATEMENT_BYTES, proposeStatement } from '@/server/services/payments/bank-statement';

export const POST = endpoint({
  summary:
    'Read a bank statement of incoming transfers (CSV in UTF-8 or Big5, or Excel; at most 2 MiB and 5,000 lines) and propose the reported transfer each line matches; the statement is kept (its file and lines, for finance only) so a confirmation names its lines',
  description:
    'A line matches a reported transfer of exactly its amount, dated within 3 days of the reported day, whose paying account’s last five digits end the line’s account or appear in its memo (or whose order number the memo names). -996 for a larger file, -21 for one that is not CSV or Excel, -10 for one without date, amount and account or memo columns, without lines, with too many, or unreadable.',
  tags: ['staff'],
  auth: ['individual'],
  roles: ['finance'],
  bodyType: 'multipart',
  maxFileBytes: MAX_STATEMENT_BYTES,
  body: statementUploadBody,
  response: statementProposal,
  codes: [ErrorCode.NO_PERMISSION, ErrorCode.DATA_CHECK, ErrorCode.FORM_DATA, ErrorCode.FILE_TOO_LARGE],
  handle: async ({ actor, body, locale, clientIp }) => proposeStatement(actor, body.file, locale, await clientIp()),
});
export const ALL = methodNotAllowed;
