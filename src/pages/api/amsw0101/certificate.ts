import { ErrorCode } from '@/lib/error-codes';
import { documentQuery } from '@/lib/schemas/documents';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { pdfResponse } from '@/server/http/pdf-response';
import { downloadCertificate } from '@/server/services/documents/own-documents';

export const GET = endpoint({
  summary: 'The signed-in member’s membership certificate, as a PDF download',
  description:
    'Answers `application/pdf` as an attachment, never cached. The certificate is issued at the first download; ' +
    'when the membership no longer matches it (a renewed term, a new class, a changed name) the next edition is ' +
    'issued and the old one revoked. An account without a current membership (none, lapsed or ended) answers the ' +
    'JSON envelope with -6; a browser following the link (`Accept: text/html`) is sent (303) to the ' +
    '`/documentUnavailable` page in the link’s language instead. The text is in the language of `lang` (for plain ' +
    'links) or else the `Lang` header.',
  tags: ['membership'],
  auth: ['individual'],
  writes: true,
  query: documentQuery,
  binary: true,
  errorPage: '/documentUnavailable',
  codes: [ErrorCode.NO_DATA],
  handle: async ({ actor, query, locale }) => pdfResponse(await downloadCertificate(actor, query.lang ?? locale)),
});
export const ALL = methodNotAllowed;
