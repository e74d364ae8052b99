import { ErrorCode } from '@/lib/error-codes';
import { tradeQueryBody, tradeQueryResponse } from '@/lib/schemas/money';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { queryTradeForFinance } from '@/server/services/payments/trade-query';

export const POST = endpoint({
  summary: 'Ask the gateway’s trade query about one payment attempt; paid money the portal lacks is applied once',
  description:
    'The gateway’s answer (QueryTradeInfo, its CheckCode verified) is returned as it came. When it says paid and the portal has not recorded the money, the money is applied through the path every gateway message takes (once per attempt and trade; another amount or a closed order keeps it as surplus). -6 for an unknown attempt, -10 (`gatewayUnreachable`) when there is no gateway or it does not answer. Audited (`payment.tradeQueried`).',
  tags: ['staff'],
  auth: ['individual'],
  roles: ['finance'],
  body: tradeQueryBody,
  response: tradeQueryResponse,
  codes: [ErrorCode.NO_PERMISSION, ErrorCode.NO_DATA, ErrorCode.DATA_CHECK],
  handle: async ({ actor, body, clientIp }) => queryTradeForFinance(actor, body, await clientIp()),
});
export const ALL = methodNotAllowed;
