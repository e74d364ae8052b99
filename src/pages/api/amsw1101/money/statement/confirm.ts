import { ErrorCode } from '@/lib/error-codes';
import { statementConfirmBody, statementConfirmResponse } from '@/lib/schemas/money';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { confirmStatement } from '@/server/services/payments/bank-statement';

export const POST = endpoint({
  summary:
    'Confirm the reported transfers a bank statement’s lines matched, in one transaction: each order paid once, as the remittance desk confirms',
  description:
    'Each match names a line of the stored statement (`statementId` of the proposal, and the line number), never the line’s content: -6 for a statement never stored, -10 (`statementLineUnknown`) for a line it does not have. Each line is checked again against its transfer as it stands; a transfer decided meanwhile is skipped (`decided`), one the line does not fit is refused (`mismatch`). Each confirmation’s audit entry (`remittance.confirmed`) points at its line (`statement: { id, line }`).',
  tags: ['staff'],
  auth: ['individual'],
  roles: ['finance'],
  body: statementConfirmBody,
  response: statementConfirmResponse,
  codes: [ErrorCode.NO_PERMISSION, ErrorCode.NO_DATA, ErrorCode.DATA_CHECK],
  handle: async ({ actor, body }) => ({ results: await confirmStatement(actor, body) }),
});
export const ALL = methodNotAllowed;
