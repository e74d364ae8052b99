import { ErrorCode } from '@/lib/error-codes';
import { surplusQueueResponse } from '@/lib/schemas/payments';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { listUnappliedPayments } from '@/server/services/payments/surplus';

export const GET = endpoint({
  summary:
    'Money that arrived and was not applied (paid twice, after its order closed, another amount, or kept from a bank statement with no order), oldest first, with the payer’s pending orders it may pay instead; only for holders of the finance role (-11)',
  tags: ['payments'],
  auth: ['individual'],
  response: surplusQueueResponse,
  codes: [ErrorCode.NO_PERMISSION],
  handle: async ({ actor, locale }) => ({ surplusList: await listUnappliedPayments(actor, locale) }),
});
export const ALL = methodNotAllowed;
