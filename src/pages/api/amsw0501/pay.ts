import { ErrorCode } from '@/lib/error-codes';
import { mpgFormResponse, payOrderBody } from '@/lib/schemas/payments';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { startGatewayPayment } from '@/server/services/payments/pay-orders';

export const POST = endpoint({
  summary:
    'Start paying one of the member’s own pending orders through the gateway: a new attempt, and the form the browser posts to the gateway',
  tags: ['payments'],
  auth: ['individual', 'organ'],
  body: payOrderBody,
  response: mpgFormResponse,
  codes: [ErrorCode.NO_DATA],
  handle: ({ actor, body, locale }) =>
    startGatewayPayment(actor, body.orderId, locale, { cancelCode: body.cancelCode === true, method: body.method }),
});
export const ALL = methodNotAllowed;
