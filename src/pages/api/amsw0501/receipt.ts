import { ErrorCode } from '@/lib/error-codes';
import { receiptQuery } from '@/lib/schemas/documents';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { pdfResponse } from '@/server/http/pdf-response';
import { downloadReceipt } from '@/server/services/documents/own-documents';

export const GET = endpoint({
  summary: 'The receipt of one of the signed-in individual’s or organisation’s own paid orders, as a PDF download',
  description:
    'Answers `application/pdf` as an attachment, never cached; the receipt is issued at the first download and ' +
    'keeps its number and facts. Another’s order, an unknown one and an order not paid answer the JSON envelope ' +
    'with -6. A browser following the link (`Accept: text/html`) is sent (303) to the `/documentUnavailable` ' +
    'page in the link’s language instead. The text is in the language of `lang` (for plain links) or else the ' +
    '`Lang` header.',
  tags: ['payments'],
  auth: ['individual', 'organ'],
  writes: true,
  query: receiptQuery,
  binary: true,
  errorPage: '/documentUnavailable',
  codes: [ErrorCode.NO_DATA],
  handle: async ({ actor, query, locale }) =>
    pdfResponse(await downloadReceipt(actor, query.orderId, query.lang ?? locale)),
});
export const ALL = methodNotAllowed;
