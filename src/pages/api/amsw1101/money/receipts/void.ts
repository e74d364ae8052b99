import { ErrorCode } from '@/lib/error-codes';
import { voidReceiptBody, voidReceiptResponse } from '@/lib/schemas/money';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { voidReceipt } from '@/server/services/payments/receipts';

export const POST = endpoint({
  summary: 'Void a paid order’s receipt with a reason, once: its /verify page says it was voided and why',
  description:
    'The receipt is issued first if the payer never downloaded it; the payer can no longer download it. -6 for an unknown order or one without a receipt, -10 (`receiptVoided`) for a receipt voided already. Audited (`receipt.voided`).',
  tags: ['staff'],
  auth: ['individual'],
  roles: ['finance'],
  body: voidReceiptBody,
  response: voidReceiptResponse,
  codes: [ErrorCode.NO_PERMISSION, ErrorCode.NO_DATA, ErrorCode.DATA_CHECK],
  handle: async ({ actor, body, clientIp }) => voidReceipt(actor, body, await clientIp()),
});
export const ALL = methodNotAllowed;
