import { ErrorCode } from '@/lib/error-codes';
import { documentQuery } from '@/lib/schemas/documents';
import { paperQuery } from '@/lib/schemas/papers';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { pdfResponse } from '@/server/http/pdf-response';
import { downloadAuthorisation } from '@/server/services/papers/papers';

export const GET = endpoint({
  summary: 'The authorisation the signed-in author signed for a paper, as a PDF with its verification code',
  description:
    'Answers `application/pdf` as an attachment, never cached: the text as signed, the signer, the moment and the ' +
    'text’s version. -6 before it is signed or for another’s paper (a browser is sent to `/documentUnavailable`).',
  tags: ['submissions'],
  auth: ['individual'],
  query: documentQuery.merge(paperQuery),
  binary: true,
  errorPage: '/documentUnavailable',
  codes: [ErrorCode.NO_DATA],
  handle: async ({ actor, query, locale }) =>
    pdfResponse(await downloadAuthorisation(actor, query.paperId, query.lang ?? locale)),
});
export const ALL = methodNotAllowed;
