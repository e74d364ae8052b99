import { z } from 'zod';
import { ErrorCode } from '@/lib/error-codes';
import { AppError } from '@/server/app-error';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { queryTrade, simulatorGateway } from '@/server/services/payments/simulator';

export const POST = endpoint({
  summary:
    'The gateway simulator’s trade query (QueryTradeInfo), in the demo and tests only: answers in the gateway’s own JSON, not the envelope',
  tags: ['payments'],
  bodyType: 'form',
  body: z.record(z.string(), z.string().max(200)),
  codes: [ErrorCode.NO_ROUTE],
  handle: async ({ body }) => {
    if (!(await simulatorGateway())) throw new AppError(ErrorCode.NO_ROUTE);
    return new Response(JSON.stringify(await queryTrade(body)), {
      headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
    });
  },
});
export const ALL = methodNotAllowed;
