import { z } from 'zod';
import { gatewayPostBody } from '@/lib/schemas/payments';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { receiveGatewayPost } from '@/server/services/payments/pay-orders';

export const POST = endpoint({
  summary:
    'The gateway’s notify (server to server): verified by TradeSha, matched by order number, amount and merchant, applied once; -10 changes nothing',
  tags: ['payments'],
  bodyType: 'form',
  body: gatewayPostBody,
  response: z.object({ outcome: z.enum(['applied', 'duplicate', 'surplus', 'codeIssued', 'failed']) }),
  handle: async ({ body }) => ({ outcome: (await receiveGatewayPost('notify', body)).outcome }),
});
export const ALL = methodNotAllowed;
