import { ErrorCode } from '@/lib/error-codes';
import { badgesQuery } from '@/lib/schemas/registrations';
import { AppError } from '@/server/app-error';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { pdfResponse } from '@/server/http/pdf-response';
import { eventBadges } from '@/server/services/registrations/events-desk';

export const GET = endpoint({
  summary: 'An event’s name badges as a PDF of A4 sheets (eight a sheet, each with the QR of its ticket)',
  description:
    'The confirmed registrations, of one ticket type when given, in the reader’s language. Taking them is audited (`registration.badgesPrinted`); an unknown event answers -18.',
  tags: ['staff'],
  auth: ['individual'],
  roles: ['events', 'admin'],
  query: badgesQuery,
  binary: true,
  codes: [ErrorCode.NO_PERMISSION, ErrorCode.NO_ACTIVITY],
  handle: async ({ query, actor, locale, clientIp }) => {
    const file = await eventBadges(actor, query, query.lang ?? locale, await clientIp());
    if (!file) throw new AppError(ErrorCode.NO_ACTIVITY);
    return pdfResponse(file);
  },
});
export const ALL = methodNotAllowed;
