import { ErrorCode } from '@/lib/error-codes';
import { transcriptQuery } from '@/lib/schemas/credits';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { pdfResponse } from '@/server/http/pdf-response';
import { downloadTranscript } from '@/server/services/credits/transcript';

export const GET = endpoint({
  summary: 'The signed-in member’s credit transcript for a certification, as a PDF download',
  description:
    'Answers `application/pdf` as an attachment, never cached: the standing against the latest certificate of the ' +
    'kind on record and every entry of its period, with a verification code. A new transcript is issued when the ' +
    'ledger changed since the last one; earlier ones stay valid for their day. Without a certificate of the kind, ' +
    'or for an unknown certification, the JSON envelope with -6. A browser following the link (`Accept: ' +
    'text/html`) is sent (303) to the `/documentUnavailable` page in the link’s language instead. The text is in ' +
    'the language of `lang` (for plain links) or else the `Lang` header.',
  tags: ['credits'],
  auth: ['individual'],
  writes: true,
  query: transcriptQuery,
  binary: true,
  errorPage: '/documentUnavailable',
  codes: [ErrorCode.NO_DATA],
  handle: async ({ actor, query, locale }) =>
    pdfResponse(await downloadTranscript(actor, query.certificationId, query.lang ?? locale)),
});
export const ALL = methodNotAllowed;
