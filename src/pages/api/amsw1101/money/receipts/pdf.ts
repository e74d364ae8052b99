import { ErrorCode } from '@/lib/error-codes';
import { financeReceiptQuery } from '@/lib/schemas/documents';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { pdfResponse } from '@/server/http/pdf-response';
import { financeReceiptFile } from '@/server/services/payments/receipts';

export const GET = endpoint({
  summary: 'Any receipt the portal issued, by its verification code, as a PDF; a voided one is stamped VOID',
  description:
    'For the finance office: the receipt as issued, also after it was voided (then stamped VOID across the page, with when and why at its top). -6 for an unknown code. Never cached.',
  tags: ['staff'],
  auth: ['individual'],
  roles: ['finance'],
  query: financeReceiptQuery,
  binary: true,
  errorPage: '/documentUnavailable',
  codes: [ErrorCode.NO_PERMISSION, ErrorCode.NO_DATA],
  handle: async ({ actor, query, locale }) =>
    pdfResponse(await financeReceiptFile(actor, query.code, query.lang ?? locale)),
});
export const ALL = methodNotAllowed;
