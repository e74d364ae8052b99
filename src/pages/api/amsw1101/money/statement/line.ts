import { ErrorCode } from '@/lib/error-codes';
import { statementLineBody, statementLineResponse } from '@/lib/schemas/money';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { decideStatementLine } from '@/server/services/payments/bank-statement';

export const POST = endpoint({
  summary:
    'Decide a stored statement’s line that matches no reported transfer, once: money received and kept not applied (a surplus payment with no order, on the list of money not applied, to apply to a pending order or refund), or not the society’s',
  description:
    'The line’s outcome is stored on the statement (shown on the statement page) and audited (`statement.lineKept`, `statement.lineNotOurs`) in one transaction. -6 for a statement never stored; -10 (`statementLineUnknown`) for a line it does not have, (`statementLineDecided`) for one already decided or confirmed.',
  tags: ['staff'],
  auth: ['individual'],
  roles: ['finance'],
  body: statementLineBody,
  response: statementLineResponse,
  codes: [ErrorCode.NO_PERMISSION, ErrorCode.NO_DATA, ErrorCode.DATA_CHECK],
  handle: async ({ actor, body, clientIp }) => decideStatementLine(actor, body, await clientIp()),
});
export const ALL = methodNotAllowed;
