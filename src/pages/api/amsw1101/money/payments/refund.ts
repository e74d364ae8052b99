import { ErrorCode } from '@/lib/error-codes';
import { refundBody, refundResponse } from '@/lib/schemas/money';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { recordRefund } from '@/server/services/payments/refunds';

export const POST = endpoint({
  summary: 'Record that a payment was refunded outside the portal, in whole or in part',
  description:
    'At most what was paid and not yet refunded (-10 `refundTooMuch`); a surplus payment is settled as money not applied instead (-10 `refundNotCounted`); nobody records a refund of their own payment (-11). Refunding all that is left voids the order’s receipt; the membership is not changed (decision record 021). -6 for an unknown payment. Audited (`payment.refunded`).',
  tags: ['staff'],
  auth: ['individual'],
  roles: ['finance'],
  body: refundBody,
  response: refundResponse,
  codes: [ErrorCode.NO_PERMISSION, ErrorCode.NO_DATA, ErrorCode.DATA_CHECK],
  handle: async ({ actor, body, clientIp }) => recordRefund(actor, body, await clientIp()),
});
export const ALL = methodNotAllowed;
