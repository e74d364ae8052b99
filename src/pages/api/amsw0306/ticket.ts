import { ErrorCode } from '@/lib/error-codes';
import { ticketQuery } from '@/lib/schemas/documents';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { pdfResponse } from '@/server/http/pdf-response';
import { ticketPdf } from '@/server/services/registrations/ticket';

export const GET = endpoint({
  summary: 'The admission ticket of one of the signed-in individual’s confirmed registrations, as a PDF download',
  description:
    'Answers `application/pdf` as an attachment, never cached: the event, its time and place, the ticket type, the ' +
    'holder, the registration number and the QR code of the ticket’s address (`/ticket/{token}` on the site’s ' +
    'configured address). Another’s registration and an unknown one answer -6; a registration not confirmed has ' +
    'no ticket (-10 `ticketNotConfirmed`). The text is in the language of `lang` (for plain links) or else the ' +
    '`Lang` header.',
  tags: ['events'],
  auth: ['individual'],
  query: ticketQuery,
  binary: true,
  codes: [ErrorCode.NO_DATA, ErrorCode.DATA_CHECK],
  handle: async ({ actor, query, locale }) =>
    pdfResponse(await ticketPdf(actor, query.registrationId, query.lang ?? locale)),
});
export const ALL = methodNotAllowed;
