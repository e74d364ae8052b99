import { ErrorCode } from '@/lib/error-codes';
import { settleSurplusBody, settleSurplusResponse } from '@/lib/schemas/payments';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { settleSurplus } from '@/server/services/payments/surplus';

export const POST = endpoint({
  summary:
    'Record what became of money not applied, once: refunded (with its reference), applied to a pending order of the same payer and amount, or for money kept from a bank statement to any pending order of its amount named by `orderNumber` (which is then paid; -10 for an order unknown, paid, closed or of another amount, -11 for the reader’s own), or other (with a note); audited; a settled one is refused (-10); only for holders of the finance role (-11)',
  tags: ['payments'],
  auth: ['individual'],
  body: settleSurplusBody,
  response: settleSurplusResponse,
  codes: [ErrorCode.NO_PERMISSION, ErrorCode.NO_DATA],
  handle: async ({ actor, body, clientIp }) => settleSurplus(actor, body, await clientIp()),
});
export const ALL = methodNotAllowed;
