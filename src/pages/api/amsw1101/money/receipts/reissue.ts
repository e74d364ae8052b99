import { ErrorCode } from '@/lib/error-codes';
import { reissueReceiptBody, reissueReceiptResponse } from '@/lib/schemas/money';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { reissueReceipt } from '@/server/services/payments/receipts';

export const POST = endpoint({
  summary: 'Issue a new receipt, with a new number, for a paid order whose receipt was voided',
  description:
    'The voided receipt stays voided (its /verify page says so); the new one is issued at once and the payer downloads it. -10 (`receiptNotVoided`) while the order’s receipt stands (so a second press issues nothing), -6 for an unknown order or one without a receipt. Audited (`receipt.reissued`).',
  tags: ['staff'],
  auth: ['individual'],
  roles: ['finance'],
  body: reissueReceiptBody,
  response: reissueReceiptResponse,
  codes: [ErrorCode.NO_PERMISSION, ErrorCode.NO_DATA, ErrorCode.DATA_CHECK],
  handle: async ({ actor, body, clientIp }) => reissueReceipt(actor, body, await clientIp()),
});
export const ALL = methodNotAllowed;
