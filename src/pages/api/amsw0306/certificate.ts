import { ErrorCode } from '@/lib/error-codes';
import { attendanceCertificateQuery } from '@/lib/schemas/documents';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { pdfResponse } from '@/server/http/pdf-response';
import { downloadAttendanceCertificate } from '@/server/services/registrations/attendance-credits';

export const GET = endpoint({
  summary: 'The signed-in individual’s certificate of attendance of an event, as a PDF download',
  description:
    'Answers `application/pdf` as an attachment, never cached: the sessions of the event the reader attended, the ' +
    'points each posted to their ledger and the points in all, with the QR code and short code of its `/verify` ' +
    'page. It is issued once every session of the event has posted its credits (the day after the last one) and ' +
    'issued anew when a correction changes it. Without one (not attended, not yet posted, another’s event), the ' +
    'JSON envelope with -6; a browser following the link (`Accept: text/html`) is sent (303) to the ' +
    '`/documentUnavailable` page in the link’s language instead. The text is in the language of `lang` (for plain ' +
    'links) or else the `Lang` header.',
  tags: ['events'],
  auth: ['individual'],
  query: attendanceCertificateQuery,
  binary: true,
  errorPage: '/documentUnavailable',
  codes: [ErrorCode.NO_DATA],
  handle: async ({ actor, query, locale }) =>
    pdfResponse(await downloadAttendanceCertificate(actor, query.eventId, query.lang ?? locale)),
});
export const ALL = methodNotAllowed;
